/**
 * Files made to break the reader (tools/make_h5_fixtures.py, write_hostile; __fixtures__/README.md): each is
 * refused with a message naming the file and the problem, or loads what it can and says what it skipped —
 * never a crash, a hang, a huge allocation, another file read, or noise on stderr.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate, type EventLog } from '../../model';
import { REPORT_CAPS } from './checks';
import { Hdf5FormatError, loadH5wasm, readHdf5Log, type H5Module } from './index';

const FIX = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
type Row = [number, string, number, number, string, number, string];
const expected = JSON.parse(readFileSync(`${FIX}expected.json`, 'utf8')) as { cases: { id: string; events: Row[] }[] };
const FIRST = expected.cases[0];

let h5: H5Module;
/** What h5wasm printed with console.error (it binds the console.error it finds when it loads). */
const printed: unknown[][] = [];
beforeAll(async () => {
  const error = console.error;
  console.error = (...a: unknown[]) => void printed.push(a);
  try {
    h5 = await loadH5wasm();
  } finally {
    console.error = error;
  }
});
const load = (name: string): EventLog => readHdf5Log(h5, FIX + name, name);
function refusal(name: string): string {
  try {
    load(name);
  } catch (e) {
    expect(e).toBeInstanceOf(Hdf5FormatError);
    return (e as Error).message;
  }
  throw new Error(`${name} loaded`);
}

describe('the native layout written by h5py (an independent writer) loads', () => {
  it('native_h5py.h5 (float32 durations, as written before float64) gives the rows the Python parser wrote', () => {
    const log = load('native_h5py.h5');
    validate(log);
    expect(log.cases.map((c) => c.id)).toEqual(expected.cases.map((c) => c.id));
    expected.cases.forEach((c, k) => {
      const a = log.caseOffsets[k];
      expect(log.caseOffsets[k + 1] - a).toBe(c.events.length);
      c.events.forEach((e, j) => {
        const p = log.pair[a + j];
        expect([log.pid[a + j], log.calls[log.pairCall[p]], log.start[a + j], log.paths[log.pairFp[p]], log.errnos[log.errno[a + j]]]).toEqual([e[0], e[1], e[2], e[4], e[6]]);
        expect(log.dur[a + j]).toBe(Math.fround(e[3])); // the stored float32, widened exactly
      });
    });
  });
});

describe('stored file reports are validated and capped', () => {
  for (const [file, what] of [
    ['bad_native_report_null.h5', /file report 0 is null, not an object/],
    ['bad_native_report_empty.h5', /file report 0: 'name' is missing, expected a string/],
    ['bad_native_report_shape.h5', /file report 0: 'warnings' is "not a list", expected a list of strings/],
  ] as const) {
    it(`${file} is refused, named`, () => {
      expect(refusal(file)).toMatch(new RegExp(`^${file.replace(/\./g, '\\.')}: broken strace-dfg event log: ${what.source}`));
    });
  }
  it('lists beyond the caps are cut like the strace importer’s; __proto__ stays a plain count', () => {
    const r = load('native_report_long.h5').files[0];
    expect(r.unparsable).toHaveLength(REPORT_CAPS.unparsable);
    expect(r.unparsable[0].text.length).toBeLessThanOrEqual(REPORT_CAPS.text + 1);
    expect(r.warnings).toHaveLength(REPORT_CAPS.warnings + 1);
    expect(r.warnings.at(-1)).toBe('… 400 more warnings not shown');
    expect(Object.getPrototypeOf(r.dropped)).toBe(Object.prototype);
    expect(Object.entries(r.dropped)).toEqual([
      ['unparsable', 1000],
      ['__proto__', 5],
    ]);
  });
});

describe('claimed sizes are checked against the file size before anything is allocated', () => {
  for (const [file, rows] of [
    ['bad_native_rows_1e9.h5', '1,000,000,000'],
    ['bad_native_rows_1e8.h5', '100,000,000'],
    ['bad_columns_rows_1e9.h5', '1,000,000,000'],
  ] as const) {
    it(file, () => {
      const before = process.memoryUsage().arrayBuffers;
      expect(refusal(file)).toMatch(new RegExp(`^${file.replace(/\./g, '\\.')}: /\\S+ claims ${rows} rows \\([\\d.]+ [MG]B\\) but the whole file has [\\d.]+ KB: the file is corrupt or crafted$`));
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 << 20);
    });
  }
});

describe('each object is visited once', () => {
  it('a group hard-linked into itself and under a second name gives one case', () => {
    const log = load('bad_self_link.h5');
    validate(log);
    expect(log.cases.map((c) => c.id)).toEqual(['again']); // the first link by name order
    expect(log.n).toBe(FIRST.events.length);
  });
  it('a group linked into itself twice (an exponential walk) loads at once', () => {
    const t0 = Date.now();
    expect(load('bad_self_link_twice.h5').cases).toHaveLength(1);
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});

describe('no other file is ever read', () => {
  it('an external link is not followed (and a soft link to it neither): the file’s own case loads, the links are named', () => {
    const log = load('bad_external_link.h5');
    expect(log.cases.map((c) => c.id)).toEqual([FIRST.id]);
    expect(log.files[0].warnings).toContain('did not follow 2 soft or external link(s): /elsewhere → h5py_compound.h5:/ls_node1_2, /soft → /elsewhere');
  });
  it('external raw storage (/etc/passwd) is refused without reading it', () => {
    expect(refusal('bad_external_storage.h5')).toBe(
      'bad_external_storage.h5: refers to another file (/etc/passwd) through an HDF5 external link, external storage or a virtual dataset; strace-dfg reads only the file it is given',
    );
  });
  it('a virtual dataset over another file is refused', () => {
    expect(refusal('bad_virtual_dataset.h5')).toBe(
      'bad_virtual_dataset.h5: /ls_node1_1/events is a virtual dataset whose data is in another file (h5py_compound.h5); strace-dfg reads only the file it is given',
    );
  });
});

describe('a missing compression filter is named', () => {
  it('LZF', () => {
    const msg = refusal('bad_lzf.h5');
    expect(msg).toMatch(/^bad_lzf\.h5: \/ls_node1_1\/events is compressed with the LZF filter \(HDF5 filter 32000\), which strace-dfg cannot decompress/);
    expect(msg).not.toMatch(/__w|plugin/);
  });
});

describe('impossible start times are bad input: dropped, counted and named in a warning', () => {
  for (const file of ['bad_native_start_huge.h5', 'bad_compound_start_huge.h5']) {
    it(file, () => {
      const log = load(file);
      validate(log);
      expect(log.files[0].dropped['bad-start']).toBe(5);
      // named on the file's report, in the strace importer's words for its lines
      expect(log.files[0].warnings).toContain('5 event(s) with a timestamp beyond ±8640000000000 s or not a number (no real time): dropped');
      expect(log.n).toBe(FIRST.events.length - 5);
      expect(log.timeBase).toBe('clock');
      for (let i = 0; i < log.n; i++) expect(Math.abs(log.start[i])).toBeLessThan(86400);
    });
  }
});

describe('h5wasm’s abort message never reaches stderr', () => {
  it('a C abort inside h5wasm throws, says nothing on the console, and the next file still loads', () => {
    // freeing a pointer malloc never gave (what a corrupt vlen buffer does): the C heap aborts
    expect(() => h5.Module._free(12345)).toThrow(/^Aborted\(native code called abort\(\)\)/);
    expect(printed).toEqual([]);
    expect(load('h5py_compound.h5').n).toBe(expected.cases.reduce((s, c) => s + c.events.length, 0));
  });
});
