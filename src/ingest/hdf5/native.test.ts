import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyFileReport, EventLogBuilder, mergeLogs, validate, type EventLog } from '../../model';
import { referenceValues } from '../../testing/refdata';
import { digest } from '../../testing/straceTestkit';
import { altered } from '../../testing/h5Altered';
import { nativeH5Files } from '../../testing/nativeH5';
import { parseStraceBytes } from '../strace';
import { isHdf5, nativeHdf5Bytes, readHdf5Log, writeNativeHdf5, type H5Module } from './index';

const FIX = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const TRACES = ['ls_node1_1.st', 'ls_node1_2.st', 'lsl_node2_1.st', 'sh_node2_2.st'];
const files = nativeH5Files('h5native-');
const roundTrip = files.roundTrip;

/** Every column and table, compared exactly (NaN equals NaN). */
function expectIdentical(a: EventLog, b: EventLog): void {
  expect(b.n).toBe(a.n);
  expect(b.timeBase).toBe(a.timeBase);
  for (const k of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'offset', 'caseOffsets', 'pairCall', 'pairFp'] as const) {
    expect(b[k].constructor, k).toBe(a[k].constructor);
    expect(b[k], k).toEqual(a[k]);
  }
  expect(b.calls).toEqual(a.calls);
  expect(b.paths).toEqual(a.paths);
  expect(b.errnos).toEqual(a.errnos);
  expect(b.cases).toEqual(a.cases);
  expect(b.files).toEqual(a.files);
}

const without = (m: H5Module, dataset: string): H5Module => altered(m, dataset, () => null);

/** A small log with every edge: split cases, NaN dur/size, non-ASCII and odd paths, errnos, line numbers. */
function edgeLog(): EventLog {
  const b = new EventLogBuilder(4);
  const f0 = b.addFile({ ...emptyFileReport('run_héte_7.st', 'strace', 1234), lines: 9, events: 3, dropped: { signal: 2, unparsable: 1 }, unparsable: [{ line: 4, text: 'garbage <line>' }], flags: { timestamps: 'tt', durations: true, annotations: true, pids: 'prefix' }, warnings: ['a warning'] });
  const f1 = b.addFile(emptyFileReport('empty.st', 'strace'));
  const open = b.internCall('openat');
  const read = b.internCall('read');
  b.beginCase({ id: 'run_héte_7_101', cid: 'run', host: 'héte', rid: '7', pid: 101 }, f0);
  b.push(101, b.pairOf(open, b.internPath('/scratch/dir with space/ünï\\x.dat')), b.internErrno('ENOENT'), 58000.123456, 0.000123, NaN, 3);
  b.push(101, b.pairOf(read, b.internPath('pipe:[123]')), 0, 58000.2, NaN, 4096, 5, 8192);
  b.push(-1, b.pairOf(read, 0), 0, 58000.2, 0, 0, 6);
  b.endCase();
  b.beginCase({ id: 'empty', cid: '', host: '', rid: '', pid: null }, f1);
  b.endCase();
  return b.build('clock');
}

describe('native layout round trip: log → .h5 → readHdf5Log is identical', () => {
  it('strace traces parsed by the strace importer', () => {
    const log = mergeLogs(TRACES.map((t) => parseStraceBytes(t, readFileSync(`${FIX}src/${t}`))));
    validate(log);
    expect(log.n).toBeGreaterThan(300);
    expectIdentical(log, roundTrip(log, 'strace.h5'));
  });
  it('a log loaded from a pandas file', () => {
    const log = readHdf5Log(files.h5, `${FIX}pandas_table_blocks.h5`, 'pandas_table_blocks.h5');
    expectIdentical(log, roundTrip(log, 'pandas.h5'));
  });
  it('edge cases (split cases, NaN, non-ASCII, empty case)', () => {
    const log = edgeLog();
    validate(log);
    const back = roundTrip(log, 'edge.h5');
    expectIdentical(log, back);
    expect(back.cases[0].pid).toBe(101);
    expect(back.cases[1].pid).toBeNull();
  });
  it('columns longer than the write slab are written in chunks, and read back in small slabs', () => {
    const log = mergeLogs(TRACES.map((t) => parseStraceBytes(t, readFileSync(`${FIX}src/${t}`))));
    expectIdentical(log, roundTrip(log, 'chunked.h5', 100));
    expectIdentical(log, readHdf5Log(files.h5, files.path('chunked.h5'), 'chunked.h5', { slabRows: 13 }));
  });
  it('an empty log', () => {
    const log = new EventLogBuilder().build('none');
    expectIdentical(log, roundTrip(log, 'empty.h5'));
  });
  it('nativeHdf5Bytes gives the file bytes (what Export and convert save)', () => {
    const log = edgeLog();
    const bytes = nativeHdf5Bytes(files.h5, log);
    expect(isHdf5(bytes)).toBe(true);
    const path = files.path('from-bytes.h5');
    writeFileSync(path, bytes);
    expectIdentical(log, readHdf5Log(files.h5, path, 'from-bytes.h5'));
  });
});

