/**
 * Insights: the panel on real traces (src/analysis/insights/__fixtures__), a click on a finding marks its
 * nodes, opens its timeline, thresholds edited as JSON (bad JSON named, good JSON in the URL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { AppPage, FIXTURES } from './app';
import { loadMpi } from './mpiFixtures';

const INS = join(FIXTURES, '..', '..', 'src/analysis/insights/__fixtures__');
const files = (...dirs: string[]): string[] => dirs.flatMap((d) => readdirSync(join(INS, d)).filter((f) => f.endsWith('.st')).map((f) => join(INS, d, f)));

test('findings of a 4-rank run ranked by cost, each with its level, run and time; a click marks the nodes; thresholds as JSON in the URL', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([...files('ranks_imbalanced'), ...files('failures')]);
  await app.expectReady();
  await app.tab('insights');
  await app.waitIdle();
  // the findings to act on (HIGH and WARN) come first, most time first; the rest below
  const high = page.getByTestId('insights-act');
  await expect(high.locator('[data-code=T06]')).toContainText('imb_node1_0 (the first rank)');
  await expect(high.locator('[data-code=T06]')).toHaveAttribute('data-level', 'HIGH');
  await expect(high.locator('[data-code=T06] .run')).toHaveText('run imb');
  await expect(high.locator('[data-code=T02]')).toContainText('Activity openat:/tmp/insfx has 120 failing calls');
  const seconds = await high.getByTestId('finding-cost').allTextContents();
  expect(seconds.length).toBe(await high.getByTestId('finding').count());
  const ms = seconds.map((t) => { const m = /^([\d.]+) (µs|ms|s) ·/.exec(t)!; return Number(m[1]) * (m[2] === 's' ? 1000 : m[2] === 'ms' ? 1 : 0.001); });
  expect(ms).toEqual([...ms].sort((a, b) => b - a));
  // P21 on pair.dat (640 KiB, a few ms of imbalance) is immaterial: INFO, saying why
  await expect(page.getByTestId('insights-INFO').locator('[data-code=P21]')).toContainText('Detected write imbalance when accessing 1 individual file(s)');

  // select the nodes of P18: pwrite64:/tmp/insfx is marked in the graph
  await high.locator('[data-code=P18]').getByTestId('finding-select').click();
  await app.waitIdle();
  const marked = (await app.graph()).nodes.filter((n) => n.marked).map((n) => n.id);
  expect(marked).toEqual(['pwrite64:/tmp/insfx']);
  await app.shot('insights-ranks-1600x1000');

  // T02 opens the timeline of its activity
  await high.locator('[data-code=T02]').getByTestId('finding-timeline').click();
  await app.waitIdle();
  await expect(page.getByTestId('detail')).toBeVisible();

  // thresholds: a typo is named, the previous findings stay; a good change reaches the URL and the findings
  const input = page.getByTestId('thresholds-input');
  await page.locator('.thresholds > summary').click();
  await input.fill('{"open_churm": 5}');
  await page.getByTestId('thresholds-apply').click();
  await app.waitIdle();
  await expect(page.getByTestId('thresholds-error')).toContainText("unknown threshold 'open_churm' (did you mean 'open_churn'?)");
  await expect(high.locator('[data-code=T06]')).toHaveCount(1);
  await input.fill('{"rank_heavy": 0.9}');
  await page.getByTestId('thresholds-apply').click();
  await app.waitIdle();
  await expect(page.getByTestId('thresholds-error')).toHaveCount(0);
  await expect(page.locator('[data-code=T06]')).toHaveCount(0);
  expect(decodeURIComponent(page.url())).toContain('thresholds={"rank_heavy":0.9}');
});

test('with a partition each finding says where it holds; screenshots on a real MPI run', async ({ page }) => {
  for (const [w, h] of [[1600, 1000], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    const app = new AppPage(page);
    await app.open('#green=cid:imb&red=cid:failures');
    await app.pickFiles([...files('ranks_imbalanced'), ...files('failures')]);
    await app.expectReady();
    await app.tab('insights');
    await app.waitIdle();
    await expect(page.locator('[data-code=T06] .side')).toHaveText('only in green');
    await expect(page.locator('[data-code=T02] .side').first()).toHaveText('only in red');
    await app.shot(`insights-partition-${w}x${h}`);
  }
  const app = new AppPage(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.tab('insights');
  await app.waitIdle();
  await expect(page.getByTestId('finding').first()).toBeVisible();
  await app.shot('insights-ior-ssf-fpp-1600x1000');
});

/** The labelled benchmark's real Open MPI run (src/analysis/insights/__fixtures__/bench/mpi-ior): 4 ranks of a
 * shared-file run (cid ssf) and 4 of a file-per-process run (cid fpp), gzip'd. */
function benchFiles(run: string): { name: string; mimeType: string; buffer: Buffer }[] {
  const dir = join(INS, 'bench', run);
  return readdirSync(dir).filter((f) => f.endsWith('.st.gz')).sort().map((f) => ({ name: f.slice(0, -3), mimeType: 'text/plain', buffer: gunzipSync(readFileSync(join(dir, f))) }));
}

test('the ranked findings on a real 8-rank Open MPI run, light and dark, at three sizes: each card with its level, run and cost', async ({ page }) => {
  test.setTimeout(240_000);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [[1024, 700], [1280, 720], [1600, 1000]] as const) {
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open('#green=cid:ssf&red=cid:fpp');
      await page.getByTestId('file-input').setInputFiles(benchFiles('mpi-ior'));
      await page.evaluate(() => window.__app!.waitIdle(120_000));
      await app.tab('insights');
      await app.waitIdle();
      const cards = page.getByTestId('finding');
      await expect(cards.first()).toBeVisible();
      // Open MPI's start-up and shared-memory files never carry a finding to act on (they are the runtime's)
      const act = page.getByTestId('insights-act');
      await expect(act.locator('[data-code=T01]')).toHaveCount(0);
      await expect(page.locator('[data-code=P18], [data-code=P19]').filter({ hasText: '/tmp/ompi' })).toHaveCount(0);
      // every finding but OK says the time it accounts for
      const n = await cards.count();
      const ok = await page.locator('[data-testid=finding][data-level=OK]').count();
      await expect(page.getByTestId('finding-cost')).toHaveCount(n - ok);
      // each card's message is read whole: wrapped inside its card, not cut off at the column's edge (the
      // page header's one-row style once applied to the cards' headers too)
      const cut = await cards.evaluateAll((els) => els.map((el) => {
        const m = el.querySelector('.message')!;
        const card = el.getBoundingClientRect();
        const box = m.getBoundingClientRect();
        return box.right <= card.right + 0.5 && m.scrollWidth <= m.clientWidth + 1 ? '' : `${el.getAttribute('data-code')}: ${m.textContent!.slice(0, 40)}`;
      }).filter((x) => x));
      expect(cut, 'findings whose message is cut').toEqual([]);
      // and its cost line ("11.6 ms · <0.1% of wall") inside the card (one unwrapped line ran past its edge at 1024×700)
      const costOut = await page.getByTestId('finding-cost').evaluateAll((els) => els.map((el) => {
        const card = el.closest('[data-testid=finding]')!.getBoundingClientRect();
        const inner = el.querySelector('.cost-text') ?? el;
        return inner.getBoundingClientRect().right <= card.right - 1 && el.scrollWidth <= el.clientWidth + 1 ? '' : (el.textContent ?? '');
      }).filter((x) => x));
      expect(costOut, 'cost lines past their card').toEqual([]);
      await app.shot(`insights-mpi-ior-${scheme}-${w}x${h}`);
    }
  }
});
