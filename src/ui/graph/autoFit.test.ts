import { describe, expect, it } from 'vitest';
import { autoFitReducer, currentFit, sizeKey, type AutoFit } from './autoFit';
import { FIT_TRIES, SMALL_GRAPH_MIN_ZOOM } from './filter';
import type { LabelDetail } from './labels';

const judged = (a: AutoFit, n: number, zoom: number, o: { total?: number; material?: number; detail?: LabelDetail; size?: string; readable?: number } = {}): AutoFit =>
  autoFitReducer(a, { type: 'judged', sig: 's', size: o.size ?? '20x10', n, zoom, readable: o.readable ?? 1, total: o.total ?? 40, material: o.material ?? 0, detail: o.detail ?? 'full' });

describe('the first view, as a reducer (autoFit.ts)', () => {
  it('cuts to what fits (n × zoom) until the labels are readable, then stops', () => {
    const a = judged(null, 20, 0.5);
    expect(a).toEqual({ sig: 's', size: '20x10', n: 10, tries: 1, done: false, detail: 'full' });
    const b = judged(a, 10, 1.05);
    expect(b).toEqual({ sig: 's', size: '20x10', n: 10, tries: 2, done: true, detail: 'full' });
  });

  it('never cuts the activities with ≥ 5 % of the call time: less text first (DR line, then Load line), then they stay whatever the zoom', () => {
    // the IOR-like run at 1024×700: 7 material activities drawn at half size
    const o = { total: 18, material: 7, readable: SMALL_GRAPH_MIN_ZOOM };
    const a = judged(null, 7, 0.5, o);
    expect(a).toMatchObject({ n: 7, done: false, detail: 'load' });
    // without the DR line they fit readably: that is the choice (the Load line stays)
    expect(judged(a, 7, 0.95, { ...o, detail: 'load' })).toMatchObject({ n: 7, done: true, detail: 'load' });
    const b = judged(a, 7, 0.7, { ...o, detail: 'load' });
    expect(b).toMatchObject({ n: 7, done: false, detail: 'name' });
    expect(judged(b, 7, 0.95, { ...o, detail: 'name' })).toMatchObject({ n: 7, done: true, detail: 'name' });
    // the name only and still too small: the 7 stay (readable or not, what costs the time is drawn)
    expect(judged(b, 7, 0.6, { ...o, detail: 'name' })).toMatchObject({ n: 7, done: true, detail: 'name' });
  });

  it('a graph of ≤ 8 activities is tried whole with less text before it is cut', () => {
    const a = judged(null, 6, 0.8, { total: 6 });
    expect(a).toMatchObject({ n: 6, done: false, detail: 'load' });
    const b = judged(a, 6, 0.8, { total: 6, detail: 'load' });
    expect(b).toMatchObject({ n: 6, done: false, detail: 'name' });
    // the names only did not make it readable either: cut (fewer, larger)
    const c = judged(b, 6, 0.8, { total: 6, detail: 'name' });
    expect(c!.n).toBeLessThan(6);
    expect(c!.detail).toBe('name');
  });

  it('a readable drawing keeps all its text: no level is dropped at or above the readable zoom', () => {
    expect(judged(null, 6, 1, { total: 6 })).toMatchObject({ n: 6, done: true, detail: 'full' });
    expect(judged(null, 7, SMALL_GRAPH_MIN_ZOOM, { total: 7, material: 7, readable: SMALL_GRAPH_MIN_ZOOM })).toMatchObject({ n: 7, done: true, detail: 'full' });
  });

  it('gives up after FIT_TRIES layouts, keeping the last number', () => {
    let a: AutoFit = null;
    let n = 60;
    for (let i = 0; i < FIT_TRIES; i++) {
      a = judged(a, n, 0.97, { total: 100 });
      n = a!.n;
    }
    expect(a!.tries).toBe(FIT_TRIES);
    expect(judged(a, n, 0.5, { total: 100 })).toMatchObject({ n, done: true });
  });

  it('starts again at another canvas size while choosing; a finished choice stays at any size', () => {
    const a = judged(null, 20, 0.5);
    expect(judged(a, 10, 0.5, { size: '30x20' })!.tries).toBe(1);
    expect(currentFit(a, 's', '30x20', false)).toBeNull();
    const done = judged(a, 10, 1.1);
    expect(currentFit(done, 's', '30x20', false)).toBe(done);
    expect(currentFit(done, 'other result', '20x10', false)).toBeNull();
    expect(currentFit(done, 's', '20x10', true)).toBeNull(); // the user's sliders rule
    expect(sizeKey(792, 389)).toBe('20x10');
  });

  it('a pane that makes the chosen drawing unreadable takes text off its nodes, one level at a time, nothing else', () => {
    const done = judged(judged(null, 20, 0.5), 10, 1.1);
    const less = autoFitReducer(done, { type: 'unreadable' });
    expect(less).toEqual({ ...done, detail: 'load' });
    const least = autoFitReducer(less, { type: 'unreadable' });
    expect(least).toEqual({ ...done, detail: 'name' });
    expect(autoFitReducer(least, { type: 'unreadable' })).toBe(least);
    const choosing = judged(null, 20, 0.5);
    expect(autoFitReducer(choosing, { type: 'unreadable' })).toBe(choosing);
    expect(autoFitReducer(null, { type: 'unreadable' })).toBeNull();
  });

  it('a failed layout ends the choosing with what is shown', () => {
    const a = judged(null, 20, 0.5);
    expect(autoFitReducer(a, { type: 'layoutFailed', sig: 's', size: '20x10', shown: 4 })).toEqual({ sig: 's', size: '20x10', n: 10, tries: FIT_TRIES, done: true });
    expect(autoFitReducer(a, { type: 'layoutFailed', sig: 't', size: '20x10', shown: 4 })).toMatchObject({ sig: 't', n: 4, done: true });
  });
});
