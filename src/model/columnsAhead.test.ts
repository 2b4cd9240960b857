import { describe, expect, it } from 'vitest';
import { ColumnsAhead, HEADROOM, MIN_FILL } from './columnsAhead';
import { mergeLogs } from './merge';
import { tinyLog } from '../testing/tinyLog';

const log = (file: string, n: number) => tinyLog([{ file, events: Array.from({ length: n }, (_, i) => ['read', `/data/${file}`, i, 0.5, 4096 + i] as [string, string, number, number, number]) }]);

describe('ColumnsAhead', () => {
  it('estimates the capacity from the events per byte so far, with its headroom', () => {
    expect(ColumnsAhead.estimate(1000, 50_000, 100_000, false).capacity).toBe(Math.ceil(2000 * (1 + HEADROOM)));
  });
  it('gives views of n events when they fill at least MIN_FILL of it, of the same kind of memory; else null', () => {
    const a = new ColumnsAhead(1000, false);
    expect(a.take(1001, false)).toBeNull();
    expect(new ColumnsAhead(1000, false).take(Math.ceil(MIN_FILL * 1000) - 1, false)).toBeNull();
    expect(new ColumnsAhead(1000, true).take(990, false)).toBeNull();
    const c = new ColumnsAhead(1000, true).take(990, true)!;
    expect(c.start.length).toBe(990);
    expect(c.start.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(c.offset.buffer.byteLength).toBe(8 * 1000);
  });
  it('touches every page until done, or stops at stop()', async () => {
    const a = new ColumnsAhead(3 << 20, false); // 126 MB: several slices
    let turns = 0;
    await a.touch(async () => void turns++);
    expect(turns).toBeGreaterThan(8);
    const b = new ColumnsAhead(3 << 20, false);
    let left = 2;
    await b.touch(async () => {
      if (--left === 0) b.stop();
    });
    expect(left).toBe(0);
  });
  it('mergeLogs into them: the same log as into fresh memory', () => {
    const parts = [log('a_n_1.st', 300), log('b_n_2.st', 200)];
    const fresh = mergeLogs(parts);
    const ahead = new ColumnsAhead(505, false);
    const into = mergeLogs(parts, false, ahead);
    expect(into.start.buffer).toBe(ahead.cols.start.buffer);
    expect(into).toEqual(fresh);
    // too small a capacity: fresh columns
    const small = new ColumnsAhead(499, false);
    expect(mergeLogs(parts, false, small).start.buffer).not.toBe(small.cols.start.buffer);
  });
});
