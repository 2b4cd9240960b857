/**
 * Loading journeys on the real IOR runs (e2e/fixtures/ior-ssf-fpp, gzip'd strace files): .st.gz dropped as
 * they are, files added to a loaded set, other files of a folder counted on one line, a link's view shown
 * before anything is loaded, and a variant's cases kept.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { AppPage, fixture } from './app';
import { mpiFiles } from './mpiFixtures';

const IOR = fixture('ior-ssf-fpp');
const gz = (prefix = ''): string[] =>
  readdirSync(IOR)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.st.gz'))
    .sort()
    .map((f) => join(IOR, f));
const LONG = 120_000; // 16 real traces, the analysis and the first view's layouts on a loaded 2-core box

async function analysisJson(page: Page): Promise<Record<string, unknown>> {
  const [dl] = await Promise.all([page.waitForEvent('download'), new AppPage(page).menuItem('export-menu', 'export-json')]);
  return JSON.parse(readFileSync((await dl.path())!, 'utf8')) as Record<string, unknown>;
}

/** Drags files over the page (the overlay shows) and drops them at `clientX`. */
async function dropAt(app: AppPage, paths: string[], clientX: number, shot?: string): Promise<void> {
  const files = paths.map((p) => ({ name: basename(p), b64: readFileSync(p).toString('base64') }));
  const dt = await app.page.evaluateHandle((fs) => {
    const t = new DataTransfer();
    for (const f of fs) t.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name));
    return t;
  }, files);
  const at = { dataTransfer: dt, clientX, clientY: 400 };
  await app.page.dispatchEvent('[data-testid=app]', 'dragenter', at);
  await app.page.dispatchEvent('[data-testid=app]', 'dragover', at);
  if (shot) await app.shot(shot);
  await app.page.dispatchEvent('[data-testid=app]', 'drop', at);
  await app.waitIdle(LONG);
}

test('.st.gz traces dropped as they are give the analysis of the uncompressed files, and the JSON records the view', async ({ page }) => {
  test.setTimeout(300_000);
  const app = new AppPage(page);
  await app.open('v=1&green=cid:ssf&red=cid:fpp');
  await app.dropFiles(gz(), LONG);
  const s = await app.expectReady();
  expect(s.cases).toBe(16);
  expect(s.errors).toEqual([]);
  await expect(page.getByTestId('summary-files')).toContainText('16');
  const fromGz = await analysisJson(page);
  // the same runs, uncompressed (gunzipped by Node), through the file picker
  await page.getByTestId('file-input').setInputFiles(mpiFiles('ior-ssf-fpp'));
  await app.waitIdle(LONG);
  const fromPlain = await analysisJson(page);
  expect(fromGz.cases).toBe(16);
  expect(fromGz.view).toBe('v=1&green=cid:ssf&red=cid:fpp');
  expect(fromGz).toEqual(fromPlain);
});

test('add files: the ssf runs, then the fpp runs added (button, then a drop on the right half); the partition picker sees both', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await page.getByTestId('file-input').setInputFiles(gz('ssf_'));
  await app.waitIdle(LONG);
  expect((await app.expectReady()).cases).toBe(8);
  await page.getByTestId('add-input').setInputFiles(gz('fpp_').slice(0, 4));
  await app.waitIdle(LONG);
  expect((await app.expectReady()).cases).toBe(12);
  // a drop on the left half would replace: the overlay says which half does what
  await dropAt(app, gz('fpp_').slice(4), 1200, 'loading-drop-overlay');
  const s = await app.expectReady();
  expect(s.cases).toBe(16);
  expect(s.errors).toEqual([]);
  // a file already loaded is named, not read twice
  await page.getByTestId('add-input').setInputFiles(gz('fpp_').slice(0, 1));
  await app.waitIdle(LONG);
  const again = await app.expectReady();
  expect(again.cases).toBe(16);
  expect(again.errors).toEqual(['fpp_vm_0.st.gz: already loaded (not added again)']);
  await app.tab('partition');
  const presets = page.getByTestId('partition').locator('.preset');
  await expect(presets).toHaveText([/cid fpp/, /cid ssf/]);
  await presets.filter({ hasText: 'cid ssf' }).getByRole('button', { name: 'G' }).click();
  await app.waitIdle(LONG);
  await presets.filter({ hasText: 'cid fpp' }).getByRole('button', { name: 'R' }).click();
  await app.waitIdle(LONG);
  await expect(page.getByTestId('partition-legend')).toContainText('green: 8 cases');
  await expect(page.getByTestId('partition-legend')).toContainText('red: 8 cases');
  await app.shot('loading-added-1600');
  // a drop on the left half replaces what is loaded (the partition cleared first: no fpp case will be left)
  await page.getByTestId('clear-partition').click();
  await app.waitIdle(LONG);
  await dropAt(app, gz('ssf_').slice(0, 2), 200);
  expect((await app.expectReady()).cases).toBe(2);
});

