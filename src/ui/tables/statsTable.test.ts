import { describe, expect, it } from 'vitest';
import type { ActivityStats } from '../../analysis/types';
import { cellText, cellTitle, COLUMNS, filterStats, nextSort, rdText, sortStats, visibleWindow } from './statsTable';

const s = (id: string, count: number, over: Partial<ActivityStats> = {}): ActivityStats => ({
  id,
  count,
  dur: count * 1e-4,
  rd: count / 100,
  bytes: null,
  dr: null,
  mc: 1,
  DR: null,
  cases: 1,
  meanDur: count > 3 ? 1e-4 : null,
  p95Dur: count * 2e-5,
  failures: count % 3,
  failureRate: (count % 3) / count,
  errnos: {},
  ...over,
});

// activities of the paper's Fig. 1 `ls` run, with hand-set values
const ROWS: ActivityStats[] = [
  s('read:/usr/lib', 12, { bytes: 9984, dr: 5.1e7, DR: 5.1e7, cases: 3 }),
  s('write:/dev/pts', 3, { bytes: 246, dr: 2.4e6, mc: 2, DR: 4.8e6, cases: 3 }),
  s('openat:/etc/ld.so.cache', 3, { rd: null, dur: null, mc: null }),
  s('read:/etc/locale.alias', 3, { bytes: 2996, dr: 8.8e7, DR: 8.8e7 }),
  s('close:/usr/lib', 12),
];

describe('sortStats', () => {
  it('sorts every column both ways, missing values last either way', () => {
    for (const c of COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        const out = sortStats(ROWS, { column: c.key, dir });
        expect(out.length).toBe(ROWS.length);
        if (c.key === 'id') {
          const ids = out.map((r) => r.id);
          expect(ids).toEqual([...ids].sort((a, b) => (dir === 'asc' ? (a < b ? -1 : 1) : a < b ? 1 : -1)));
          continue;
        }
        if (c.key === 'access') continue; // tested below, with the access patterns
        const key = c.key;
        const vals = out.map((r) => r[key] as number | null);
        const known = vals.filter((v): v is number => v !== null);
        expect(vals.slice(0, known.length)).toEqual(known); // nulls at the end
        for (let k = 1; k < known.length; k++) expect(dir === 'asc' ? known[k] >= known[k - 1] : known[k] <= known[k - 1]).toBe(true);
      }
    }
  });
  it('breaks ties by activity id and does not mutate the input', () => {
    const before = ROWS.map((r) => r.id);
    const out = sortStats(ROWS, { column: 'count', dir: 'desc' });
    expect(out.map((r) => r.id)).toEqual(['close:/usr/lib', 'read:/usr/lib', 'openat:/etc/ld.so.cache', 'read:/etc/locale.alias', 'write:/dev/pts']);
    expect(ROWS.map((r) => r.id)).toEqual(before);
  });
});

describe('filter and sort toggling', () => {
  it('filters by case-insensitive substring; blank keeps all', () => {
    expect(filterStats(ROWS, ' USR/LIB ').map((r) => r.id)).toEqual(['read:/usr/lib', 'close:/usr/lib']);
    expect(filterStats(ROWS, '').length).toBe(ROWS.length);
    expect(filterStats(ROWS, '<img').length).toBe(0);
  });
  it('flips direction on the same column, starts numbers descending and text ascending', () => {
    expect(nextSort({ column: 'count', dir: 'desc' }, 'count')).toEqual({ column: 'count', dir: 'asc' });
    expect(nextSort({ column: 'count', dir: 'desc' }, 'rd')).toEqual({ column: 'rd', dir: 'desc' });
    expect(nextSort({ column: 'count', dir: 'desc' }, 'id')).toEqual({ column: 'id', dir: 'asc' });
  });
});

describe('cells', () => {
  it('shows units and – for missing values, with the reason in the tooltip', () => {
    const r = ROWS[0];
    expect(cellText(r, 'bytes')).toBe('9.75 KiB');
    expect(cellText(r, 'rd')).toBe('12.0%');
    expect(cellText(r, 'dr')).toBe('48.6 MiB/s');
    const o = ROWS[2];
    expect(cellText(o, 'rd')).toBe('–');
    expect(cellTitle(o, 'rd', { hasDurations: false })).toContain('strace -T');
    expect(cellTitle(o, 'mc', { hasTimestamps: false })).toContain('-tt');
    expect(cellTitle(o, 'bytes')).toContain('read/write');
    expect(cellTitle(ROWS[4], 'dr')).toContain('moves bytes');
    expect(cellTitle(o, 'DR')).toContain('mc');
    expect(cellTitle(r, 'bytes')).toBe('9984 B');
  });
});

describe('rdText', () => {
  it('keeps small shares readable', () => {
    expect(rdText(0.679)).toBe('67.9%');
    expect(rdText(0.0008)).toBe('0.080%');
    expect(rdText(0.004)).toBe('0.40%');
    expect(rdText(1e-7)).toBe('<0.001%');
    expect(rdText(0)).toBe('0.0%');
    expect(rdText(null)).toBe('–');
  });
});

describe('visibleWindow', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(visibleWindow(5000, 0, 260, 26, 5)).toEqual({ first: 0, last: 15 });
    expect(visibleWindow(5000, 26 * 1000, 260, 26, 5)).toEqual({ first: 995, last: 1015 });
    expect(visibleWindow(3, 0, 260, 26, 5)).toEqual({ first: 0, last: 3 });
    expect(visibleWindow(5000, 26 * 5000, 260, 26, 5)).toEqual({ first: 4995, last: 5000 });
  });
});

describe('the access column', () => {
  const sizes = (bin: number, n: number) => Array.from({ length: 10 }, (_, k) => (k === bin ? n : 0));
  const access = new Map([
    ['a', { requests: 100, consecutive: 90, sequential: 8, random: 2, sizes: sizes(2, 100) }],
    ['b', { requests: 10, consecutive: 0, sequential: 0, random: 10, sizes: sizes(0, 10) }],
  ]);
  const rows = [s('a', 5), s('b', 3), s('c', 9)];
  it('shows the pattern and the dominant size bin, … while loading, – without reads or writes', () => {
    expect(cellText(rows[0], 'access', access)).toBe('consec 90% · seq 8% · rand 2% · 1K–10K');
    expect(cellText(rows[1], 'access', access)).toBe('rand 100% · 0–100');
    expect(cellText(rows[2], 'access', access)).toBe('–');
    expect(cellText(rows[0], 'access')).toBe('…');
    expect(cellTitle(rows[0], 'id', {}, access)).toBe('a\naccess: consec 90% · seq 8% · rand 2% · 1K–10K (100 reads and writes: 90 consecutive, 8 sequential, 2 random of 100 with a known offset; sizes 1K–10K 100)');
    expect(cellTitle(rows[0], 'id')).toBe('a');
  });
  it('sorts by the random share, activities without a pattern last', () => {
    expect(sortStats(rows, { column: 'access', dir: 'desc' }, access).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortStats(rows, { column: 'access', dir: 'asc' }, access).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});
