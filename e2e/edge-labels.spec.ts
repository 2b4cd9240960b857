/**
 * An edge's count is drawn on its own edge only: no drawn edge label lies across another edge's line, where it
 * reads as that edge's (the IOR MPI-IO run at 1600×1000: fcntl → close's "16" over fsync → fcntl). The labels
 * move along their edges to a point off other lines (src/ui/graph/labelPlace.ts) and stay clear of the nodes
 * and of each other (e2e/loops-labels.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { crosses, lineOf } from '../src/ui/graph/labelPlace';
import { AppPage } from './app';
import { loadMpi, type MpiFixture } from './mpiFixtures';

const RUNS: [MpiFixture, number, number][] = [['ior-mpiio', 1600, 1000], ['ior-mpiio', 1280, 720], ['ior-ssf-fpp', 1600, 1000]];

for (const [name, w, h] of RUNS) {
  test(`${name} at ${w}×${h}: no edge label across another edge`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const app = new AppPage(page);
    await app.open();
    await loadMpi(app, name);
    await app.expectReady();
    await app.shot(`edge-labels-${name}-${w}x${h}`);
    const g = await app.graph();
    const drawn = g.edges.filter((e) => e.label);
    expect(drawn.length, 'labels drawn').toBeGreaterThan(5);
    const across: string[] = [];
    for (const e of drawn) {
      // (its background's 1 px padding may touch a line)
      const b = { x1: e.label!.x1 + 1.5, y1: e.label!.y1 + 1.5, x2: e.label!.x2 - 1.5, y2: e.label!.y2 - 1.5 };
      for (const o of g.edges) {
        if (o === e || !o.path || o.path.length < 2) continue;
        if (crosses(b, lineOf(o.path))) across.push(`${e.source} → ${e.target} (${e.count}) over ${o.source} → ${o.target}`);
      }
    }
    expect(across).toEqual([]);
  });
}
