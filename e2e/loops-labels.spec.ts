import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { GraphModel } from '../src/ui/contracts';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';

type Box = { x1: number; y1: number; x2: number; y2: number };
const meet = (a: Box, b: Box): boolean => a.x1 < b.x2 - 0.5 && b.x1 < a.x2 - 0.5 && a.y1 < b.y2 - 0.5 && b.y1 < a.y2 - 0.5;

/** Every drawn edge label is clear of the other labels and of every node box. */
function checkLabels(g: GraphModel): number {
  const labels = g.edges.filter((e) => e.label).map((e) => ({ id: `${e.source} -> ${e.target}`, box: e.label! }));
  for (const [i, a] of labels.entries()) {
    for (const b of labels.slice(i + 1)) expect(meet(a.box, b.box), `${a.id} × ${b.id}`).toBe(false);
    for (const n of g.nodes) expect(meet(a.box, n.box!), `${a.id} × node ${n.id}`).toBe(false);
  }
  return labels.length;
}

for (const dir of ['LR', 'TB'] as const) {
  test(`self-loops and edge labels are readable ${dir === 'LR' ? 'left → right' : 'top → bottom'} (page, SVG, PNG)`, async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    const app = new AppPage(page);
    await app.open();
    await loadMpi(app, 'ior-ssf-fpp');
    await app.expectReady();
    if (dir === 'TB') {
      await page.getByTestId('direction').selectOption('TB');
      await page.evaluate(() => window.__app!.waitIdle(60_000));
    }
    const g = await app.graph();
    const loops = g.edges.filter((e) => e.source === e.target);
    expect(loops.length).toBeGreaterThanOrEqual(2);
    // every loop shows its count, clear of its own node and the others
    for (const l of loops) expect(l.label, `${l.source} loop label`).toBeDefined();
    expect(checkLabels(g)).toBeGreaterThan(5);
    await app.shot(`loops-${dir}`);

    const [svgDl] = await Promise.all([page.waitForEvent('download'), app.menuItem('graph-menu', 'graph-export-svg')]);
    const svg = readFileSync((await svgDl.path())!, 'utf8');
    expect(svg).toContain('markerUnits="userSpaceOnUse"');
    // the legend travels with the picture
    expect(svg).toContain('<g class="legend"');
    expect(svg).toContain('relative duration');
    for (const l of loops) expect(svg).toContain(`>${l.count}</text>`);
    const [pngDl] = await Promise.all([page.waitForEvent('download'), app.menuItem('graph-menu', 'graph-export-png')]);
    expect(readFileSync((await pngDl.path())!).subarray(1, 4).toString()).toBe('PNG');
  });
}
