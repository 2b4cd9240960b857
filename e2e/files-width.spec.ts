/**
 * mpi-io-test's Darshan log (32 ranks, DXT) at the three sizes, light and dark:
 * - durations with sensible precision (three significant digits): the Summary read "read in 191.00 ms", the job
 *   header "ran 13.00 s", the counters' time column "435.19 ms";
 * - the events' Files table gives its path column the free width (it kept a 24vw cap: at 1280×720
 *   "/tmp/ompi.sn362.28751/jf.47773/1/test.out_cid-1-3…" while the other columns had room);
 * - the counters' Files table lists Open MPI's own files (/tmp/ompi.*: its session directory) after the program's,
 *   greyed, named system files in their tooltip; a tick leaves them out, saying how many.
 */
import { expect, test } from '@playwright/test';
import { MPI_IO_TEST_LOG, openLogAtSizes } from './openLog';
import { overPrecise } from './precision';

for (const scheme of ['light', 'dark'] as const) {
  test(`mpi-io-test: durations to three digits, the events' paths take the free width, Open MPI's files last (${scheme})`, async ({ page }) => {
    await openLogAtSizes(page, scheme, [MPI_IO_TEST_LOG], async (app, w, h) => {
      await expect(page.getByTestId('summary-files')).toContainText(/ · read in \d/);
      expect(await overPrecise(page.locator('[data-testid=summary] dd'))).toEqual([]);
      expect(await overPrecise(page.getByTestId('job'))).toEqual([]);
      // the Summary's time span: each clock on one line ('→ 2021-|06-02 22:43:31.641683 UTC' at 1600×1000)
      expect(await page.locator('[data-testid=summary] dd.clocks .nowrap').evaluateAll((els) => els.map((e) => e.getClientRects().length))).toEqual([1, 1]);
      // the job's start: its date on one line ("13.0 s from 2021-|06-02" split it at its hyphen at 1024×700)
      expect(await page.getByTestId('job-runtime').locator('.nowrap').evaluate((e) => [e.textContent, e.getClientRects().length])).toEqual(['2021-06-02', 1]);

      // the events' Files: the longest paths whole from 1280 px (the table's free width), 160 px least at 1024
      await page.getByTestId('tab-files').click();
      const cells = page.getByTestId('files-row').locator('[data-col=fp]');
      await expect(cells.nth(1)).toContainText('/tmp/ompi.sn362.28751/');
      const widths = await cells.evaluateAll((tds) => tds.map((td) => [td.clientWidth, td.scrollWidth]));
      await app.shot(`files-width-events-${w}x${h}-${scheme}`);
      if (w >= 1280) expect(widths.filter(([cw, sw]) => sw > cw + 1), `${w}×${h}: cut paths (client, scroll width)`).toEqual([]);
      else expect(Math.min(...widths.map(([cw]) => cw))).toBeGreaterThanOrEqual(150);

      // the counters: the program's 128 records first, Open MPI's 32 last and marked; a tick leaves them out
      await page.getByTestId('files-from-counters').click();
      const rows = page.getByTestId('counter-files-row');
      await expect(rows).toHaveCount(160);
      const system = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-system') === 'true'));
      expect(system.indexOf(true)).toBe(128);
      expect(system.slice(128).every(Boolean)).toBe(true);
      const last = rows.last();
      await expect(last.locator('[data-col=file]')).toContainText('/tmp/ompi.sn362.28751/jf.47773/1/test.out_cid-1-');
      expect(await last.getAttribute('title')).toContain("a system file, not the program's");
      const [ink, inkApp] = await Promise.all([last.locator('[data-col=file]'), rows.first().locator('[data-col=file]')].map((l) => l.evaluate((td) => getComputedStyle(td).color)));
      expect(ink).not.toBe(inkApp);
      expect(await overPrecise(page.locator('[data-testid=counter-files-row] [data-col=time]'))).toEqual([]);
      await rows.nth(124).scrollIntoViewIfNeeded();
      await app.shot(`files-width-counters-${w}x${h}-${scheme}`);
      await page.getByTestId('counter-files-system').uncheck();
      await expect(rows).toHaveCount(128);
      await expect(page.getByTestId('counter-files-system').locator('xpath=..')).toHaveText(/32 of system files/);
    });
  });
}
