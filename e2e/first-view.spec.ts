import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { MPI_FIXTURES, loadMpi } from './mpiFixtures';

for (const name of MPI_FIXTURES) {
  for (const [w, h] of [[1600, 1000], [1024, 700]] as const) {
    test(`first view of ${name} at ${w}×${h}: labels readable, what is hidden is said`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open();
      await loadMpi(app, name);
      await app.expectReady();
      await app.shot(`first-${name}-${w}x${h}`);
      const g = await app.graph();
      const acts = g.nodes.filter((n) => n.id !== '●' && n.id !== '■');
      expect(acts.length).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('graph-error')).toHaveCount(0);
      const total = Number((await page.getByTestId('graph-activities').getAttribute('max')) ?? 0);
      // a DFG of > 30 activities shows what fits at full size; a small one is shown whole while its labels
      // are readable (≥ 0.8 × 11 px), else fitted like a large one
      // (at 1024×700 the canvas is small: a cut settles a little below full size, labels still ≥ 8 px)
      const least = w === 1024 ? 8 : total > 30 || acts.length < total ? 11 : 8.8;
      for (const n of acts) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(least);
      if (acts.length < total) await expect(page.getByTestId('graph-shown')).toContainText(`showing ${acts.length} of ${total} activities`);
      // the legend (bottom left, folded at 1024×700) covers no node: the fit lifts the graph clear of it
      // (a pan, the labels keep their size) — on these runs there is room above the graph to do so
      const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
      const l = (await page.getByTestId('graph-legend').boundingBox())!;
      const legend = { x1: l.x - canvas.x, y1: l.y - canvas.y, x2: l.x - canvas.x + l.width, y2: l.y - canvas.y + l.height };
      for (const n of g.nodes) {
        const b = n.box!;
        const under = b.x1 < legend.x2 && legend.x1 < b.x2 && b.y1 < legend.y2 && legend.y1 < b.y2;
        expect(under, `${n.id} [${b.x1.toFixed(0)}, ${b.y1.toFixed(0)}, ${b.x2.toFixed(0)}, ${b.y2.toFixed(0)}] under the legend [${legend.x1.toFixed(0)}, ${legend.y1.toFixed(0)}, ${legend.x2.toFixed(0)}, ${legend.y2.toFixed(0)}]`).toBe(false);
      }
    });
  }
}

test('first view of a partition (shared file green, file per process red) at 1024×700: fewer activities rather than boxes without labels', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const app = new AppPage(page);
  await app.open(`green=cid:ssf&red=cid:fpp&rewrite=${encodeURIComponent('re:^/scratch/ior/(ssf|fpp)=>/scratch/ior/$1')}`);
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  await app.shot('first-partition-ior-ssf-fpp-1024x700');
  const acts = (await app.graph()).nodes.filter((n) => n.id !== '●' && n.id !== '■');
  expect(acts.length).toBeGreaterThanOrEqual(1);
  // every shown activity's label is drawn (Cytoscape culls labels below 7 px on screen)
  for (const n of acts) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(7);
  // what differs first: a one-side activity leads
  expect(['red', 'green']).toContain(acts[0].partition);
  await expect(page.getByTestId('graph-shown')).toContainText(`showing ${acts.length} of 11 activities`);
});
