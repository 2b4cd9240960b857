import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate, type EventLog } from '../../model';
import { Hdf5FormatError, isHdf5, loadH5wasm, putBytes, readHdf5Log, removeFile, type H5Module } from './index';

const FIX = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
type Row = [number, string, number, number, string, number, string]; // pid, call, start, dur, fp, size, errno
const expected = JSON.parse(readFileSync(`${FIX}expected.json`, 'utf8')) as {
  midnightEpoch: number;
  cases: { id: string; cid: string; host: string; rid: string; events: Row[] }[];
};

const TOTAL = expected.cases.reduce((s, c) => s + c.events.length, 0);
let h5: H5Module;
beforeAll(async () => {
  h5 = await loadH5wasm();
});

const load = (name: string): EventLog => readHdf5Log(h5, FIX + name, name);

/** Every event of case k as a row like the Python side's. */
function rows(log: EventLog, k: number): Row[] {
  const out: Row[] = [];
  for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
    const p = log.pair[i];
    out.push([log.pid[i], log.calls[log.pairCall[p]], log.start[i], log.dur[i], log.paths[log.pairFp[p]], log.size[i], log.errnos[log.errno[i]]]);
  }
  return out;
}

/** durF32: the file stores dur as float32 (h5py_compound.h5): the log holds that float32 value, widened. */
const LAYOUTS: { file: string; startOffset: number; timeBase: string; errno: boolean; startTol: number; durF32?: boolean }[] = [
  { file: 'pandas_table_datacols.h5', startOffset: 0, timeBase: 'clock', errno: false, startTol: 0 },
  { file: 'pandas_table_blocks.h5', startOffset: 0, timeBase: 'clock', errno: false, startTol: 0 },
  { file: 'h5py_compound.h5', startOffset: 0, timeBase: 'clock', errno: true, startTol: 0, durF32: true },
  { file: 'h5py_compound_vlen_epoch.h5', startOffset: expected.midnightEpoch, timeBase: 'epoch', errno: false, startTol: 1e-6 },
  { file: 'h5py_columns.h5', startOffset: 0, timeBase: 'clock', errno: false, startTol: 0 },
  { file: 'h5py_columns_ns.h5', startOffset: 0, timeBase: 'clock', errno: false, startTol: 1e-9 },
  { file: 'pandas_table_datetime.h5', startOffset: expected.midnightEpoch, timeBase: 'epoch', errno: false, startTol: 1e-6 },
];

describe('foreign layouts load to the rows the Python writer wrote', () => {
  for (const L of LAYOUTS) {
    it(L.file, () => {
      const log = load(L.file);
      validate(log);
      expect(log.timeBase).toBe(L.timeBase);
      expect(log.cases.map((c) => [c.id, c.cid, c.host, c.rid])).toEqual(expected.cases.map((c) => [c.id, c.cid, c.host, c.rid]));
      expect(log.files).toHaveLength(1);
      expect(log.files[0]).toMatchObject({ name: L.file, format: 'hdf5', events: TOTAL, lines: TOTAL });
      expect(log.n).toBe(TOTAL);
      expected.cases.forEach((c, k) => {
        const got = rows(log, k);
        expect(got.length).toBe(c.events.length);
        got.forEach((g, i) => {
          const e = c.events[i];
          const at = `${c.id} event ${i}`;
          expect([g[0], g[1], g[4]], at).toEqual([e[0], e[1], e[4]]);
          expect(Math.abs(g[2] - L.startOffset - e[2]), at).toBeLessThanOrEqual(L.startTol);
          expect(g[3], at).toBe(L.durF32 ? Math.fround(e[3]) : e[3]);
          expect(g[5], at).toBe(e[5] < 0 ? NaN : e[5]);
          expect(g[6], at).toBe(L.errno ? e[6] : '');
        });
      });
    });
  }

  it('nested groups: the case id is the group path; cid/host/rid attributes win over the name', () => {
    const log = load('h5py_nested_attrs.h5');
    validate(log);
    expect(log.cases.map((c) => [c.id, c.cid, c.host, c.rid])).toEqual(
      expected.cases.map((c, k) => (k < 2 ? [`run1/${c.id}`, 'attr-cid', `attr-host-${k}`, String(100 + k)] : [`run1/${c.id}`, c.cid, c.host, c.rid])),
    );
    // no size column: every size is "none"; no errno column: every event succeeded
    expect(log.size.every((z) => Number.isNaN(z))).toBe(true);
    expect(log.errnos).toEqual(['']);
    expect(rows(log, 3).map((r) => r[1] + r[4])).toEqual(expected.cases[3].events.map((e) => e[1] + e[4]));
  });

  it('keeps failing calls with their errno (h5py errno column)', () => {
    const log = load('h5py_compound.h5');
    const enoent = log.errnos.indexOf('ENOENT');
    expect(enoent).toBeGreaterThan(0);
    let n = 0;
    for (let i = 0; i < log.n; i++) if (log.errno[i] === enoent) n++;
    expect(n).toBe(expected.cases.flatMap((c) => c.events).filter((e) => e[6] === 'ENOENT').length);
  });
});

