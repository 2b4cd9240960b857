import { describe, expect, test } from 'vitest';
import { END, START } from '../../analysis/types';
import { cReport } from '../layers/testData';
import { activityLayers, laneLayout, laneRows } from './layerLanes';

const D = '/tmp/layers-fx/c';

describe('the graph grouped by layer (the C program, strace -k)', () => {
  const { report } = cReport();
  const layerOf = activityLayers(report.activities, report.layers);

  test("each activity in the lane of the layer most of its events came through", () => {
    // whole paths (--depth 0): stdio.dat's writes are stdio's, direct.dat's and thread.dat's the program's own
    expect(layerOf.get(`write:${D}/stdio.dat`)).toBe('stdio');
    expect(layerOf.get(`write:${D}/direct.dat`)).toBe('app');
    expect(layerOf.get(`pwrite64:${D}/thread.dat`)).toBe('app');
    for (const [act, l] of layerOf) {
      const n = report.activities[act].layers;
      expect(Math.max(...Object.values(n))).toBe(n[l]);
    }
    // ties: the table's order
    expect(activityLayers({ x: { layers: { app: 2, stdio: 2 } } }, ['stdio', 'app']).get('x')).toBe('stdio');
  });

  test('lanes stacked across the flow: no node leaves its lane, lanes never overlap, ● ■ in the middle', () => {
    const ids = [...layerOf.keys()];
    // a layout where activities of different layers sit at the same place across the flow
    const pos = new Map(ids.map((id, i) => [id, { x: 100 * (i % 4), y: 40 * Math.floor(i / 4) }]));
    pos.set(START, { x: -100, y: 0 });
    pos.set(END, { x: 500, y: 0 });
    const size = () => ({ w: 80, h: 30 });
    for (const dir of ['LR', 'TB'] as const) {
      const { pos: out, lanes } = laneLayout(pos, layerOf, report.layers, size, dir);
      expect(lanes).toEqual(report.layers.filter((l) => [...layerOf.values()].includes(l)));
      const across = (id: string) => (dir === 'LR' ? out.get(id)!.y : out.get(id)!.x);
      const along = (id: string) => (dir === 'LR' ? out.get(id)!.x : out.get(id)!.y);
      const band = lanes.map((l) => {
        const m = ids.filter((id) => layerOf.get(id) === l).map(across);
        return [Math.min(...m) - 15, Math.max(...m) + 15];
      });
      for (let k = 1; k < band.length; k++) expect(band[k][0]).toBeGreaterThan(band[k - 1][1]);
      // the flow axis is the layout's, and ● ■ sit between the first lane and the last
      for (const id of ids) expect(along(id)).toBe(dir === 'LR' ? pos.get(id)!.x : pos.get(id)!.y);
      expect(across(START)).toBeGreaterThanOrEqual(band[0][0]);
      expect(across(START)).toBeLessThanOrEqual(band[band.length - 1][1]);
    }
  });

  test("each lane's box holds its activities, and no other lane's box meets it; the hover lists layers and call sites", () => {
    const ids = [...layerOf.keys()];
    const pos = new Map(ids.map((id, i) => [id, { x: 150 * (i % 3), y: 50 * Math.floor(i / 3) }]));
    const size = (id: string) => ({ w: 60 + id.length, h: 30 });
    for (const dir of ['LR', 'TB'] as const) {
      const { pos: out, boxes } = laneLayout(pos, layerOf, report.layers, size, dir);
      for (const id of ids) {
        const b = boxes.get(layerOf.get(id)!)!;
        const p = out.get(id)!;
        const s = size(id);
        expect(p.x - s.w / 2 >= b.x1 && p.x + s.w / 2 <= b.x2 && p.y - s.h / 2 >= b.y1 && p.y + s.h / 2 <= b.y2).toBe(true);
      }
      const all = [...boxes.values()];
      for (const a of all) for (const b of all) if (a !== b) expect(a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2).toBe(false);
    }
    const rows = laneRows(report, `write:${D}/stdio.dat`);
    expect(rows[0]).toEqual(['layers', `stdio (${report.activities[`write:${D}/stdio.dat`].layers.stdio})`]);
    expect(rows[1][0]).toBe('call sites');
    expect(rows[1][1]).toMatch(/^write_stdio \(layers_c\+0x[0-9a-f]+\) \(\d+\)/);
    expect(laneRows(null, 'x')).toEqual([]);
  });
});
