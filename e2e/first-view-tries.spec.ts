import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

// The first view of a log with many activities (multiproc, the plain mapping: 75) at 1024×700 chose 7 but first
// laid out AND drew its canvas-less guess of 62 (~0.5 s of the page's thread: Cytoscape's elements, styles,
// label boxes, a render) before the canvas settled. A try its layout alone shows far too large for readable
// labels is no longer drawn (src/ui/graph/layoutZoom.ts): no drawing of the first view has more activities
// than the one chosen, and the choice is readable as before.
test('the first view of 75 activities at 1024×700 draws no try larger than its choice', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const app = new AppPage(page);
  await app.open('raw');
  await page.evaluate(() => {
    const w = window as unknown as { __drawn: number[] };
    w.__drawn = [];
    // every draw of the graph panel sets data-sync-ms (useGraphDraw.ts): the nodes on the canvas then
    new MutationObserver(() => w.__drawn.push(window.__app!.graph().nodes.length)).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-sync-ms'] });
  });
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  const g = await app.graph();
  const total = Number((await page.getByTestId('graph-activities').getAttribute('max')) ?? 0);
  expect(total).toBeGreaterThan(60);
  const acts = g.nodes.filter((n) => n.id !== '●' && n.id !== '■');
  expect(acts.length).toBeLessThan(total);
  for (const n of acts) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(10);
  const drawn = await page.evaluate(() => (window as unknown as { __drawn: number[] }).__drawn);
  expect(drawn.length).toBeGreaterThan(0);
  expect(Math.max(...drawn), `nodes of each drawing: ${drawn.join(', ')}`).toBeLessThanOrEqual(g.nodes.length);
});
