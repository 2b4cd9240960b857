// Timeline checks in the dev harness: hover text of a hostile path, zoom re-binning, open timings,
// live WebGL contexts after open/close cycles. Usage: node src/ui/timeline/dev/probe.mjs [extra chromium flags…]
import { chromium } from '@playwright/test';

const extra = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extra],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const logs = [];
page.on('console', (m) => { if (/context|WebGL/i.test(m.text()) && !/GPU stall/.test(m.text())) logs.push(`console: ${m.text()}`); });
page.on('pageerror', (e) => { logs.push(`pageerror: ${e.message}`); console.log('pageerror', e.message); });
page.on('dialog', (d) => { logs.push(`DIALOG: ${d.message()}`); void d.dismiss(); });
const base = process.env.HARNESS ?? 'http://127.0.0.1:5181/src/ui/timeline/dev/timeline-dev.html';
const ready = '[data-testid="timeline-plot"][data-ready="true"]';

// 1. hostile path shown literally in the tooltip
await page.goto(`${base}?n=1&rows=1&hostile=1&acts=10`);
await page.waitForSelector(ready);
const plot = page.getByTestId('timeline-plot');
await plot.screenshot({ path: '/tmp/t-hostile.png' });
// hover along row 0 until a tooltip appears
const box = await plot.boundingBox();
let tip = null;
for (let x = box.x + 60; x < box.x + box.width && !tip; x += 3) {
  await page.mouse.move(x, box.y + 10 + 0.5 * (box.height - 54));
  const t = page.getByTestId('timeline-tooltip');
  if (await t.count()) tip = await t.textContent();
}
console.log('tooltip:', tip);
console.log('img elements in page:', await page.locator('img').count());
await page.screenshot({ path: '/tmp/t-hover.png' });

// 2. timings and binning for big timelines
for (const [n, rows] of [[300_000, 96], [1_000_000, 96], [1_000_000, 1]]) {
  const ms = await page.evaluate(([n, rows]) => window.__dev.open(n, rows), [n, rows]);
  const el = page.getByTestId('timeline-plot');
  console.log(`open ${n} events / ${rows} rows: ${ms.toFixed(0)} ms (panel open-ms ${await el.getAttribute('data-open-ms')}); bars ${await el.getAttribute('data-bars')} binned ${await el.getAttribute('data-binned')}`);
  console.log('  ', await page.getByTestId('timeline-status').textContent());
  await el.screenshot({ path: `/tmp/t-${n}-${rows}.png` });
}
// 3. zoom in with a drag box on the 1M/1-row plot → re-binned or raw
const b2 = await plot.boundingBox();
const t0 = Date.now();
await page.mouse.move(b2.x + b2.width * 0.5, b2.y + 20);
await page.mouse.down();
await page.mouse.move(b2.x + b2.width * 0.52, b2.y + b2.height - 60, { steps: 5 });
await page.mouse.up();
await page.waitForTimeout(300);
console.log(`after zoom (${Date.now() - t0} ms incl. 300 ms wait): bars ${await plot.getAttribute('data-bars')} binned ${await plot.getAttribute('data-binned')} |`, await page.getByTestId('timeline-status').textContent());
await plot.screenshot({ path: '/tmp/t-zoom.png' });
// 3b. double-click: back to the full range, rows still top-down
await page.mouse.dblclick(b2.x + b2.width * 0.5, b2.y + 30);
await page.waitForTimeout(800);
console.log('after dblclick: bars', await plot.getAttribute('data-bars'), 'binned', await plot.getAttribute('data-binned'), 'y range', await plot.evaluate((gd) => JSON.stringify(gd._fullLayout.yaxis.range)));
// 4. WebGL contexts: open/close 20 times; count canvases in the page at the end
for (let k = 0; k < 40; k++) {
  await page.evaluate(() => window.__dev.open(2000, 8));
  await page.evaluate(() => window.__dev.close());
}
await page.evaluate(() => window.__dev.open(2000, 8));
console.log('canvases after 40 open/close cycles:', await page.locator('canvas').count());
await plot.screenshot({ path: '/tmp/t-after-cycles.png' });
console.log(logs.join('\n'));
await browser.close();