describe('native files are readable by other tools', () => {
  it('h5py reads the columns, tables and reports', () => {
    const log = mergeLogs(TRACES.map((t) => parseStraceBytes(t, readFileSync(`${FIX}src/${t}`))));
    const path = files.path('for-h5py.h5');
    writeNativeHdf5(files.h5, log, path);
    // h5py's reading, committed (tools/refdata/h5py_native.py); the file's bytes vary (HDF5 stores times):
    // the log it was written from names it
    const got = referenceValues(import.meta.url).get<Record<string, unknown>>('native file of the ls/sh traces', 'tools/refdata/h5py_native.py', { files: [{ path, madeFrom: digest(log) }] });
    let bytes = 0;
    for (let i = 0; i < log.n; i++) if (!Number.isNaN(log.size[i])) bytes += log.size[i];
    expect(got).toEqual({
      format: 'strace-dfg-eventlog',
      version: 1,
      timeBase: log.timeBase,
      dtypes: { pid: '<i4', pair: '<u4', errno: '<u2', start: '<f8', dur: '<f8', size: '<f8', line: '<u4', offset: '<f8' },
      n: log.n,
      bytes,
      ids: log.cases.map((c) => c.id),
      offsets: Array.from(log.caseOffsets),
      first: `${log.calls[log.pairCall[log.pair[0]]]}:${log.paths[log.pairFp[log.pair[0]]]}`,
      reports: TRACES,
    });
  });
});

describe('files written before the offset column', () => {
  it('read with every offset unknown (NaN), the rest identical', () => {
    const path = files.path('nooffset.h5');
    const log = edgeLog();
    writeNativeHdf5(without(files.h5, 'events/offset'), log, path);
    const back = readHdf5Log(files.h5, path, 'nooffset.h5');
    validate(back);
    expect(Array.from(back.offset)).toEqual(Array.from(log.offset, () => NaN));
    expectIdentical({ ...log, offset: back.offset }, back);
  });
});

describe('files written with float32 durations (before float64)', () => {
  it('read with every duration widened exactly, the rest identical', () => {
    const path = files.path('durf32.h5');
    const log = edgeLog();
    // durations as float32, as the writer wrote them before float64 durations
    writeNativeHdf5(altered(files.h5, 'events/dur', (a) => ({ ...a, data: Float32Array.from(a.data as Float64Array), dtype: '<f' })), log, path);
    const back = readHdf5Log(files.h5, path, 'durf32.h5');
    validate(back);
    expect(back.dur).toBeInstanceOf(Float64Array);
    expect(Array.from(back.dur)).toEqual(Array.from(log.dur, (d) => Math.fround(d)));
    expect(back.dur[0]).not.toBe(log.dur[0]); // 0.000123 is not a float32
    expectIdentical({ ...log, dur: back.dur }, back);
  });
});

describe('broken native files', () => {
  it('a newer format version is refused with a clear message', () => {
    const path = files.path('v2.h5');
    writeNativeHdf5(files.h5, edgeLog(), path);
    const f = new files.h5.api.File(path, 'a');
    f.delete_attribute('version');
    f.create_attribute('version', 2, null, '<i');
    f.close();
    expect(() => readHdf5Log(files.h5, path, 'v2.h5')).toThrow(/^v2\.h5: broken strace-dfg event log: format version 2, this reader knows version 1/);
  });
  it('a missing dataset is named', () => {
    const path = files.path('nopairs.h5');
    writeNativeHdf5(without(files.h5, 'pairs/fp'), edgeLog(), path);
    expect(() => readHdf5Log(files.h5, path, 'nopairs.h5')).toThrow(/^nopairs\.h5: broken strace-dfg event log: missing dataset \/pairs\/fp/);
  });
});
