/** The per-activity timeline by layer, on the C program's real strace -k trace (src/analysis/layers/__fixtures__,
 * `c/c_all.st`): `write:/tmp/layers-fx` (the default depth 2) holds stdio.dat's writes through stdio and
 * direct.dat's the program's own. */
import { describe, expect, it } from 'vitest';
import { marksForRange } from '../../lib/binning';
import { phasesSession } from '../../testing/phasesSession';
import { plainTimeline, stackTimeline } from '../../testing/stackSession';
import { cProgram } from '../layers/testData';
import { layerColor } from '../layers/layerColors';
import { buildGeometry } from './geometry';
import { layerKey, layerSegments } from './layerBars';

const cTimeline = (activity: string) => stackTimeline(['c/c_all.st'], activity);

/** The x-extents [a, b] of NaN-separated segments, per row. */
const extents = (x: Float64Array, y: Float64Array): string[] => {
  const out: string[] = [];
  for (let k = 0; k < x.length; k += 3) out.push(`${y[k]}:${x[k]}-${x[k + 1]}`);
  return out.sort();
};

describe('the timeline coloured by layer', () => {
  it('a key of two layers, most events first, in the lanes\' colours; every bar in its layer\'s segments', async () => {
    const d = await cTimeline('write:/tmp/layers-fx');
    const key = layerKey(d)!;
    expect([...key.labels].sort()).toEqual(['app', 'stdio']);
    expect(key.events).toEqual([...key.events].sort((a, b) => b - a));
    // the program's own write(2)s: write_direct's on direct.dat (stdio's are fewer than its fwrites: buffered)
    expect(key.events[key.labels.indexOf('app')]).toBe(cProgram().find((p) => p[0] === 'write_direct')![2]);
    expect(key.colors).toEqual(key.labels.map(layerColor));
    expect(key.events.reduce((a, b) => a + b, 0)).toBe(d.start.length);
    const rows = d.rowLabels.length;
    const m = marksForRange({ row: d.row, start: d.start, dur: d.dur }, rows, -Infinity, Infinity, 1000, 1e9);
    expect(m.binned).toBe(false);
    const axis = { offset: 0, scale: 1 };
    const parts = layerSegments(d, m, key, axis, 0);
    // each layer's segments are the geometry of its own bars (raw: one segment per event at minWidth 0 or merged)
    key.labels.forEach((l, g) => {
      const mine = m.bars.filter((i) => d.layerNames![d.layer![i]] === l);
      expect(mine.length).toBe(key.events[g]);
      const own = buildGeometry(d, { ...m, bars: mine, points: new Uint32Array(0) }, axis, 0);
      expect(extents(parts[g].x, parts[g].y)).toEqual(extents(own.segX, own.segY));
    });
  });

  it('no key for an activity of one layer, nor for a trace without stacks', async () => {
    expect(layerKey(await cTimeline('pwrite64:/tmp/layers-fx'))).toBeNull();
    expect(layerKey(await plainTimeline(await phasesSession()))).toBeNull();
  });
});
