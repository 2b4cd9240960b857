import { describe, expect, it } from 'vitest';
import { EDGE_DEFAULT, EDGE_GREEN, EDGE_NEITHER, EDGE_RED, DIFF_GREEN } from './colors';
import { LIGHT, readTheme, themedEdge } from './theme';

describe('graph theme', () => {
  const dark = { ...LIGHT, dark: true, edge: '#a0a0a0', edgeFaint: '#6a6a6a' };

  it('draws plain edges in the theme colours, the partition lighter on a dark canvas, differences as they are', () => {
    expect(themedEdge(EDGE_DEFAULT, LIGHT)).toBe(EDGE_DEFAULT);
    expect(themedEdge(EDGE_NEITHER, LIGHT)).toBe(EDGE_NEITHER);
    expect(themedEdge(EDGE_GREEN, LIGHT)).toBe(EDGE_GREEN);
    expect(themedEdge(EDGE_DEFAULT, dark)).toBe('#a0a0a0');
    expect(themedEdge(EDGE_NEITHER, dark)).toBe('#6a6a6a');
    expect(themedEdge(EDGE_GREEN, dark)).not.toBe(EDGE_GREEN);
    expect(themedEdge(EDGE_RED, dark)).not.toBe(EDGE_RED);
    expect(themedEdge(DIFF_GREEN, dark)).toBe(DIFF_GREEN);
  });

  it('falls back to the light colours without a document (Node, workers)', () => {
    expect(readTheme(null)).toEqual(LIGHT);
  });
});
