import { expect, test } from '@playwright/test';
import type { GraphModel } from '../src/ui/contracts';
import { AppPage, fixture } from './app';

/** Nodes reachable from ● and nodes that reach ■, over the drawn edges. */
function reach(g: GraphModel): { fromStart: Set<string>; toEnd: Set<string> } {
  const walk = (seed: string, next: (id: string) => string[]) => {
    const seen = new Set([seed]);
    const todo = [seed];
    while (todo.length) {
      for (const n of next(todo.pop()!)) {
        if (seen.has(n)) continue;
        seen.add(n);
        todo.push(n);
      }
    }
    return seen;
  };
  return {
    fromStart: walk('●', (id) => g.edges.filter((e) => e.source === id).map((e) => e.target)),
    toEnd: walk('■', (id) => g.edges.filter((e) => e.target === id).map((e) => e.source)),
  };
}

test('the activity and path sliders keep ● and ■ connected', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('raw'); // the plain mapping: many activities
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  const slider = page.getByTestId('graph-activities');
  await slider.fill((await slider.getAttribute('max')) ?? '0');
  await app.waitIdle();
  const full = await app.graph();
  expect(full.nodes.length).toBeGreaterThan(20);

  await page.getByTestId('graph-activities').fill('4');
  await app.waitIdle();
  const few = await app.graph();
  const ids = few.nodes.map((n) => n.id);
  expect(ids).toContain('●');
  expect(ids).toContain('■');
  expect(few.nodes.length).toBeLessThan(full.nodes.length);
  expect(few.nodes.length).toBeLessThanOrEqual(4 + 2);
  const r = reach(few);
  expect(r.fromStart.has('■')).toBe(true);
  for (const id of ids) {
    expect(r.fromStart.has(id), `${id} reachable from ●`).toBe(true);
    expect(r.toEnd.has(id), `${id} reaches ■`).toBe(true);
  }
  await expect(page.getByTestId('graph-shown')).toContainText('4');
  await app.shot('panel-graph-sliders', '[data-testid=graph-panel]');

  // The path slider at its maximum hides every edge below the top count and still connects ● to ■.
  const paths = page.getByTestId('graph-paths');
  await paths.fill(await paths.getAttribute('max') ?? '0');
  await app.waitIdle();
  const thin = await app.graph();
  expect(thin.edges.length).toBeLessThanOrEqual(few.edges.length);
  expect(reach(thin).fromStart.has('■')).toBe(true);
});
