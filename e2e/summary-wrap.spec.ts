/**
 * Long names in the side panel and the Files tables (docs/GUIDE.md "Read the graph"): the Summary's paths
 * wrap at their `/` (a name at its `-`), never inside a word — ior-untraced's largest gaps name
 * /var/tmp/ior-untraced/fpp.* files, mpi-io-test's Darshan job header a 70-character log name; the Darshan
 * counters' Files table gives its path column the free width. At 1024×700 and 1280×720, light and dark.
 */
import { expect, test } from '@playwright/test';
import { MPI_IO_TEST_LOG, openLogAtSizes } from './openLog';
import { midWordBreaks } from './textWrap';

const SIZES = [[1024, 700], [1280, 720]] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`the untraced time's paths wrap at their slashes (${scheme})`, async ({ page }) => {
    await openLogAtSizes(page, scheme, 'ior-untraced', async (app, w, h) => {
      await expect(page.getByTestId('untraced-case').first()).toContainText('/var/tmp/ior-untraced/');
      await app.shot(`summary-wrap-untraced-${w}x${h}-${scheme}`);
      expect(await midWordBreaks(page.getByTestId('untraced-summary'))).toEqual([]);
      expect(await midWordBreaks(page.locator('[data-testid=summary] dd'))).toEqual([]);
    }, SIZES);
  });

  test(`a Darshan log: its name in the job header wraps between words, the counters' path column takes the free width (${scheme})`, async ({ page }) => {
    await openLogAtSizes(page, scheme, [MPI_IO_TEST_LOG], async (app, w, h) => {
      await expect(page.getByTestId('job-exe')).toHaveText('mpi-io-test -i 4 -v');
      expect(await midWordBreaks(page.getByTestId('job'))).toEqual([]);
      await page.getByTestId('tab-files').click();
      await page.getByTestId('files-from-counters').click();
      const cell = page.getByTestId('counter-files-row').first().locator('[data-col=file]');
      await expect(cell).toContainText('/yellow/users/treddy/mpi_i');
      const [cellW, tableW] = await cell.evaluate((td) => [td.clientWidth, td.closest('table')!.clientWidth]);
      await app.shot(`summary-wrap-counters-${w}x${h}-${scheme}`);
      // (1280×720: the path column was 203 of 965 px, the other columns' free room unused — 259 px with it; at 1024×700 the
      // other columns alone fill the panel: the table scrolls, the path keeps 160 px)
      if (w >= 1280) expect(cellW / tableW).toBeGreaterThanOrEqual(0.25);
      else expect(cellW).toBeGreaterThanOrEqual(150);
    }, SIZES);
  });
}
