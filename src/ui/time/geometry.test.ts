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
    // dark: from a dim indigo (the least) to light blue (the most), brighter with the value
    expect(heatColor(5, 5, true)).toBe('rgb(144,202,249)');
    const y = (c: string) => c.match(/\d+/g)!.map(Number).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    expect(y(heatColor(1, 5, true))).toBeLessThan(y(heatColor(4, 5, true)));
    expect(y(heatColor(1, 5))).toBeGreaterThan(y(heatColor(4, 5)));
    expect(ticks(1.39)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]);
    expect(tickLabel(0.4, 0.2)).toBe('0.4 s');
    expect(tickLabel(10, 5)).toBe('10 s');
  });
});
