/**
 * Answer first (issue #28 items 1-3): on real multi-rank runs made on this machine (e2e/fixtures/README.md)
 * and the paper's ls / ls -l samples, at 1024×700, 1280×720 and 1600×1000, light and dark:
 * - every activity with ≥ 5 % of the call time is drawn, its label ≥ 10 px (≥ 11 px at 1600×1000) — which
 *   activities those are comes from the CLI's analysis JSON of the same files and view (the one Session core);
 * - the activity with the most call time shows its `Load: rd` line (the CLI's rd) at every size, not its name
 *   only (ior-untraced at 1280×720 was drawn in compact nodes while its full labels fitted wrapped);
 * - a graph of ≤ 8 activities (ls / ls -l, the IOR runs) is shown whole from 1280×720 up;
 * - the graph canvas is the largest pane on the page, the header one row;
 * - the PNG/SVG exports say "showing N of M activities" when cut, and carry the legend's colour ramp and its
 *   numbers as drawn keys.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AppPage, FIXTURES, SHOT_SIZES } from './app';
import { contrast, lum } from './colours';
import { loadMpi } from './mpiFixtures';

const ROOT = join(FIXTURES, '..', '..');
const CLI = join(ROOT, 'dist-cli', 'strace-dfg.mjs');

interface Run {
  name: string;
  hash: string;
  /** The files the CLI reads (the same the page gets). */
  files: string[];
  load(app: AppPage): Promise<void>;
}

const inDir = (dir: string, ext: string): string[] => readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith(ext)).sort().map((f) => join(FIXTURES, dir, f));
const samples = readdirSync(join(ROOT, 'public', 'samples')).filter((f) => f.endsWith('.st')).sort().map((f) => join(ROOT, 'public', 'samples', f));

const RUNS: Run[] = [
  { name: 'ior-ssf-fpp', hash: 'green=cid:ssf&red=cid:fpp', files: inDir('ior-ssf-fpp', '.st.gz'), load: (a) => loadMpi(a, 'ior-ssf-fpp') },
  { name: 'ior-mpiio', hash: '', files: inDir('ior-mpiio', '.st.gz'), load: (a) => loadMpi(a, 'ior-mpiio') },
  { name: 'ior-untraced', hash: '', files: inDir('ior-untraced', '.st.gz'), load: (a) => loadMpi(a, 'ior-untraced') },
  { name: 'ior-like', hash: 'green=cid:ssf&red=cid:fpp', files: inDir('ior-like', '.st'), load: (a) => a.dropFiles(inDir('ior-like', '.st'), 90_000) },
  { name: 'ls', hash: 'green=cid:a&red=cid:b&unassigned=hide', files: samples, load: (a) => a.loadExample() },
];

/** The CLI's activities and their share of the call time for these files under the page's view (the CLI is
 * deterministic: one run per (files, view) in a worker, the light and dark tests of a size share it). */
