import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';

type Box = { x: number; y: number; width: number; height: number };
const meet = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (page: Page, id: string): Promise<Box> => (await page.getByTestId(id).boundingBox())!;

/** Every drawn node lies inside the canvas (boxes in CSS px relative to it, from window.__app.graph()). */
async function expectNodesInside(app: AppPage, canvas: Box): Promise<void> {
  const g = await app.graph();
  expect(g.nodes.length).toBeGreaterThan(2);
  for (const n of g.nodes) {
    const b = n.box!;
    const inside = b.x1 >= -0.5 && b.y1 >= -0.5 && b.x2 <= canvas.width + 0.5 && b.y2 <= canvas.height + 0.5;
    expect(inside, `${n.id} at ${JSON.stringify(b)} in a ${canvas.width}×${canvas.height} canvas`).toBe(true);
  }
}

for (const [w, h] of [[1024, 700], [1400, 900], [1600, 1000]] as const) {
  test(`at ${w}×${h} the graph canvas gets exactly the height the overview and the tables leave`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const app = new AppPage(page);
    await app.open();
    await loadMpi(app, 'ior-ssf-fpp');
    await app.expectReady();
    const canvas = await box(page, 'graph-canvas');
    const overview = await box(page, 'overview');
    const tables = await box(page, 'tables-pane');
    expect(meet(canvas, overview), 'canvas and overview').toBe(false);
    expect(meet(canvas, tables), 'canvas and tables').toBe(false);
    // in this order, top to bottom, all in the window
    expect(canvas.y).toBeGreaterThanOrEqual(overview.y + overview.height - 0.5);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(tables.y + 0.5);
    expect(tables.y + tables.height).toBeLessThanOrEqual(h + 0.5);
    expect(canvas.height).toBeGreaterThan(120);
    // nothing is drawn over the canvas' lower corners (the legend sits bottom-left, inside the panel)
    for (const [x, y] of [[canvas.x + canvas.width - 4, canvas.y + canvas.height - 4], [canvas.x + canvas.width / 2, canvas.y + canvas.height - 2]]) {
      const inCanvas = await page.evaluate(([px, py]) => !!document.elementFromPoint(px, py)?.closest('[data-testid=graph-canvas]'), [x, y]);
      expect(inCanvas, `(${x}, ${y}) is the canvas`).toBe(true);
    }
    await expectNodesInside(app, canvas);
    await app.shot(`layout-ior-ssf-fpp-${w}x${h}`);

    // a smaller window: the canvas follows and the graph is fitted again
    await page.setViewportSize({ width: w - 100, height: h - 120 });
    await app.waitIdle();
    const smaller = await box(page, 'graph-canvas');
    expect(smaller.height).toBeLessThan(canvas.height);
    expect(meet(smaller, await box(page, 'tables-pane'))).toBe(false);
    await expectNodesInside(app, smaller);
  });
}
