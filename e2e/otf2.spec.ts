/**
 * Score-P OTF2 traces in the app (src/ingest/otf2): the trace folder picked as a folder, and the folder as a
 * .tar dropped; the same ranks and I/O calls of every layer each way; the Layer links table (by the I/O
 * handles, as the writer's truth.json lists the parents); screenshots of the graph and of the links at three
 * sizes, light and dark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { AppPage, atSizes } from './app';

const OTF2 = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'ingest', 'otf2', '__fixtures__');
const CASES = ['layered_node01_0', 'layered_node01_1', 'layered_node02_2', 'layered_node02_3'];
const CALLS = ['H5Dwrite', 'MPI_File_write_at_all', 'pwrite64', 'fwrite', 'fopen', 'lseek', 'unlink'];

interface TruthEvent {
  call: string;
  fp: string;
  layer: string;
  parent: number;
  unmatched?: boolean;
}

/** From the writer's own list: per `upper call -> lower call` the links (system files hidden by the default mapping). */
function truthLinks(name: string): Record<string, number> {
  const t = JSON.parse(readFileSync(join(OTF2, name, 'truth.json'), 'utf8')) as { groups: { locations: { events: TruthEvent[] }[] }[] };
  const out: Record<string, number> = {};
  for (const l of t.groups.flatMap((g) => g.locations)) {
    for (const e of l.events) {
      if (e.parent < 0 || e.fp.startsWith('/dev/')) continue;
      const p = l.events[e.parent];
      const k = `${p.layer} ${p.call} -> ${e.layer} ${e.call}`;
      out[k] = (out[k] ?? 0) + 1;
    }
  }
  return out;
}

async function linkRows(app: AppPage): Promise<Record<string, number>> {
  const rows = app.page.getByTestId('layer-links-row');
  await expect(rows.first()).toBeVisible();
  const out: Record<string, number> = {};
  for (const r of await rows.all()) out[`${await r.getAttribute('data-upper')} -> ${await r.getAttribute('data-lower')}`] = Number(await r.getAttribute('data-links'));
  return out;
}

test('the Layer links table follows the I/O handles where time containment says otherwise (handles/), and the layered ranks', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(join(OTF2, 'handles'));
  await app.expectReady();
  await page.getByTestId('tab-sites').click();
  const links = page.getByTestId('layer-links');
  await expect(links).toHaveAttribute('data-sources', 'handles');
  await expect(page.getByTestId('layer-links-source')).toContainText("by the trace's I/O handles");
  const got = await linkRows(app);
  expect(got).toEqual(truthLinks('handles'));
  // the write to b.log lies inside H5Dwrite in time, but its handle has no parent: no link
  expect(Object.keys(got).some((k) => k.endsWith('POSIX write'))).toBe(false);
  expect(got['MPI-IO MPI_File_iwrite_at -> POSIX pwrite64']).toBe(1);
  await expect(page.getByTestId('layer-links-counts')).toContainText('POSIX: 4 linked, 1 not linked: a parent handle, and no call of the layers above holds it');
  await expect(page.getByTestId('layer-links-counts')).toContainText('MPI-IO: 1 linked, 1 not linked');
  await app.shot('otf2-handles-links-1280x720', '[data-testid=layer-links]');

  const app2 = new AppPage(page);
  await app2.open();
  await app2.pickFolder(join(OTF2, 'layered'));
  await app2.expectReady();
  await page.getByTestId('tab-sites').click();
  const layered = await linkRows(app2);
  expect(layered).toEqual(truthLinks('layered'));
  expect(Object.values(layered).reduce((a, b) => a + b, 0)).toBe(44);
});

/** The Layer links rows wholly visible in their scrolling box (below its sticky header), all its rows, and how far the tab overflows its pane. */
async function visibleLinkRows(app: AppPage): Promise<{ visible: number; rows: number; paneOverflow: number }> {
  return app.page.evaluate(() => {
    const pane = document.querySelector('.sites-tab')!.parentElement!;
    const box = document.querySelector('[data-testid=layer-links] .tbl-scroll')!.getBoundingClientRect();
    const head = document.querySelector('[data-testid=layer-links] thead')!.getBoundingClientRect();
    const rows = [...document.querySelectorAll('[data-testid=layer-links-row]')].map((r) => r.getBoundingClientRect());
    return { visible: rows.filter((r) => r.top >= head.bottom - 1 && r.bottom <= box.bottom + 1).length, rows: rows.length, paneOverflow: pane.scrollHeight - pane.clientHeight };
  });
}

