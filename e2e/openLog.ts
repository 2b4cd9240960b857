/** The set-up most look-at-it specs share: the app opened afresh, a log loaded, ready — at one size or at each. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AppPage, atSizes, SHOT_SIZES } from './app';
import { loadMpi, type MpiFixture } from './mpiFixtures';

/** mpi-io-test's Darshan log (32 ranks, DXT; Open MPI's shared-file-pointer files among its records). */
export const MPI_IO_TEST_LOG = join(dirname(fileURLToPath(import.meta.url)), '../src/ingest/darshan/__fixtures__/mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan');

/** Opens the app (settings in `hash`), loads `log` — a fixture's traces by the file picker, or files dropped —
 * and asserts it ready. */
export async function openLog(page: Page, log: MpiFixture | readonly string[], hash = ''): Promise<AppPage> {
  const app = new AppPage(page);
  await app.open(hash);
  if (typeof log === 'string') await loadMpi(app, log);
  else await app.dropFiles([...log], 60_000);
  await app.expectReady();
  return app;
}

/** In the colour `scheme`, at each of `sizes`: the app opened afresh (settings in `hash`) with `log` loaded (openLog), then `each`. */
export async function openLogAtSizes(
  page: Page,
  scheme: 'light' | 'dark',
  log: MpiFixture | readonly string[],
  each: (app: AppPage, w: number, h: number) => Promise<void>,
  sizes: readonly (readonly [number, number])[] = SHOT_SIZES,
  hash = '',
): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await atSizes(page, async (w, h) => each(await openLog(page, log, hash), w, h), sizes);
}
