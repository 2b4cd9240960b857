/**
 * Layers in the app (docs/GUIDE.md "Layers"): the real strace -k traces of an MPI-IO program, 4 ranks under
 * OMPIO (green) and 4 under ROMIO (red) — the Call sites table, the node hover, the graph grouped by layer,
 * the flame graph green vs red, the comparison's layer rows; screenshots at three sizes, light and dark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { AppPage, atSizes } from './app';
import { stableGraph } from './graphWait';
import { midWordBreaks } from './textWrap';

const FX = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'analysis', 'layers', '__fixtures__');
const MPI = ['mpi-ompio', 'mpi-romio'].flatMap((d) => readdirSync(join(FX, d)).filter((f) => f.endsWith('.st.gz')).map((f) => join(FX, d, f)));
const VIEW = 'green=cid:ompio&red=cid:romio&group=layer&activities=6';

async function load(page: Page, hash = VIEW): Promise<AppPage> {
  const app = new AppPage(page);
  await app.open(hash);
  await app.dropFiles(MPI);
  const s = await app.expectReady();
  expect(s.errors).toEqual([]);
  expect(s.cases).toBe(8);
  return app;
}

/** Opens a bottom tab by its id (the AppPage helper names the older ones only). */
const openTab = (page: Page, id: string) => page.getByTestId(`tab-${id}`).click();

test('MPI-IO under OMPIO and ROMIO: call sites, hover, lanes, flame graph and the layer rows of the comparison', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = await load(page);

  // the Call sites table: the program's two writing functions, through MPI-IO (mpi_prog.txt's structure)
  await openTab(page, 'sites');
  const table = page.getByTestId('sites-table');
  await expect(table).toBeVisible();
  await page.getByTestId('sites-filter').fill('write_collective');
  const rows = page.getByTestId('sites-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.locator('[data-col=site]')).toContainText('write_collective (layers_mpiio+0x');
    await expect(row.locator('[data-col=layers]')).toContainText('mpiio');
  }
  await page.getByTestId('sites-filter').fill('write_independent');
  await expect(rows.first().locator('[data-col=entries]')).toContainText('MPI_File_write_at');
  await page.getByTestId('sites-filter').fill('');
  await expect(page.getByTestId('layer-totals')).toContainText('mpiio');

  // the graph grouped by layer (group=layer from the link): each activity inside its lane, lanes apart
  const g = await stableGraph(app);
  expect(g.lanes?.map((l) => l.layer)).toEqual(expect.arrayContaining(['mpiio']));
  const meet = (a: { x1: number; y1: number; x2: number; y2: number }, b: typeof a) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
  for (const l of g.lanes!) {
    for (const id of l.members) {
      const b = g.nodes.find((n) => n.id === id)!.box!;
      expect(b.x1 >= l.box.x1 - 1 && b.x2 <= l.box.x2 + 1 && b.y1 >= l.box.y1 - 1 && b.y2 <= l.box.y2 + 1).toBe(true);
    }
    for (const m of g.lanes!) if (m !== l) expect(meet(l.box, m.box)).toBe(false);
  }
  await app.shot('layers-lanes-1600x1000-light');

  // the hover of an MPI-IO activity lists its layers and call sites
  const mpiio = g.lanes!.find((l) => l.layer === 'mpiio')!;
  const node = g.nodes.find((n) => n.id === mpiio.members[0])!;
  const canvas = page.getByTestId('graph-canvas');
  await canvas.hover({ position: { x: node.at!.x, y: node.at!.y } });
  const tip = page.getByTestId('graph-tooltip');
  await expect(tip).toContainText('layers');
  await expect(tip).toContainText('mpiio (');
  await expect(tip).toContainText('call sites');
  await page.mouse.move(2, 2);

  // the flame graph: OMPIO's frames green, ROMIO's red (bytes per case)
  await openTab(page, 'flame');
  await expect(page.getByTestId('flame-svg')).toBeVisible();
  await page.getByTestId('flame-weight').selectOption('bytes');
  await expect(page.getByTestId('flame-total')).toContainText('per case (4 vs 4 cases)');
  const fill = (sel: string) => page.locator(`[data-testid=flame-rect]${sel} rect`).first().getAttribute('fill');
  await expect(page.locator('[data-testid=flame-rect][data-name^="mca_io_ompio"]').first()).toBeAttached();
  expect(await fill('[data-name^="mca_io_ompio"]')).toBe('rgb(46, 125, 50)');
  expect(await fill('[data-name^="mca_io_romio"]')).toBe('rgb(229, 57, 53)');
  await app.shot('layers-flame-1600x1000-light');

  // the run timeline coloured by layer: the legend names the layers
  await page.getByTestId('tab-time').click();
  await page.getByTestId('run-color').selectOption('layer');
  await expect(page.getByTestId('run-timeline')).toContainText('mpiio');

  // the comparison has rows per layer and per call site
  await app.tab('compare');
  const kind = page.getByTestId('compare-kind');
  await kind.selectOption('layer');
  await expect(page.locator('[data-testid=compare-row][data-id=mpiio]')).toBeVisible();
  await kind.selectOption('site');
  await expect(page.getByTestId('compare-row').first()).toContainText('(layers_mpiio+0x');
});

