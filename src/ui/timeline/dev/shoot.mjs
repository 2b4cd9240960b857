// Screenshots and timings of the dev harness. Usage (with `npx vite --port 5181` running):
//   node src/ui/timeline/dev/shoot.mjs [query] [out.png] [extra flags…]
import { chromium } from '@playwright/test';

const [query = 'n=2000&rows=8', out = '/tmp/timeline.png', ...extra] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extra],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
page.on('dialog', (d) => { logs.push(`DIALOG: ${d.message()}`); void d.dismiss(); });
await page.goto(`http://127.0.0.1:5181/src/ui/timeline/dev/timeline-dev.html?${query}`);
const plot = page.getByTestId('timeline-plot');
if (!query.includes('timeline=0') && !query.includes('base=none')) {
  await page.waitForSelector('[data-testid="timeline-plot"][data-ready="true"]', { timeout: 30000 }).catch((e) => { console.log(logs.join('\n')); throw e; });
  console.log('bars', await plot.getAttribute('data-bars'), 'binned', await plot.getAttribute('data-binned'), 'open-ms', await plot.getAttribute('data-open-ms'));
  console.log('status', await page.getByTestId('timeline-status').textContent());
}
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
console.log([...new Set(logs)].filter((l) => !l.includes('GPU stall') && !l.includes('[vite]') && !l.includes('DevTools')).join('\n'));
await browser.close();
