/**
 * Each foreign layout, written by pandas/h5py from the strace fixtures, loads to the SAME per-case events
 * as the strace importer gives for the text they came from: call, fp, pid, start, dur, size, order.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventLog } from '../../model';
import { parseStraceBytes } from '../strace';
import { loadH5wasm, readHdf5Log, type H5Module } from './index';

const FIX = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const TRACES = ['ls_node1_1.st', 'ls_node1_2.st', 'lsl_node2_1.st', 'sh_node2_2.st'];
const MIDNIGHT = (JSON.parse(readFileSync(`${FIX}expected.json`, 'utf8')) as { midnightEpoch: number }).midnightEpoch;
const LAYOUTS: [string, number][] = [
  ['pandas_table_datacols.h5', 0],
  ['pandas_table_blocks.h5', 0],
  ['h5py_compound.h5', 0],
  ['h5py_compound_vlen_epoch.h5', MIDNIGHT],
  ['h5py_columns.h5', 0],
  ['h5py_columns_ns.h5', 0],
  ['pandas_table_datetime.h5', MIDNIGHT],
];

let h5: H5Module;
beforeAll(async () => {
  h5 = await loadH5wasm();
});

/** `durF32`: the file stores dur as float32 (h5py_compound.h5), so the text's durations are compared as float32 too. */
function events(log: EventLog, k: number, offset: number, durF32 = false): string[] {
  const out: string[] = [];
  for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
    const p = log.pair[i];
    // start to the microsecond (strace -tt precision): the two sides sum h*3600+m*60+s in different orders
    out.push([log.pid[i], log.calls[log.pairCall[p]], log.paths[log.pairFp[p]], Math.round((log.start[i] - offset) * 1e6), durF32 ? Math.fround(log.dur[i]) : log.dur[i], log.size[i]].join('|'));
  }
  return out;
}

describe('HDF5 layouts = strace text they were made from', () => {
  const strace = new Map<string, string[]>();
  const straceF32 = new Map<string, string[]>();
  beforeAll(() => {
    for (const t of TRACES) {
      const log = parseStraceBytes(t, readFileSync(`${FIX}src/${t}`));
      expect(log.cases).toHaveLength(1);
      strace.set(log.cases[0].id, events(log, 0, 0));
      straceF32.set(log.cases[0].id, events(log, 0, 0, true));
    }
  });
  for (const [file, offset] of LAYOUTS) {
    it(file, () => {
      const log = readHdf5Log(h5, FIX + file, file);
      expect(log.cases.map((c) => c.id).sort()).toEqual([...strace.keys()].sort());
      log.cases.forEach((c, k) => {
        const want = (file === 'h5py_compound.h5' ? straceF32 : strace).get(c.id) as string[];
        expect(want.length).toBeGreaterThan(10);
        expect(events(log, k, offset), c.id).toEqual(want);
      });
    });
  }
});