test('the Layers control: grouping on and off, the layer in the activity, a bad rule named', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = await load(page, 'green=cid:ompio&red=cid:romio&activities=6');
  expect((await stableGraph(app)).lanes).toBeUndefined();
  await page.getByTestId('layers-control').locator('summary').click();
  await page.getByTestId('group-by-layer').check();
  await expect.poll(async () => (await app.graph()).lanes?.length ?? 0).toBeGreaterThan(1);
  expect(page.url()).toContain('group=layer');
  await page.getByTestId('group-by-layer').uncheck();
  await expect.poll(async () => (await app.graph()).lanes?.length ?? 0).toBe(0);
  // (the box follows the view: checked once the analysis with the layer in the activity is done)
  await page.getByTestId('layer-in-activity').click();
  await app.waitIdle();
  await expect(page.getByTestId('layer-in-activity')).toBeChecked();
  await expect.poll(async () => (await app.graph()).nodes.some((n) => n.id.startsWith('mpiio › '))).toBe(true);
  expect(page.url()).toContain('layer=1');
  await page.getByTestId('layer-rules').fill('mine bin=(');
  await page.getByTestId('layer-rules-apply').click();
  await app.waitIdle();
  await expect(page.getByTestId('layer-rules-error')).toContainText('mine');
  // the previous analysis stays
  expect((await app.graph()).nodes.some((n) => n.id.startsWith('mpiio › '))).toBe(true);
});

test('lanes from a link that sets the number of activities: labels ≥ 10 px at 1280×720 (the graph overflows and pans)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = await load(page);
  const g = await stableGraph(app);
  expect(g.lanes!.length).toBeGreaterThan(1);
  // the GUIDE's floor ("Read the graph"): lane and node labels at ≥ 10 px, as the first view keeps them
  for (const l of g.lanes!) expect(l.labelPx, l.layer).toBeGreaterThanOrEqual(10);
  for (const n of g.nodes) if (n.label) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(10);
});

test('the Summary counts the -k frame lines apart: read with their calls, not dropped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const file = join(FX, 'c', 'c_all.st');
  const frameLines = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith(' > ')).length;
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles([file]);
  expect((await app.expectReady()).errors).toEqual([]);
  await app.tab('summary');
  const dropped = page.getByTestId('summary-dropped');
  await expect(dropped).toContainText('orphan-stack-frame');
  expect(await dropped.textContent()).not.toMatch(/(^|[ ·])stack-frame/);
  const orphans = Number(/orphan-stack-frame ([\d,]+)/.exec((await dropped.textContent())!)![1].replace(/,/g, ''));
  // every frame line of the file: read into its call's stack, or of no call (dropped)
  await expect(page.getByTestId('summary-stack-frames')).toHaveText(`${(frameLines - orphans).toLocaleString('en-US')} stack frame lines`);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots: the Summary of the 8 MPI-IO -k ranks, stack frame lines apart (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const app = await load(page, 'activities=6');
    await app.tab('summary');
    await atSizes(page, async (w, h) => {
      await expect(page.getByTestId('summary-stack-frames')).toContainText('stack frame lines');
      await app.shot(`layers-summary-${w}x${h}-${scheme}`);
      // the untraced time's strace filter and paths wrap at their commas and slashes, not inside a word
      await expect(page.getByTestId('untraced-summary')).toContainText('trace=%file,%desc,%process');
      expect(await midWordBreaks(page.getByTestId('untraced-summary'))).toEqual([]);
    });
  });
}

test('a trace without stacks: the tabs say how to get them', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadExample();
  await openTab(page, 'sites');
  await expect(page.getByTestId('sites-none')).toContainText('strace -k');
  await openTab(page, 'flame');
  await expect(page.getByTestId('flame-none')).toContainText('strace -k');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots: the graph grouped by layer and the flame graph (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      const app = await load(page);
      const g = await stableGraph(app);
      expect(g.lanes!.length).toBeGreaterThan(1);
      await app.shot(`layers-lanes-${w}x${h}-${scheme}`);
      await openTab(page, 'flame');
      await expect(page.getByTestId('flame-svg')).toBeVisible();
      // the tables pane made taller with its handle (keyboard), as a reader of the flame graph would
      if (h < 1000) {
        await page.getByTestId('split-tables').focus();
        for (let k = 0; k < 3; k++) await page.keyboard.press('Shift+ArrowUp');
        await app.waitIdle();
      }
      await app.shot(`layers-flame-${w}x${h}-${scheme}`);
    });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`an activity's timeline coloured by layer, with its key (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      const app = await load(page);
      // the ranks open the shared file through MPI-IO; rank 0 opens summary.txt through stdio (mpi_prog.txt)
      const row = page.locator('[data-testid=stats-row][data-id="openat:/tmp/layers-fx"]');
      await row.click();
      await app.waitIdle();
      const plot = page.getByTestId('timeline-plot');
      await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await expect(plot).toHaveAttribute('data-layers', 'mpiio,stdio');
      const key = page.getByTestId('timeline-layer-key');
      await expect(key).toContainText('mpiio');
      await expect(key).toContainText('stdio');
      await app.shot(`layers-timeline-${w}x${h}-${scheme}`);
    });
  });
}
