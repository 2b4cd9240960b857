import { describe, expect, it } from 'vitest';
import { parsePickledStringList } from './pickle';

describe('parsePickledStringList (pandas values_block_N_kind)', () => {
  it('reads what pandas 1.5 wrote into the fixtures', () => {
    // attribute values copied from pandas_table_blocks.h5 (h5py: h['ls_node1_1/table'].attrs)
    expect(parsePickledStringList('(lp0\nVstart\np1\naVdur\np2\na.')).toEqual(['start', 'dur']);
    expect(parsePickledStringList('(lp0\nVpid\np1\naVsize\np2\na.')).toEqual(['pid', 'size']);
    expect(parsePickledStringList('(lp0\n.')).toEqual([]);
  });
  it('unescapes raw-unicode-escape names and old-style quoted strings', () => {
    expect(parsePickledStringList('(lp0\nVdur\\u00e9e\np1\na.')).toEqual(['durée']);
    expect(parsePickledStringList("(lp0\nS'fp'\np1\naS'size'\np2\na.")).toEqual(['fp', 'size']);
  });
  it('follows memo references (g)', () => {
    expect(parsePickledStringList('(lp0\nVfp\np1\nag1\na.')).toEqual(['fp', 'fp']);
  });
  it('returns null for anything else', () => {
    expect(parsePickledStringList('')).toBeNull();
    expect(parsePickledStringList('N.')).toBeNull();
    expect(parsePickledStringList('(lp0\nVstart\np1\na')).toBeNull(); // no STOP
    expect(parsePickledStringList('(lp0\n(lp1\na.')).toBeNull(); // nested list
    expect(parsePickledStringList('(lp0\nI42\na.')).toBeNull(); // not a string
  });
});
