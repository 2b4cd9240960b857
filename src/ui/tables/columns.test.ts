import { describe, expect, it } from 'vitest';
import { byText, nextSort, sortRows } from './columns';

describe('sortRows', () => {
  const rows = [
    { n: 'c', v: 2 },
    { n: 'a', v: NaN },
    { n: 'b', v: 2 },
    { n: 'd', v: 5 },
    { n: 'e', v: NaN },
  ];
  const names = (dir: 'asc' | 'desc') => sortRows(rows, (r) => r.v, dir, (a, b) => byText(a.n, b.n)).map((r) => r.n).join('');
  it('sorts both ways, NaN last either way, ties ascending by the tie', () => {
    expect(names('asc')).toBe('bcdae');
    expect(names('desc')).toBe('dbcae');
  });
  it('leaves its input alone', () => {
    sortRows(rows, (r) => r.n, 'asc', () => 0);
    expect(rows.map((r) => r.n).join('')).toBe('cabde');
  });
});

describe('nextSort', () => {
  it('flips the same column; another starts as told', () => {
    expect(nextSort({ column: 'x', dir: 'asc' }, 'x', false)).toEqual({ column: 'x', dir: 'desc' });
    expect(nextSort({ column: 'x', dir: 'asc' }, 'y', false)).toEqual({ column: 'y', dir: 'desc' });
    expect(nextSort({ column: 'x', dir: 'desc' }, 'y', true)).toEqual({ column: 'y', dir: 'asc' });
  });
});