describe('slab boundaries', () => {
  it('reading in slabs of 1, 7 and 64 rows gives the same log as one slab', () => {
    for (const L of LAYOUTS) {
      const whole = load(L.file);
      for (const slabRows of [1, 7, 64]) expect(readHdf5Log(h5, FIX + L.file, L.file, { slabRows }), `${L.file} / ${slabRows}`).toEqual(whole);
    }
  });
});

describe('bad input gets a specific message naming the file', () => {
  const cases: [string, RegExp][] = [
    ['pandas_fixed.h5', /^pandas_fixed\.h5: .*format='fixed'.*cannot be read in a browser.*to_hdf\(.*format='table'\)/],
    ['bad_truncated.h5', /^bad_truncated\.h5: not a readable HDF5 file \(truncated or corrupt\): .*truncated file/],
    ['bad_corrupt.h5', /^bad_corrupt\.h5: not a readable HDF5 file \(truncated or corrupt\)/],
    ['bad_no_tables.h5', /^bad_no_tables\.h5: no event tables.*found: \/meta, \/meta\/temperature/],
    ['bad_missing_column.h5', /^bad_missing_column\.h5: event table \/ls_node1_1\/events has no column 'fp'/],
    ['bad_wrong_dtype.h5', /^bad_wrong_dtype\.h5: column 'start' of \/ls_node1_1 has type S15; expected float seconds or int64 nanoseconds/],
  ];
  for (const [file, re] of cases) {
    it(file, () => {
      let err: unknown;
      try {
        load(file);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Hdf5FormatError);
      expect((err as Error).name).toBe('Hdf5FormatError');
      expect((err as Error).message).toMatch(re);
    });
  }

  it('a file that is not HDF5 at all, and a missing file', () => {
    expect(() => load('src/ls_node1_1.st')).toThrow(/^src\/ls_node1_1\.st: not a readable HDF5 file/);
    expect(() => readHdf5Log(h5, `${FIX}nope.h5`, 'nope.h5')).toThrow(/^nope\.h5: file not found/);
    const empty = putBytes(h5, new Uint8Array(0), 'empty');
    try {
      expect(() => readHdf5Log(h5, empty, 'empty.h5')).toThrow(/^empty\.h5: the file is empty \(0 bytes\)/);
    } finally {
      removeFile(h5, empty);
    }
  });

  it('after an error the next file still loads', () => {
    expect(() => load('bad_corrupt.h5')).toThrow(Hdf5FormatError);
    expect(load('h5py_columns.h5').n).toBe(TOTAL);
  });
});

describe('isHdf5', () => {
  it('recognises the signature by content, not by name', () => {
    for (const f of ['pandas_table_blocks.h5', 'h5py_compound.h5', 'bad_corrupt.h5']) expect(isHdf5(readFileSync(FIX + f).subarray(0, 1024)), f).toBe(true);
    expect(isHdf5(readFileSync(`${FIX}src/ls_node1_1.st`).subarray(0, 1024))).toBe(false);
    expect(isHdf5(new Uint8Array(3))).toBe(false);
  });
  it('finds the signature after a 512-byte user block', () => {
    const head = new Uint8Array(1024);
    head.set(readFileSync(`${FIX}h5py_compound.h5`).subarray(0, 512), 512);
    expect(isHdf5(head)).toBe(true);
    expect(isHdf5(head.subarray(0, 519))).toBe(false);
  });
});
