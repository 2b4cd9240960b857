/**
 * Darshan logs in the browser (src/ingest/darshan/__fixtures__: the 78 real logs of Darshan's collection):
 * all of them dropped together load without an error (the DXT ranks are the cases), each of a representative
 * set alone too; mpi-io-test's analysis JSON equals the CLI's; a log without a DXT trace shows its heatmap in
 * the overview, says why the graph is empty, lists its counters per file and rank and its job header. Pictures
 * of a DXT log and a DXT-less log at 1024×700, 1280×720, 1600×1000, light and dark; the Call sites tab's Layer
 * links of a log whose DXT traced POSIX alone (the one layer named, nothing to link) and of one with MPI-IO above.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { AppPage, atSizes, SHOT_SIZES } from './app';
import { optionBreaks } from './textWrap';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIR = join(HERE, '../src/ingest/darshan/__fixtures__');
const CLI = join(HERE, '../dist-cli/strace-dfg.mjs');
const LOGS = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(DIR, d.name)).filter((f) => f.endsWith('.darshan')).map((f) => join(DIR, d.name, f)));
const log = (part: string): string => LOGS.find((p) => p.includes(part))!;
const MPIIO = log('treddy_mpi-io-test');
const E3SM = log('e3sm_io_heatmap_only');
/** One of each kind: DXT (POSIX + MPI-IO, non-MPI, partial), big-endian, heatmaps, STDIO only, HDF5, PnetCDF, DAOS, APMPI, empty. */
const SET = [MPIIO, E3SM, log('nonmpi_dxt_anonymized'), log('partial_data_dxt'), log('mpi-io-test-ppc64-3.1.3'), log('stdio_no_posix'),
  log('hdf5_diagonal_write_1_byte_dxt'), log('ior_pnetcdf_hdf5/'), log('ior_daos/'), log('darshan-apmpi'), log('empty_log'), log('treddy_runtime_heatmap_inactive_ranks')];

/** `strace-dfg analyze --json` of one log, run in its folder (the app names a dropped file by its name). */
const cliJson = (path: string): string => execFileSync(process.execPath, [CLI, 'analyze', '--json', basename(path)], { cwd: dirname(path), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });

async function exportJson(page: Page): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent('download'), new AppPage(page).menuItem('export-menu', 'export-json')]);
  return readFileSync((await dl.path())!, 'utf8');
}

test('all 78 Darshan logs dropped together load without an error; the DXT ranks are the cases', async ({ page }) => {
  test.setTimeout(240_000);
  expect(LOGS.length).toBe(78);
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles(LOGS, 180_000);
  const s = await app.expectReady();
  expect(s.errors).toEqual([]);
  // 15 logs have DXT: 4 × 10 ranks (HDF5 diagonal), 32 (mpi-io-test), 1 + 1 (non-MPI, partial), 8 × 4 (releases 3.1.3–3.1.6)
  expect(s.cases).toBe(40 + 32 + 2 + 32);
  await app.tab('summary');
  await expect(page.getByTestId('job')).toHaveCount(78);
});

test('a representative set, each log alone: loads, its job header, its counters (or the empty graph and why)', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  for (const path of SET) {
    await app.dropFiles([path], 60_000);
    const s = await app.expectReady();
    expect([basename(path), s.errors]).toEqual([basename(path), []]);
    await app.tab('summary');
    await expect(page.getByTestId('job')).toHaveCount(1);
    if (s.events === 0) await expect(page.getByTestId('empty-graph')).toContainText('no DXT trace — enable DXT_ENABLE_IO_TRACE=1');
    else await expect(page.getByTestId('empty-graph')).toHaveCount(0);
  }
});

test("mpi-io-test with DXT: 32 ranks, POSIX and MPI-IO activities; the app's analysis JSON equals the CLI's", async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles([MPIIO], 60_000);
  const s = await app.expectReady();
  expect(s.cases).toBe(32);
  const text = await exportJson(page);
  const doc = JSON.parse(text) as { jobs: { nprocs: number; dxt: boolean }[]; nodes: Record<string, unknown>; darshan_files: unknown[] };
  expect(doc.jobs.map((j) => [j.nprocs, j.dxt])).toEqual([[32, true]]);
  expect(Object.keys(doc.nodes).sort()).toEqual(['MPIIO read:/yellow/users', 'MPIIO write:/yellow/users', 'POSIX read:/yellow/users', 'POSIX write:/yellow/users']);
  expect(doc.darshan_files.length).toBeGreaterThan(32);
  expect(cliJson(MPIIO)).toBe(text + '\n');
});

test("E3SM-IO without DXT: the app's analysis JSON equals the CLI's", async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles([E3SM], 60_000);
  await app.expectReady();
  expect(cliJson(E3SM)).toBe((await exportJson(page)) + '\n');
});

