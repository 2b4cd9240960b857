import { describe, expect, it } from 'vitest';
import { binAt, brushWindow, heatColor, overviewLayout, rowAt, ticks, tickLabel, timeAt, xAt } from './geometry';

describe('overview geometry', () => {
  const l = overviewLayout(1214, 6);
  it('lays out labels, plot and sums across the width, rows of 16 px at most', () => {
    expect(l.plotX).toBe(150);
    expect(l.plotW).toBe(1000);
    expect(l.rowH).toBe(16);
    expect(overviewLayout(1214, 960).rowH).toBe(1);
    expect(overviewLayout(600, 6).labelW).toBe(90);
  });
  it('converts between pixels, seconds, bins and rows', () => {
    expect(timeAt(l, 2, 650)).toBe(1);
    expect(timeAt(l, 2, 0)).toBe(0);
    expect(timeAt(l, 2, 5000)).toBe(2);
    expect(xAt(l, 2, 1)).toBe(650);
    expect(binAt(l, 200, 150)).toBe(0);
    expect(binAt(l, 200, 1149.9)).toBe(199);
    expect(binAt(l, 200, 100)).toBe(-1);
    expect(rowAt(l, 6, l.heatY + 16 * 2 + 3)).toBe(2);
    expect(rowAt(l, 6, l.heatY + 16 * 6)).toBe(-1);
  });
  it('brushes a window rounded outwards to the microsecond, ignoring clicks', () => {
    expect(brushWindow(l, 1.3947, 400, 300)).toEqual({ from: 0.209205, to: 0.348675 });
    expect(brushWindow(l, 2, 300, 301)).toBeNull();
  });
  it('colours white to dark blue, ticks on 1-2-5 steps', () => {
    expect(heatColor(0, 5)).toBe('#ffffff');
    expect(heatColor(5, 5)).toBe('rgb(26,35,126)');
    expect(ticks(1.39)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]);
    expect(tickLabel(0.4, 0.2)).toBe('0.4 s');
    expect(tickLabel(10, 5)).toBe('10 s');
  });
});
