import { describe, expect, it } from 'vitest';
import { BAND_GAP, wrapBands, type Placed } from './wrapBands';

/** A chain of n boxes 150 × 50 along x, 220 px apart (dagre's LR ranks), all at y = 0. */
const chain = (n: number): Map<string, Placed> => new Map(Array.from({ length: n }, (_, i) => [`a${i}`, { x: i * 220, y: 0, w: 150, h: 50 }]));

describe('wrapBands', () => {
  it('wraps a long chain into the bands that fit a wide, low canvas best, cutting between boxes', () => {
    // 10 boxes: 2130 px wide, 50 high; a 990 × 530 canvas fits it plain at zoom 0.44
    const { pos, bands } = wrapBands(chain(10), 990, 530);
    expect(bands).toBeGreaterThan(1);
    const ys = [...new Set([...pos.values()].map((p) => p.y))].sort((a, b) => a - b);
    expect(ys.length).toBe(bands);
    // each band starts at the left edge, and bands are one height + gap apart
    expect(ys[1] - ys[0]).toBe(50 + BAND_GAP);
    const xs = [...pos.values()].map((p) => p.x);
    expect(Math.min(...xs)).toBe(0);
    // reading order is kept: band by band, left to right
    const order = [...pos.entries()].sort((a, b) => a[1].y - b[1].y || a[1].x - b[1].x).map(([id]) => id);
    expect(order).toEqual([...chain(10).keys()]);
    // the wrapped drawing fits at a larger zoom than the plain one
    const w = Math.max(...xs) + 75 - (Math.min(...xs) - 75);
    const h = ys[ys.length - 1] - ys[0] + 50;
    expect(Math.min(942 / w, 482 / h)).toBeGreaterThan(Math.min(942 / 2130, 482 / 50) * 1.15);
  });

  it('leaves a drawing alone that already fits at full label size, or is too small to wrap', () => {
    expect(wrapBands(chain(4), 1400, 800).bands).toBe(1);
    expect(wrapBands(chain(3), 200, 800).bands).toBe(1);
    const p = chain(6);
    expect(wrapBands(p, 1400, 800).pos.get('a5')).toEqual({ x: 1100, y: 0 });
  });

  it('never cuts through a box: nodes that overlap along x stay in one band', () => {
    // two columns of stacked boxes: no gap inside a column
    const m = new Map<string, Placed>();
    for (let c = 0; c < 8; c++) for (let r = 0; r < 2; r++) m.set(`n${c}.${r}`, { x: c * 220 + r * 10, y: r * 70, w: 150, h: 50 });
    const { pos, bands } = wrapBands(m, 800, 700);
    expect(bands).toBeGreaterThan(1);
    for (let c = 0; c < 8; c++) expect(pos.get(`n${c}.0`)!.y + 70).toBe(pos.get(`n${c}.1`)!.y);
  });
});
