import { describe, expect, test } from 'vitest';
import type { FlameNode } from '../../analysis/layers/flame';
import { diffColor, flameLayers, flameRects } from './flameModel';
import { layerColor } from './layerColors';
import { flame } from './testData';

const find = (n: FlameNode, pred: (x: FlameNode) => boolean): FlameNode | null => (pred(n) ? n : n.children.reduce<FlameNode | null>((a, c) => a ?? find(c, pred), null));

describe('the flame graph view', () => {
  test('the C program by time: the root spans the width, children side by side inside their parent', () => {
    const g = flame('c_all');
    const rects = flameRects(g, 1000);
    expect(rects[0]).toMatchObject({ x: 0, depth: 0 });
    expect(rects[0].w).toBeCloseTo(1000, 9);
    for (const r of rects) {
      const kids = rects.filter((c) => c.depth === r.depth + 1 && r.node.children.includes(c.node));
      const sum = kids.reduce((a, c) => a + c.w, 0);
      expect(sum).toBeLessThanOrEqual(r.w + 1e-6);
      for (const c of kids) expect(c.x).toBeGreaterThanOrEqual(r.x - 1e-6);
    }
    // the program's functions are app's, stdio's frames stdio's colour; the legend has both
    const ws = rects.find((r) => r.node.name === 'write_stdio')!;
    expect(ws.fill).toBe(layerColor('app'));
    const fw = rects.find((r) => r.node.name === '_IO_fwrite')!;
    expect(fw.fill).toBe(layerColor('stdio'));
    expect(flameLayers(rects)).toEqual(expect.arrayContaining(['app', 'stdio']));
    expect(ws.title).toMatch(/^write_stdio \(layers_c\) · app\n/);
  });

  test('OMPIO (green) vs ROMIO (red), bytes per case: each side its own MPI-IO frames, in its colour', () => {
    const g = flame('mpi');
    expect(g.perCase).toBe(true);
    const rects = flameRects(g, 1200);
    const ompio = find(g.root, (n) => /ompio/.test(n.bin) || /ompio/.test(n.name))!;
    const romio = find(g.root, (n) => /romio/.test(n.bin) || /romio/.test(n.name))!;
    expect(ompio.value[1]).toBe(0);
    expect(romio.value[0]).toBe(0);
    expect(rects.find((r) => r.node === ompio)!.fill).toBe(diffColor(1, 0));
    expect(rects.find((r) => r.node === romio)!.fill).toBe(diffColor(0, 1));
    expect(rects.find((r) => r.node === ompio)!.title).toMatch(/green .* · red 0 B per case/);
    // the same bytes per case on each side: the root is grey
    expect(rects[0].fill).toBe(diffColor(1, 1));
  });

  test('colours: green where green spends more, red where red does, grey when equal', () => {
    expect(diffColor(1, 0)).toBe('rgb(46, 125, 50)');
    expect(diffColor(0, 1)).toBe('rgb(229, 57, 53)');
    expect(diffColor(1, 1)).toBe('rgb(189, 189, 189)');
    expect(diffColor(0, 0)).toBe('rgb(189, 189, 189)');
  });
});
