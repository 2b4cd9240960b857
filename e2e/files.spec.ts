/**
 * Files: the access patterns of IOR's shared file vs file per process (e2e/fixtures/ior-ssf-fpp): the shared
 * file marked shared with its consecutive / sequential / random split and request size, the private ones,
 * sorting; the statistics table's access column. Screenshots at 1600×1000 and 1024×700.
 */
import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';

test('the Files tab lists the files with cases, shared or private, access pattern and size; sortable', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.tab('files');
  await app.waitIdle();

  const table = page.getByTestId('files-table');
  await expect(table).toBeVisible();
  // most bytes first: the shared file (8 ranks × 6 × 4 KiB written and read back)
  const first = table.getByTestId('files-row').first();
  await expect(first).toHaveAttribute('data-fp', '/scratch/ior/ssf');
  const cells = async (fp: string) => table.locator(`[data-testid=files-row][data-fp="${fp}"] td`).allInnerTexts();
  // 40 + 40 consecutive, 7 + 7 sequential, 1 + 1 random of 96 (the python count in src/analysis/accessReport.test.ts)
  expect(await cells('/scratch/ior/ssf')).toEqual(['/scratch/ior/ssf', '384 KiB', '48 · 48', '8', 'shared', '83%', '15%', '2%', '1K–10K']);
  expect(await cells('/scratch/ior/fpp.00000003')).toEqual(['/scratch/ior/fpp.00000003', '48.0 KiB', '6 · 6', '1', 'private', '83%', '0%', '17%', '1K–10K']);
  await expect(page.getByTestId('tab-files')).toHaveText(/^Files \(\d+\)$/);
  await app.shot('files-ior-ssf-fpp-1600x1000');

  // sorted by the random share: the file-per-process files (1 of 6 random per direction) come before the shared one
  await page.getByTestId('files-filter').fill('/scratch/ior');
  await page.getByTestId('files-sort-random').click();
  const order = await table.getByTestId('files-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-fp')));
  expect(order).toHaveLength(9);
  expect(order[8]).toBe('/scratch/ior/ssf');
  // only the shared files
  await page.getByTestId('files-filter').fill('');
  await page.getByTestId('files-shared-only').check();
  await expect(table.locator('[data-testid=files-row][data-fp^="/scratch/ior/fpp."]')).toHaveCount(0);
  await expect(table.locator('[data-testid=files-row][data-fp="/scratch/ior/ssf"]')).toHaveCount(1);
  await page.getByTestId('files-shared-only').uncheck();
  await page.getByTestId('files-sort-bytes').click();

  await expect(page.getByTestId('files-count')).toHaveText(/^\d+ files · \d+ shared · \d+ private$/);

  // the small window: the tables pane made taller with its handle (keyboard), as a reader of the table would
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.waitIdle();
  await page.getByTestId('split-tables').focus();
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+ArrowUp');
  await app.waitIdle();
  await expect(first).toBeInViewport();
  await app.shot('files-ior-ssf-fpp-1024x700');

  // the statistics table: the access column and the activity's tooltip
  await app.tab('stats');
  await page.locator('[data-testid=stats-columns] > summary').click();
  await page.getByTestId('stats-col-access').check();
  await page.locator('[data-testid=stats-columns] > summary').click();
  const row = page.locator('[data-testid=stats-row][data-id="pwrite64:/scratch/ior"]');
  // 80 consecutive, 7 sequential, 9 random of 96 writes (shared file and the 8 private ones together)
  await expect(row.locator('td.pattern')).toHaveText('consec 83% · seq 7% · rand 9% · 1K–10K');
  expect(await row.locator('td').first().getAttribute('title')).toContain('access: consec 83% · seq 7% · rand 9% · 1K–10K (96 reads and writes');
  await app.shot('files-stats-access-1024x700');
});
