import { describe, expect, it } from 'vitest';
import { SMALL_GRAPH_MIN_ZOOM } from './filter';
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

  // The app's layouts (dagre, full labels, a loop's room in its box's height) of three runs of e2e/fixtures at
  // 1280×720 (canvas W × H), as the page laid them out (e2e/answer-first.spec.ts): [id, x, y, w, h].
  const RUNS: Record<string, { W: number; H: number; boxes: [string, number, number, number, number][] }> = {
    'ior-untraced': { W: 992, H: 424, boxes: [['●', 29, 96.25, 18, 18], ['write:/var/tmp', 705, 126.5, 144, 59], ['fsync:/var/tmp', 895.5, 126.5, 97, 45], ['read:/var/tmp', 705, 49.5, 137, 59], ['lseek:/var/tmp', 515, 164.75, 96, 79], ['openat:/var/tmp', 344, 96.25, 106, 45], ['close:/var/tmp', 1062, 49.5, 96, 45], ['execve:./ior-fsync', 164.5, 114, 113, 45], ['■', 1189, 109.25, 18, 18]] },
    'ior-ssf-fpp': { W: 992, H: 408, boxes: [['●', 29, 66.5, 18, 18], ['execve:./ior-like', 159.5, 66.5, 103, 45], ['fsync:/scratch/ior', 740, 153.5, 111, 45], ['pread64:/scratch/ior', 740, 83.5, 132, 93], ['pwrite64:/scratch/ior', 538, 170.5, 132, 93], ['close:/scratch/ior', 931.5, 66.5, 111, 45], ['openat:/scratch/ior', 341.5, 66.5, 121, 45], ['■', 1066, 66.5, 18, 18]] },
    'ior-like': { W: 992, H: 408, boxes: [['●', 29, 66.5, 18, 18], ['fsync:/scratch/iorlike', 806.5, 66.5, 130, 45], ['execve:/tmp/ior-like', 170.5, 66.5, 125, 45], ['openat:/scratch/iorlike', 373, 83.5, 140, 79], ['pwrite64:/scratch/iorlike', 588, 83.5, 150, 93], ['pread64:/scratch/iorlike', 806.5, 204.25, 147, 93], ['close:/scratch/iorlike', 1014.5, 84.25, 129, 45], ['lseek:/scratch/iorlike', 588, 157.5, 130, 45], ['■', 1158, 84.25, 18, 18]] },
  };
  /** The zoom at which the boxes at `pos` fit a W × H canvas (24 px padding each side, as CyView.fitZoom). */
  const fitZoom = (boxes: Map<string, Placed>, pos: Map<string, { x: number; y: number }>, W: number, H: number): number => {
    const ext = (f: (id: string, b: Placed) => number) => [...boxes].map(([id, b]) => f(id, b));
    const w = Math.max(...ext((id, b) => pos.get(id)!.x + b.w / 2)) - Math.min(...ext((id, b) => pos.get(id)!.x - b.w / 2));
    const h = Math.max(...ext((id, b) => pos.get(id)!.y + b.h / 2)) - Math.min(...ext((id, b) => pos.get(id)!.y - b.h / 2));
    return Math.min((W - 48) / w, (H - 48) / h);
  };

  it.each(Object.keys(RUNS))('%s at 1280×720: plain below readable labels, wrapped (each band as high as its own boxes) readable', (name) => {
    const { W, H, boxes } = RUNS[name];
    const m = new Map(boxes.map(([id, x, y, w, h]) => [id, { x, y, w, h }]));
    const plain = fitZoom(m, new Map([...m].map(([id, b]) => [id, { x: b.x, y: b.y }])), W, H);
    expect(plain).toBeLessThan(SMALL_GRAPH_MIN_ZOOM);
    const { pos, bands } = wrapBands(m, W, H, SMALL_GRAPH_MIN_ZOOM);
    expect(bands).toBe(2);
    expect(fitZoom(m, pos, W, H)).toBeGreaterThanOrEqual(SMALL_GRAPH_MIN_ZOOM);
    // the bands do not overlap: the second's top is BAND_GAP below the first's bottom
    const second = [...m.keys()].filter((id) => pos.get(id)!.y !== m.get(id)!.y);
    const first = [...m.keys()].filter((id) => !second.includes(id));
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    const bottom = Math.max(...first.map((id) => pos.get(id)!.y + m.get(id)!.h / 2));
    const top = Math.min(...second.map((id) => pos.get(id)!.y - m.get(id)!.h / 2));
    expect(top - bottom).toBeCloseTo(BAND_GAP, 6);
    // a band moves as one: its boxes keep their x and y distances
    for (const band of [first, second]) for (const id of band) {
      expect(pos.get(id)!.y - m.get(id)!.y).toBeCloseTo(pos.get(band[0])!.y - m.get(band[0])!.y, 6);
      expect(pos.get(id)!.x - m.get(id)!.x).toBeCloseTo(pos.get(band[0])!.x - m.get(band[0])!.x, 6);
    }
  });

  it('wraps when that lifts the labels to readable even though it gains less than 15 %', () => {
    // ior-ssf-fpp: plain 0.895, wrapped 1.02 (a 14 % gain) — readable only wrapped
    const { W, H, boxes } = RUNS['ior-ssf-fpp'];
    const m = new Map(boxes.map(([id, x, y, w, h]) => [id, { x, y, w, h }]));
    expect(wrapBands(m, W, H, SMALL_GRAPH_MIN_ZOOM).bands).toBe(2);
    // with labels counted readable only at zoom 1 neither fits: the gain decides, and it is too small
    expect(wrapBands(m, W, H, 1.1).bands).toBe(1);
  });

  it('fewer bands once they are readable: more only for a 15 % gain; while unreadable, the largest zoom', () => {
    // 12 boxes in a chain on a 1000 × 440 canvas: 3 bands draw them at 1.13 (readable), 4 at 1.23 (+9 %)
    expect(wrapBands(chain(12), 1000, 440, SMALL_GRAPH_MIN_ZOOM).bands).toBe(3);
    // at 1000 × 240 none is readable: 3 bands (0.84) over 2 (0.74), the labels as large as they can be
    expect(wrapBands(chain(12), 1000, 240, SMALL_GRAPH_MIN_ZOOM).bands).toBe(3);
  });
});
