// Time to open a timeline (setState → first frame painted) in the dev harness, median of repeats.
// HARNESS=<url of timeline-dev.html> node src/ui/timeline/dev/measure.mjs
import { chromium } from '@playwright/test';

const url = process.env.HARNESS ?? 'http://127.0.0.1:5181/src/ui/timeline/dev/timeline-dev.html';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(`${url}?timeline=0&acts=10`);
await page.waitForFunction(() => !!window.__dev);
const open = (n, rows) => page.evaluate(([n, rows]) => window.__dev.open(n, rows), [n, rows]);
console.log(`cold open (plotly chunk fetched + parsed) 2,000 events: ${(await open(2000, 8)).toFixed(0)} ms`);
const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [n, rows] of [[300_000, 96], [1_000_000, 96], [1_000_000, 192], [3_000_000, 192]]) {
  const t = [];
  for (let k = 0; k < 3; k++) t.push(await open(n, rows));
  const plot = page.getByTestId('timeline-plot');
  console.log(`${n.toLocaleString('en')} events, ${rows} rows: median ${median(t).toFixed(0)} ms [${t.map((x) => x.toFixed(0)).join(', ')}]; bars ${await plot.getAttribute('data-bars')}, segments ${await plot.getAttribute('data-segments')}; last: open-ms ${await plot.getAttribute('data-open-ms')}, bin+geometry ${await plot.getAttribute('data-bin-ms')} ms, Plotly.react ${await plot.getAttribute('data-react-ms')} ms`);
}
await browser.close();