/** The Files tab of the counters: its rows, sorted by bytes; the module filter. */
async function counterFiles(page: Page, rows: number): Promise<void> {
  await page.getByTestId('tab-files').click();
  await page.getByTestId('files-from-counters').click();
  await expect(page.getByTestId('counter-files-row')).toHaveCount(Math.min(rows, 500));
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [w, h] of SHOT_SIZES) {
    test(`without DXT (E3SM-IO, 512 ranks): heatmap overview, empty graph and why, counters, job header (${w}×${h}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open();
      await app.dropFiles([E3SM], 60_000);
      await app.expectReady();
      const canvas = page.getByTestId('overview-canvas');
      await expect(canvas).toHaveAttribute('data-source', 'heatmap POSIX both');
      await expect(canvas).toHaveAttribute('data-rows', '512');
      await expect(page.getByTestId('heatmap-note')).toContainText("Darshan's runtime heatmap (POSIX)");
      // the note gives way to the overview's other controls (it pushed expand ▾ out of the window up to 1280 px)
      await expect(page.getByTestId('overview-expand')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('heatmap-note')).toHaveAttribute('title', /^Darshan's runtime heatmap \(POSIX\).* so no events$/);
      await expect(page.getByTestId('empty-graph')).toHaveText(/^The graph is empty\. No events: this log has no DXT trace — enable DXT_ENABLE_IO_TRACE=1/);
      await page.getByTestId('heatmap-module').selectOption('MPIIO');
      await expect(canvas).toHaveAttribute('data-source', 'heatmap MPIIO both');
      await app.waitIdle();
      await app.shot(`darshan-nodxt-${w}x${h}-${scheme}`);
      await expect(page.getByTestId('job-nprocs')).toHaveText('512 (56 with records of their own)');
      // the command line's options stay whole ("i_case_1344p.nc -|o /projects/…" at 1024×700)
      expect(await optionBreaks(page.getByTestId('job-exe'))).toEqual([]);
      await expect(page.getByTestId('job-dxt')).toContainText('no');
      await counterFiles(page, (JSON.parse(cliJson(E3SM)) as { darshan_files: unknown[] }).darshan_files.length);
      await expect(page.getByTestId('counter-files-row').first().locator('[data-col=module]')).toHaveText('MPI-IO');
      await page.getByTestId('counter-files-module').selectOption('POSIX');
      await expect(page.getByTestId('counter-files-row').first().locator('[data-col=common]')).toHaveText(/^782 KiB×1,17\d/);
      await app.shot(`darshan-nodxt-files-${w}x${h}-${scheme}`);
    });

    test(`with DXT (mpi-io-test, 32 ranks): graph, counters beside the events' Files view, job header (${w}×${h}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open();
      await app.dropFiles([MPIIO], 60_000);
      await app.expectReady();
      await expect(page.getByTestId('overview-canvas')).toHaveAttribute('data-source', 'events');
      await expect(page.getByTestId('empty-graph')).toHaveCount(0);
      expect((await app.graph()).nodes.length).toBeGreaterThan(0);
      await expect(page.getByTestId('job-exe')).toHaveText('mpi-io-test -i 4 -v');
      await app.shot(`darshan-dxt-${w}x${h}-${scheme}`);
      await page.getByTestId('tab-files').click();
      await expect(page.getByTestId('files-row').first()).toHaveAttribute('data-fp', '/yellow/users/treddy/mpi_io_rough_work/test.out');
      await app.shot(`darshan-dxt-files-${w}x${h}-${scheme}`);
      await counterFiles(page, (JSON.parse(cliJson(MPIIO)) as { darshan_files: unknown[] }).darshan_files.length);
      await app.shot(`darshan-dxt-counters-${w}x${h}-${scheme}`);
    });
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Layer links: a 10-rank log whose DXT traced POSIX alone names its one layer; mpi-io-test links MPI-IO to POSIX (three sizes, ${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const app = new AppPage(page);
    await app.open();
    // its header: POSIX, H5F, H5D, DXT_POSIX — counters of the HDF5 layer, but operations traced for POSIX alone
    await app.dropFiles([log('hdf5_diagonal_write_half_ranks_dxt')], 60_000);
    expect((await app.expectReady()).cases).toBe(10);
    await page.getByTestId('tab-sites').click();
    const none = page.getByTestId('layer-links-none');
    await expect(none).toHaveText('Only one layer is traced, POSIX, so there is nothing to link: no call has a traced layer above it.');
    await expect(page.getByTestId('layer-links-row')).toHaveCount(0);
    await atSizes(page, async (w, h) => {
      await expect(none).toBeVisible();
      await app.shot(`darshan-one-layer-links-${w}x${h}-${scheme}`);
    });
    await app.open();
    await app.dropFiles([MPIIO], 60_000);
    await app.expectReady();
    await page.getByTestId('tab-sites').click();
    // 32 ranks × 4 writes (and 4 reads) of 16 MiB, each passed down whole to one POSIX operation
    await expect(page.locator('[data-testid=layer-links-row][data-upper="MPIIO MPIIO write"][data-lower="POSIX POSIX write"]')).toHaveAttribute('data-links', '128');
    await expect(page.getByTestId('layer-links-none')).toHaveCount(0);
    await atSizes(page, async (w, h) => {
      await expect(page.getByTestId('layer-links-row')).toHaveCount(2);
      await app.shot(`darshan-links-${w}x${h}-${scheme}`);
    });
  });
}