const cliRuns = new Map<string, Map<string, number>>();
function cliNodes(files: string[], view: string): Map<string, number> {
  const key = JSON.stringify([files, view]);
  const known = cliRuns.get(key);
  if (known) return known;
  const out = execFileSync(process.execPath, [CLI, 'analyze', '--json', '--view', view, ...files], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  const nodes = (JSON.parse(out) as { nodes: Record<string, { rd: number | null }> }).nodes;
  const got = new Map(Object.entries(nodes).map(([id, n]) => [id, n.rd ?? 0] as [string, number]));
  cliRuns.set(key, got);
  return got;
}

async function area(page: Page, selector: string): Promise<number> {
  const b = await page.locator(selector).first().boundingBox();
  return b ? b.width * b.height : 0;
}

/** Switches the page's colour scheme live (the app follows prefers-color-scheme, e2e/plot-dark.spec.ts) and
 * waits until the graph is drawn in it: the canvas' ground in the scheme, every edge label's background the
 * canvas' (e2e/page-dark.spec.ts's check), then two frames so the canvas has painted. */
async function switchScheme(page: Page, app: AppPage, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const canvasBg = () => page.locator('[data-testid=graph-canvas]').first().evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect
    .poll(async () => {
      const bg = await canvasBg();
      const g = await app.graph();
      return lum(bg) < 0.1 === (scheme === 'dark') && g.edges.every((e) => contrast(e.labelBg!, bg) < 1.3);
    }, { timeout: 20_000 })
    .toBe(true);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

for (const run of RUNS) {
  for (const [w, h] of SHOT_SIZES) {
    // One load per run and size (the first view at that size); the light and the dark test look at it in
    // their scheme, switched live. Each test loads the page itself when it runs alone (e.g. --grep dark).
    test.describe(`${run.name} at ${w}×${h}`, () => {
      test.describe.configure({ mode: 'serial' });
      let shared: { page: Page; app: AppPage } | undefined;
      test.afterAll(async () => {
        await shared?.page.close();
        shared = undefined;
      });
      for (const scheme of ['light', 'dark'] as const) {
        test(`${run.name} at ${w}×${h}, ${scheme}: the time goes where the graph shows it, readable`, async ({ browser }) => {
          if (!shared) {
            const page = await browser.newPage();
            await page.emulateMedia({ colorScheme: scheme });
            await page.setViewportSize({ width: w, height: h });
            const app = new AppPage(page);
            await app.open(run.hash);
            await run.load(app);
            await app.waitIdle(120_000);
            shared = { page, app };
          } else await switchScheme(shared.page, shared.app, scheme);
          const { page, app } = shared;
          await app.expectReady();
          await app.shot(`answer-${run.name}-${w}x${h}-${scheme}`);

          const nodes = cliNodes(run.files, decodeURIComponent(new URL(page.url()).hash.slice(1)));
          const material = [...nodes].filter(([, rd]) => rd >= 0.05).map(([id]) => id);
          expect(material.length).toBeGreaterThan(0);
          const g = await app.graph();
          const drawn = new Map(g.nodes.map((n) => [n.id, n]));
          const least = w >= 1600 ? 11 : 10;
          for (const id of material) {
            expect(drawn.has(id), `${id} (${((nodes.get(id) ?? 0) * 100).toFixed(1)} % of the call time) is drawn`).toBe(true);
            expect(drawn.get(id)!.labelPx, id).toBeGreaterThanOrEqual(least);
          }
          for (const n of g.nodes) if (n.id !== '●' && n.id !== '■') expect(n.labelPx, n.id).toBeGreaterThanOrEqual(least);
          // the activity with the most call time carries its numbers at every size — its name, then its
          // `Load: rd …` line with the CLI's rd (the nodes are never cut to their name while these fit at
          // readable labels: docs/GUIDE.md "Read the graph")
          const [topId, topRd] = [...nodes].sort((a, b) => b[1] - a[1])[0];
          const lines = (drawn.get(topId)?.label ?? '').split('\n');
          if (topId.length <= 48) expect(lines[0], 'the top activity is named first').toBe(topId);
          expect(lines[1] ?? '(name only)', `${topId}'s metric line`).toMatch(new RegExp(`^Load: ${(topRd * 100).toFixed(1).replace('.', '\\.')}%`));
          const acts = g.nodes.length - 2;
          // a graph of ≤ 8 activities (ls vs ls -l, the paper's Figure 3: 8; the IOR runs: 6-7) is shown whole
          // from 1280×720 up
          if (nodes.size <= 8 && w >= 1280) expect(acts, `a graph of ${nodes.size} activities is shown whole`).toBe(nodes.size);
          if (acts < nodes.size) await expect(page.getByTestId('graph-shown')).toContainText(`showing ${acts} of ${nodes.size} activities`);

          // the graph gets the room: its canvas is the largest pane; the header is one row
          const canvas = await area(page, '[data-testid=graph-canvas]');
          for (const other of ['header', 'aside.side', '[data-testid=overview]', '[data-testid=tables-pane]']) expect(canvas, other).toBeGreaterThan(await area(page, other));
          expect((await page.locator('header').boundingBox())!.height).toBeLessThan(48);
          expect((await page.locator('.graph-toolbar').boundingBox())!.height).toBeLessThan(36);
          // the tabs below the graph fit their row from 1280×720 up (the last one and ▾ fold were cut off
          // by a long "Compare (set green and red)")
          if (w >= 1280) expect(await page.locator('[data-testid=tables-pane] nav.tabs').first().evaluate((el) => el.scrollWidth - el.clientWidth), 'the tab row overflows by (px)').toBeLessThanOrEqual(0);
        });
      }
    });
  }
}

test('the exports say what they show: "showing N of M activities" and the legend with its colour ramp and numbers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.open();
  await loadMpi(app, 'ior-mpiio');
  await app.waitIdle(120_000);
  const total = Number(await page.getByTestId('graph-activities').getAttribute('max'));
  await page.getByTestId('graph-activities').fill('3');
  await app.waitIdle();
  await expect(page.getByTestId('graph-shown')).toContainText(`showing 3 of ${total} activities`);

  await page.getByTestId('graph-menu').click();
  const [svgDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('graph-export-svg').click()]);
  const svg = readFileSync((await svgDl.path())!, 'utf8');
  expect(svg).toContain(`>showing 3 of ${total} activities`);
  // the ramp is drawn (a gradient from white to the fill's blue), "0" and the maximum are texts on either side
  expect(svg).toMatch(/<linearGradient id="ramp-0"><stop offset="0%" stop-color="rgb\(255, 255, 255\)"\/><stop offset="100%" stop-color="rgb\([^)]+\)"\/>/);
  const zero = Number(/<text x="([\d.-]+)"[^>]*>0 ?<\/text>/.exec(svg)?.[1]);
  const m = /<rect class="ramp" x="([\d.-]+)"[^>]*\/>\s*<text x="([\d.-]+)"[^>]*>([^<]+)<\/text>/.exec(svg)!;
  expect(m, 'a text after the ramp').not.toBeNull();
  expect(zero).toBeLessThan(Number(m[1]));
  expect(Number(m[1]) + 120).toBeLessThanOrEqual(Number(m[2]));
  // the number after the ramp is the legend's maximum (the most call time of an activity, rd)
  expect(m[3].trim()).toMatch(/^\d+(\.\d+)?\s?%$/);
  await expect(page.getByTestId('graph-legend')).toContainText(m[3].trim());
  expect(svg).toMatch(/<rect class="swatch"[^>]*\/>\s*<text[^>]*>unavailable/);

  await page.getByTestId('graph-menu').click();
  const [pngDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('graph-export-png').click()]);
  expect(readFileSync((await pngDl.path())!).subarray(1, 4).toString()).toBe('PNG');
});
