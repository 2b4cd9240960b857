/**
 * The comparison's top list answers first (#28 item 4), in the browser, against the CLI: the structural
 * sentence of ls vs ls -l, like for like on the ssf/fpp runs in two directories (proposed, applied, undone),
 * complete separation coloured at n = 4 vs 4, and the app's Compare JSON top list equal to the CLI's. Real
 * runs: public/samples, src/analysis/compare/__fixtures__ (README there). Screenshots of the Compare tab at
 * three sizes, light and dark.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLI = join(HERE, '../dist-cli/strace-dfg.mjs');
const SAMPLES = join(HERE, '../public/samples');
const DIRS = join(HERE, '../src/analysis/compare/__fixtures__/ssf-fpp-dirs');
const LS = readdirSync(SAMPLES).filter((f) => /^[ab]_.*\.st$/.test(f)).sort().map((f) => join(SAMPLES, f));

function gz(dir: string) {
  return readdirSync(dir).filter((f) => f.endsWith('.st.gz')).sort().map((f) => ({ name: f.slice(0, -3), mimeType: 'text/plain', buffer: gunzipSync(readFileSync(join(dir, f))) }));
}

interface Doc {
  top: string[];
  structural: { text: string; activities: string[] }[];
  alignments: { label: string; text: string }[];
}
const cli = (...args: string[]): Doc => JSON.parse(execFileSync(process.execPath, [CLI, 'compare', '--json', '--jobs', '1', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 })) as Doc;

async function appJson(page: Page): Promise<Doc> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-json').click()]);
  return JSON.parse(Buffer.concat(await (await dl.createReadStream()).toArray()).toString('utf8')) as Doc;
}

test('ls vs ls -l: the structural sentence first, the same top list as the CLI', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.open('green=cid:a&red=cid:b');
  await app.dropFiles(LS);
  await app.tab('compare');
  const top = page.getByTestId('top-diff');
  await expect(top.first()).toHaveText('red additionally reads /etc/nsswitch.conf, /usr/share, /etc/group and /etc/passwd in all 3 red cases, none of the 3 green cases');
  const doc = await appJson(page);
  const want = cli('--green', 'cid:a', '--red', 'cid:b', ...LS);
  expect(doc.top).toEqual(want.top);
  expect(doc.structural).toEqual(want.structural);
  await expect(top).toHaveCount(want.top.length);
  for (let i = 0; i < want.top.length; i++) await expect(top.nth(i)).toHaveText(want.top[i]);
});

test('ssf vs fpp in two directories: like for like proposed, applied and undone; complete separation coloured; screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  const app = new AppPage(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [[1024, 700], [1280, 720], [1600, 1000]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await app.open('green=cid:ssf&red=cid:fpp&color=diff-time');
      await page.getByTestId('file-input').setInputFiles(gz(DIRS));
      await page.evaluate(() => window.__app!.waitIdle(120_000));
      await app.tab('compare');
      const first = page.getByTestId('top-diff').first();
      await expect(first).toHaveText(/^like for like: \/scratch\/ssf in green and \/scratch\/fpp in red have the same calls \(.*\): rewrite both to \/scratch\/\{ssf\|fpp\}; there \w+ takes [\d.]+× longer per call in (green|red) \(mean/);
      await app.shot(`compare-first-${scheme}-${w}x${h}`);
      await app.shot(`compare-first-panel-${scheme}-${w}x${h}`, '[data-testid=compare-panel]');
      if (scheme === 'light' && w === 1280) {
        const want = cli('--green', 'cid:ssf', '--red', 'cid:fpp', DIRS);
        const doc = await appJson(page);
        expect(doc.top).toEqual(want.top);
        expect(doc.alignments.map((a) => a.text)).toEqual(want.alignments.map((a) => a.text));
        // accept: the two directories become one activity per call; the graph colours what separates
        await page.getByTestId('align-apply').click();
        await app.waitIdle(60_000);
        await expect(page.getByTestId('align-undo')).toBeVisible();
        expect(page.url()).toContain('rewrite=');
        // every activity drawn (the first view may show fewer at this size)
        await page.getByTestId('graph-activities').fill('6');
        await app.waitIdle();
        const g = await app.graph();
        const names = g.nodes.map((n) => n.id);
        expect(names.filter((n) => n.endsWith(':/scratch/{ssf|fpp}'))).toHaveLength(5);
        await expect(page.getByTestId('legend-separation')).toContainText('complete separation, n = 4 vs 4');
        // fsync: every green case above every red case (n = 4 vs 4), q > 0.05: coloured green, not grey
        const after = await appJson(page);
        const sep = (after as unknown as { activities: Record<string, { tests: { time: { separated: boolean; q: number; effect: number } } }> }).activities;
        const coloured = Object.entries(sep).filter(([, r]) => r.tests.time?.separated);
        expect(coloured.length).toBeGreaterThan(0);
        for (const [id, r] of coloured) {
          const node = g.nodes.find((n) => n.id === id);
          if (!node) continue; // not drawn in this view
          expect(node.fill.toUpperCase(), id).toBe(r.tests.time.effect < 0 ? '#43A047' : '#E53935');
        }
        expect(coloured.some(([id, r]) => r.tests.time.q > 0.05 && g.nodes.some((n) => n.id === id)), JSON.stringify({ drawn: names, coloured: coloured.map(([id, r]) => [id, r.tests.time]) })).toBe(true);
        await app.shot(`compare-first-applied-${w}x${h}`);
        // undo: the proposal is back
        await page.getByTestId('align-undo').click();
        await app.waitIdle(60_000);
        await expect(page.getByTestId('align-apply')).toBeVisible();
      }
    }
  }
});
