// Screenshots + timing of the dev harness: node src/ui/graph/dev/shoot.mjs [baseUrl]
// (start `npx vite --port 5180 --strictPort` first). Writes PNGs to /tmp/graph-shots/.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:5180/src/ui/graph/dev/graph-dev.html';
const out = '/tmp/graph-shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.setDefaultTimeout(120000);
page.on('console', (m) => console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const shots = (process.env.SHOTS ?? 'paper,paperpart,big,bigpart').split(',');
const urls = {
  paper: '?fixture=paper', paperpart: '?fixture=paper&mode=partition&dir=TB', big: '?n=300&cases=16&len=150',
  bigpart: '?n=300&cases=16&len=150&partition=1&mode=partition', huge: '?n=1000&cases=60&len=400', real: '?fixture=depth4', realpart: '?fixture=depth4&mode=partition&label=cases',
};
for (const name of shots) {
  const t0 = Date.now();
  await page.goto(base + urls[name]);
  await page.waitForSelector('[data-graph-ready]', { timeout: 60000 });
  const wall = Date.now() - t0;
  const attrs = await page.$eval('[data-testid=graph-panel]', (el) => ({ layout: el.getAttribute('data-layout-ms'), draw: el.getAttribute('data-draw-ms'), sync: el.getAttribute('data-sync-ms') }));
  const model = await page.evaluate(() => window.__graph());
  const shown = await page.textContent('[data-testid=graph-shown]');
  console.log(`${name}: layout ${attrs.layout} ms, layout+draw ${attrs.draw} ms, page load→ready ${wall} ms; drawn ${model.nodes.length} nodes ${model.edges.length} edges; "${shown}"`);
  await page.screenshot({ path: `${out}/${name}.png` });
  if (name === 'big' || name === 'huge') {
    // everything: all activities and every edge (300 / ~1,500), timed from the slider change to drawn
    const before = await page.getAttribute('[data-testid=graph-panel]', 'data-graph-ready');
    const t1 = Date.now();
    await page.locator('[data-testid=graph-paths]').fill('0');
    await page.locator('[data-testid=graph-activities]').fill(String(await page.getAttribute('[data-testid=graph-activities]', 'max')));
    await page.waitForFunction((b) => document.querySelector('[data-testid=graph-panel]').getAttribute('data-graph-ready') !== b, before, { timeout: 60000 });
    const a2 = await page.$eval('[data-testid=graph-panel]', (el) => ({ layout: el.getAttribute('data-layout-ms'), draw: el.getAttribute('data-draw-ms'), sync: el.getAttribute('data-sync-ms') }));
    const m2 = await page.evaluate(() => window.__graph());
    console.log(`${name}-all: layout ${a2.layout} ms, layout+draw ${a2.draw} ms (elements sync ${a2.sync} ms), slider→drawn ${Date.now() - t1} ms; drawn ${m2.nodes.length} nodes ${m2.edges.length} edges; "${await page.textContent('[data-testid=graph-shown]')}"`);
    await page.screenshot({ path: `${out}/${name}-all.png` });
  }
}
await browser.close();
