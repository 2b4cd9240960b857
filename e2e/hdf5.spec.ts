import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AppPage, FIXTURES } from './app';

const H5 = join(FIXTURES, '..', '..', 'src/ingest/hdf5/__fixtures__');

test('an HDF5 event log loads in the browser (h5wasm, WORKERFS) beside a strace file; a corrupt one is named', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([join(H5, 'h5py_compound.h5'), join(H5, 'bad_corrupt.h5'), join(FIXTURES, 'bad/good_node1_1.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBeGreaterThan(1);
  expect(s.errors).toHaveLength(1);
  expect(s.errors[0]).toContain('bad_corrupt.h5');
  // Export the loaded log as .h5 and load the download back.
  const [dl] = await Promise.all([page.waitForEvent('download'), app.menuItem('export-menu', 'export-h5')]);
  const path = await dl.path();
  expect(dl.suggestedFilename()).toBe('strace-dfg-events.h5');
  await app.pickFiles([path!]);
  const back = await app.expectReady();
  expect(back.cases).toBe(s.cases);
  expect(back.events).toBe(s.events);
});