async function summaryOf(app: AppPage) {
  return app.page.evaluate(() => window.__app!.state());
}

test('an OTF2 trace folder (folder picker) and its .tar (a real drop) load the same ranks and calls', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(join(OTF2, 'layered'));
  const a = await app.expectReady();
  expect(a.errors).toEqual([]);
  expect(a.cases).toBe(4);
  await app.tab('summary');
  await expect(page.getByTestId('summary')).toContainText('node01, node02');
  await expect(page.getByTestId('summary')).toContainText('1 location group without I/O records');
  // the ranks, as the partition picker lists them
  await app.tab('partition');
  for (const c of CASES) await expect(page.locator('body')).toContainText(c);
  await app.tab('stats');
  for (const call of CALLS) {
    await page.getByTestId('stats-filter').fill(call);
    await expect(page.locator('[data-testid=stats-row]').first()).toContainText(call);
  }
  await page.getByTestId('stats-filter').fill('');

  const app2 = new AppPage(page);
  await app2.open();
  await app2.dropFiles([join(OTF2, 'layered.tar')]);
  const b = await app2.expectReady();
  expect(b.errors).toEqual([]);
  expect(b.cases).toBe(a.cases);
  expect(b.events).toBe(a.events);
  expect((await summaryOf(app2)).events).toBe(a.events);
});

test('the anchor dropped alone says what to drop', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles([join(OTF2, 'layered', 'traces.otf2')]);
  const s = await app.state();
  expect(s.errors.join('\n')).toMatch(/traces\.otf2: the OTF2 anchor file without its definitions/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of an OTF2 trace's graph (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const app = new AppPage(page);
    await atSizes(page, async (w, h) => {
      await app.open('activities=5&rank=count');
      await app.pickFolder(join(OTF2, 'layered'));
      await app.expectReady();
      const g = await app.graph();
      // the 5 most frequent calls (ranked by count: the default ranks by time), the HDF5, MPI-IO and POSIX
      // writes among them, ● and ■
      expect(g.nodes.length).toBe(7);
      expect(g.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['H5Dwrite:/scratch/out.h5', 'MPI_File_write_at_all:/scratch/out.h5', 'pwrite64:/scratch/out.h5']));
      await app.shot(`otf2-layered-${w}x${h}-${scheme}`);
      // the Layer links table of the 4 ranks
      await page.getByTestId('tab-sites').click();
      await expect(page.getByTestId('layer-links-row').first()).toBeVisible();
      // room for the rows: the tab's toolbar and counts one line each, the pane not scrolled (it showed ~3 rows at 1024x700)
      const { visible, rows, paneOverflow } = await visibleLinkRows(app);
      expect(paneOverflow, `${w}x${h}: the tab fits its pane`).toBeLessThanOrEqual(1);
      expect(visible, `${w}x${h}: ${visible} of ${rows} rows visible`).toBeGreaterThanOrEqual(Math.min(rows, 5));
      await app.shot(`otf2-layered-links-${w}x${h}-${scheme}`);
      await app.shot(`otf2-layered-links-panel-${w}x${h}-${scheme}`, '.sites-tab');
    });
  });
}

test('an OTF2 trace compared with strace traces of a similar run: green vs red with numbers', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(join(OTF2, 'layered'));
  await app.expectReady();
  // add the strace runs (a shared-file IOR run, 8 ranks) beside it
  const ior = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ior-ssf-fpp');
  await page.getByTestId('add-input').setInputFiles(readdirSync(ior).filter((f) => f.startsWith('ssf_')).map((f) => join(ior, f)));
  await page.evaluate(() => window.__app!.waitIdle(90_000));
  const s = await app.expectReady();
  expect(s.cases).toBe(4 + 8);
  // the OTF2 trace green, the strace runs red: two clicks
  await app.tab('partition');
  await page.getByTitle('green = cid:layered').click();
  await app.waitIdle();
  await page.getByTitle('red = cid:ssf').click();
  await app.waitIdle();
  await app.tab('compare');
  const panel = page.getByTestId('compare-panel');
  await expect(panel.getByText('green 4 cases')).toBeVisible();
  await expect(panel.getByText('red 8 cases')).toBeVisible();
  await app.shot('otf2-vs-strace-compare-1600x1000');
});
