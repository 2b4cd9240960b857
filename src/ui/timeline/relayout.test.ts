import { describe, expect, it } from 'vitest';
import { relayoutRange, sameRange } from './relayout';

describe('relayoutRange (the x-range of a Plotly relayout event)', () => {
  it('a zoom box: the two ends', () => {
    expect(relayoutRange({ 'xaxis.range[0]': 1.5, 'xaxis.range[1]': '2.25' })).toEqual([1.5, 2.25]);
  });
  it('a scroll zoom / pan that sends the range as an array', () => {
    expect(relayoutRange({ 'xaxis.range': [3, 4] })).toEqual([3, 4]);
  });
  it('a double-click: the whole axis (null)', () => {
    expect(relayoutRange({ 'xaxis.autorange': true, 'yaxis.autorange': true })).toBeNull();
  });
  it('nothing of the x-axis, or an empty or reversed range: undefined (ignored)', () => {
    expect(relayoutRange({ dragmode: 'pan' })).toBeUndefined();
    expect(relayoutRange({ 'yaxis.range[0]': 0, 'yaxis.range[1]': 3 })).toBeUndefined();
    expect(relayoutRange({ 'xaxis.range[0]': 2, 'xaxis.range[1]': 2 })).toBeUndefined();
    expect(relayoutRange({ 'xaxis.range': [5, 1] })).toBeUndefined();
    expect(relayoutRange({ 'xaxis.range[0]': 'a', 'xaxis.range[1]': 1 })).toBeUndefined();
  });
});

describe('sameRange', () => {
  it('equal within a billionth of the width; not when unset or moved', () => {
    expect(sameRange([0, 10], [0, 10 + 1e-9])).toBe(true);
    expect(sameRange([0, 10], [0, 10.001])).toBe(false);
    expect(sameRange(null, [0, 1])).toBe(false);
  });
});
