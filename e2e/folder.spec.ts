import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_OPEN_FILES } from '../src/session/readFiles';
import { AppPage, fixture } from './app';

test('a folder of real multi-process traces (folder picker, with a sub-folder)', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('raw'); // the plain mapping: these checks name system files
  await app.pickFolder(fixture('multiproc'));
  const s = await app.expectReady();
  expect(s.cases).toBe(3);
  expect(s.errors).toEqual([]);
  await expect(page.getByTestId('summary')).toContainText('node1, node2');
  await expect(page.getByTestId('summary')).toContainText('pipe, tar');
  const g = await app.graph();
  expect(g.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['●', '■']));
  // the first view shows what fits; every activity is in the statistics
  await page.getByTestId('stats-filter').fill('ld.so.cache');
  await expect(page.locator('[data-testid=stats-row][data-id="openat:/etc/ld.so.cache"]')).toHaveCount(1);
  await app.shot('folder-multiproc');
});

test('many files dropped at once with a real drop event', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const dir = fixture('multiproc');
  const files = readdirSync(dir).filter((f) => f.endsWith('.st')).map((f) => `${dir}/${f}`);
  await app.dropFiles([...files, fixture('multiproc/run2/tar_node2_1.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(3);
  const byPid = await page.evaluate(() => window.__app!.state().events);
  // One case per (file, pid): more cases, same events.
  await page.getByTestId('open-menu').click(); // case per pid is in the header's More menu
  await page.getByTestId('split-pid').check();
  await app.waitIdle();
  const split = await app.state();
  expect(split.cases).toBeGreaterThan(3);
  expect(split.events).toBe(byPid);
  expect(page.url()).toContain('split=pid');
});

/** In the app's worker: counts the blob reads in flight (slice(…).arrayBuffer(), how fileSource reads a File). */
const COUNT_READS = `(() => {
  const r = { now: 0, max: 0, total: 0 };
  globalThis.__reads = r;
  const read = Blob.prototype.arrayBuffer;
  Blob.prototype.arrayBuffer = async function () {
    r.total++;
    r.max = Math.max(r.max, ++r.now);
    try { return await read.call(this); } finally { r.now--; }
  };
})();
`;

test('20,000 small traces opened at once: all load (no file left unread), at most MAX_OPEN_FILES read at a time, a graph', async ({ page }) => {
  test.setTimeout(300_000);
  const N = 20_000;
  // tiny but real: the start, the data file and the end of a real `cat data.txt` trace
  const lines = readFileSync(fixture('bad/good_node1_1.st'), 'utf8').split('\n');
  const trace = [...lines.slice(0, 2), ...lines.filter((l) => l.includes('data.txt') || l.includes('+++ exited')), ''].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'strace-dfg-e2e-many-'));
  try {
    const paths: string[] = [];
    for (let i = 0; i < N; i++) {
      const p = join(dir, `many_node${(i % 4) + 1}_${i}.st`);
      writeFileSync(p, trace);
      paths.push(p);
    }
    // the app's worker, with a counter of the reads in flight before its own code
    await page.route(/assets\/worker-[^/]*\.js$/, async (route) => {
      const r = await route.fetch();
      await route.fulfill({ response: r, body: COUNT_READS + (await r.text()) });
    });
    const app = new AppPage(page);
    await app.open();
    // through the file picker: Files backed by files on disk (what a drop of a folder's files gives; a
    // DataTransfer made in the page holds only in-memory blobs, which never run out of file handles)
    const t0 = Date.now();
    await page.getByTestId('file-input').setInputFiles(paths);
    await app.waitIdle(240_000);
    const loadMs = Date.now() - t0;
    const s = await app.expectReady();
    expect(s.errors.slice(0, 3), `${s.errors.length} files not loaded`).toEqual([]);
    expect(s.cases).toBe(N);
    await expect(page.getByTestId('summary-cases')).toHaveText('20,000');
    await expect(page.getByTestId('summary-files')).toContainText(/^20,000 \(/);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    const worker = page.workers().find((w) => /\/assets\/worker-[^/]*\.js$/.test(w.url()));
    expect(worker, 'the app worker').toBeTruthy();
    const reads = await worker!.evaluate(() => (globalThis as unknown as { __reads: { now: number; max: number; total: number } }).__reads);
    expect(reads.total).toBeGreaterThanOrEqual(N); // every file's head is read (sniffed) here; the parse workers read the rest
    expect(reads.max).toBeGreaterThan(1);
    expect(reads.max).toBeLessThanOrEqual(MAX_OPEN_FILES);
    // the graph of 20,000 identical cases: every case leaves ● once
    const g = await app.graph();
    expect(g.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['●', '■']));
    expect(g.nodes.length).toBeGreaterThan(2);
    expect(g.edges.filter((e) => e.source === '●').reduce((a, e) => a + e.count, 0)).toBe(N);
    console.log(`20,000 files: graph in ${(loadMs / 1000).toFixed(1)} s, ${reads.total} reads, at most ${reads.max} at once`);
    await app.shot('folder-20000-files');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
