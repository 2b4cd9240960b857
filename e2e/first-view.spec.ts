import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { MPI_FIXTURES, loadMpi } from './mpiFixtures';

for (const name of MPI_FIXTURES) {
  for (const [w, h] of [[1600, 1000], [1024, 700]] as const) {
    test(`first view of ${name} at ${w}×${h}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open();
      await loadMpi(app, name);
      await app.expectReady();
      await app.shot(`first-${name}-${w}x${h}`);
      const g = await app.graph();
      expect(g.nodes.length).toBeGreaterThan(3);
    });
  }
}