test('a folder with other files: one line "N other files skipped", a trace-named file that fails gets its own line', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'strace-dfg-e2e-'));
  try {
    const run = join(dir, 'ior-run');
    mkdirSync(join(run, 'plots'), { recursive: true });
    for (const f of gz('ssf_').slice(0, 2)) copyFileSync(f, join(run, basename(f)));
    copyFileSync(fixture('ior-like', 'README.md'), join(run, 'README.md'));
    copyFileSync(fixture('ior-like', 'make.sh'), join(run, 'make.sh'));
    copyFileSync(fixture('ior-like', 'ior-like.c'), join(run, 'ior-like.c'));
    writeFileSync(join(run, 'params.json'), '{"blockSize": 16777216, "transferSize": 1048576}\n');
    writeFileSync(join(run, 'plots', 'bw.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    writeFileSync(join(run, 'ssf_vm_9.st'), 'srun: error: vm: task 9: Exited with exit code 1\n');
    const app = new AppPage(page);
    await app.open();
    await app.pickFolder(run);
    const s = await app.expectReady();
    expect(s.cases).toBe(2);
    expect(s.errors).toEqual(['ior-run/ssf_vm_9.st: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace']);
    const skipped = page.getByTestId('skipped-files');
    await expect(skipped.locator('summary')).toHaveText('5 other files skipped (not traces)');
    await expect(skipped.locator('li').first()).toBeHidden(); // collapsed: the names on click
    await skipped.locator('summary').click();
    await expect(skipped.locator('li')).toHaveText(['ior-run/README.md', 'ior-run/ior-like.c', 'ior-run/make.sh', 'ior-run/params.json', 'ior-run/plots/bw.svg']);
    await expect(page.getByTestId('file-errors')).toContainText('ssf_vm_9.st');
    await app.shot('loading-skipped', '.side');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a shared link opened before any file: the page says what it will apply, and Discard drops it', async ({ page }) => {
  for (const [w, h] of [[1600, 1000], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    const app = new AppPage(page);
    await app.open('v=1&raw=1&depth=3&exclude=/proc&green=cid:ssf&red=cid:fpp&keep=without:read:/etc/passwd&time=0.5..2&metric=bytes&activities=12&dir=TB');
    const box = page.getByTestId('link-view');
    await expect(box).toBeVisible();
    await expect(page.getByTestId('link-view-line')).toHaveText([
      'mapping: the plain mapping: system files shown, raw paths',
      'mapping: path depth 3',
      'mapping: paths left out: /proc',
      'partition: green = cid:ssf, red = cid:fpp',
      'case filter: keep the cases without read:/etc/passwd',
      'time window: 0.5 s to 2 s',
      /^colour: by /,
      'graph: top 12 activities, top to bottom',
    ]);
    await app.shot(`loading-link-view-${w}`);
  }
  await page.getByTestId('link-view-discard').click();
  await expect(page.getByTestId('link-view')).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  // the default view applies to what is dropped now
  const app = new AppPage(page);
  await app.dropFiles(gz('ssf_').slice(0, 1), LONG);
  expect((await app.expectReady()).cases).toBe(1);
});

test('Variants: "keep these cases" of a run-length compressed variant keeps exactly its cases', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  // depth 3 tells the shared file (/scratch/ior/ssf) from the per-rank ones: the 8 ssf ranks are one variant
  await app.open('v=1&depth=3');
  await app.dropFiles(gz(), LONG);
  expect((await app.expectReady()).cases).toBe(16);
  await app.tab('variants');
  // a variant with a repeated step (`write:… ×N`) that holds some but not all cases
  const variant = page.getByTestId('variant').filter({ has: page.locator('.run') }).filter({ has: page.getByTestId('variant-keep') }).first();
  await expect(variant).toBeVisible();
  const count = Number((await variant.getByTestId('variant-count').innerText()).replace(/[^\d]/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(16);
  await variant.locator('.var-head').click(); // expand: the case list
  const ids = (await variant.locator('.var-cases li').allInnerTexts()).sort();
  expect(ids).toHaveLength(count);
  await variant.getByTestId('variant-keep').click();
  await app.waitIdle(LONG);
  expect((await app.expectReady()).cases).toBe(count);
  await expect(page.getByTestId('case-filters')).toContainText(count === 1 ? ids[0] : `only ${count} cases`);
  expect(page.url()).toContain('keep=cases:');
  // the analysis holds exactly those cases
  const json = await analysisJson(page);
  expect((json.variants as { cases: string[] }[]).flatMap((v) => v.cases).sort()).toEqual(ids);
  await app.shot('loading-variant-kept');
});

test('broken .gz files (bad CRC, bad header, gzip’d HDF5) are one line each, never the browser’s internals; a truncated one loads with a warning; the rest loads', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const bad = ['corrupt_vm_0.st.gz', 'badheader_node1_1.st.gz', 'h5py_compound.h5.gz'];
  const FX = join(fixture(), '..', '..', 'src', 'ingest', '__fixtures__');
  await app.dropFiles([...gz('fpp_').slice(0, 2), ...['truncated_vm_0.st.gz', ...bad].map((f) => join(FX, f))], LONG);
  const s = await app.expectReady();
  expect(s.cases).toBe(3);
  expect(s.errors).toHaveLength(3);
  for (const f of bad) expect(s.errors.find((e) => e.startsWith(`${f}: `)), f).toBeTruthy();
  expect(s.errors.filter((e) => /: the gzip data is corrupt at byte \d+ \([a-z ]+\)$/.test(e))).toHaveLength(2);
  expect(s.errors.find((e) => e.startsWith('h5py_compound.h5.gz'))).toMatch(/decompress it first/);
  await expect(page.getByTestId('file-errors').locator('li')).toHaveCount(3);
  // issue #33.8: Chrome's DecompressionStream errors ("TypeError: Failed to execute 'close' on
  // 'WritableStreamDefaultWriter': …") are never shown
  await expect(page.getByTestId('app')).not.toContainText(/WritableStream|TypeError|Junk found/);
  await page.locator('details.warnings summary').click();
  await expect(page.locator('details.warnings li').filter({ hasText: 'truncated_vm_0.st.gz is cut short' })).toHaveCount(1);
});

test('gzip members one after the other, zero padding and a file cut short load as GNU gzip reads them (#33.8)', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open();
  const FX = join(fixture(), '..', '..', 'src', 'ingest', '__fixtures__');
  const edges = ['multimember_vm_2.st.gz', 'padded_vm_1.st.gz', 'cutmember_vm_2.st.gz'];
  await app.dropFiles(edges.map((f) => join(FX, f)), LONG);
  const s = await app.expectReady();
  expect(s.errors).toEqual([]);
  expect(s.cases).toBe(3);
  await page.locator('details.warnings summary').click();
  await expect(page.locator('details.warnings li').filter({ hasText: 'cut short' })).toHaveCount(1);
  await expect(page.locator('details.warnings li').filter({ hasText: 'cutmember_vm_2.st.gz is cut short' })).toHaveCount(1);
  const fromGz = await analysisJson(page);
  // zlib's output of the same files (what decompressed before the cut), under the same names
  const dir = mkdtempSync(join(tmpdir(), 'strace-dfg-gzedges-'));
  try {
    const plain = edges.map((f) => {
      const p = join(dir, f.replace(/\.gz$/, ''));
      writeFileSync(p, gunzipSync(readFileSync(join(FX, f)), { finishFlush: constants.Z_SYNC_FLUSH }));
      return p;
    });
    await page.getByTestId('file-input').setInputFiles(plain);
    await app.waitIdle(LONG);
    expect((await app.expectReady()).events).toBe(s.events);
    expect(await analysisJson(page)).toEqual(fromGz);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(s.events).toBeGreaterThan(3000);
});
