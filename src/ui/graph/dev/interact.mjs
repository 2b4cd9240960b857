// Interaction check of the dev harness (paper fixture): hover tooltip (text only), edge highlight, click,
// context menu, drag memory, exports. node src/ui/graph/dev/interact.mjs  (vite on :5180 first)
import { chromium } from '@playwright/test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:5180/src/ui/graph/dev/graph-dev.html';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
page.setDefaultTimeout(120000);
let dialogs = 0;
page.on('dialog', (d) => { dialogs++; void d.dismiss(); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}?fixture=paper&dir=${process.env.DIR ?? 'LR'}`);
await page.waitForSelector('[data-graph-ready]');
const canvas = (await page.getByTestId('graph-canvas').boundingBox());
const model = () => page.evaluate(() => window.__graph());
const at = async (id) => {
  const n = (await model()).nodes.find((x) => x.id === id);
  return { x: canvas.x + n.at.x, y: canvas.y + n.at.y };
};
const evil = 'read:<img src=x onerror=alert(1)>';

// hover: tooltip shows every statistic, the path as text; connected edges highlighted
let p = await at(evil);
await page.mouse.move(p.x, p.y);
await page.waitForSelector('[data-testid=graph-tooltip]:visible');
const tipText = await page.textContent('[data-testid=graph-tooltip]');
assert.ok(tipText.includes(evil), 'tooltip names the activity as text');
for (const k of ['events', 'cases', 'rd', 'b (bytes', 'dr', 'mc', 'DR', 'partition']) assert.ok(tipText.includes(k), `tooltip has ${k}`);
assert.equal(await page.locator('[data-testid=graph-tooltip] img').count(), 0, 'no element injected from the path');
await page.screenshot({ path: '/tmp/graph-shots/hover.png' });

// click → onSelectNode; selected node highlighted
await page.mouse.click(p.x, p.y);
assert.equal(await page.textContent('[data-testid=dev-log]'), `node ${evil}`);

// right-click → context menu → keep without
p = await at('read:/etc/passwd');
await page.mouse.click(p.x, p.y, { button: 'right' });
await page.waitForSelector('[data-testid=graph-context-menu]');
await page.screenshot({ path: '/tmp/graph-shots/menu.png' });
await page.getByTestId('graph-keep-without').click();
assert.equal(await page.textContent('[data-testid=dev-log]'), 'keep without read:/etc/passwd');
assert.equal(await page.locator('[data-testid=graph-context-menu]').count(), 0);

// drag a node, hide another activity with the slider, bring it back: the dragged node keeps its place
const before = await at('read:/etc/group');
await page.mouse.move(before.x, before.y);
await page.mouse.down();
await page.mouse.move(before.x + 60, before.y + 90, { steps: 8 });
await page.mouse.up();
const dragged = (await model()).nodes.find((n) => n.id === 'read:/etc/group').at;
await page.getByTestId('graph-activities').fill('3');
await page.waitForFunction(() => window.__graph().nodes.length === 5);
assert.equal((await model()).nodes.length, 5);
await page.getByTestId('graph-activities').fill('8');
await page.waitForFunction(() => window.__graph().nodes.length === 10);
const back = (await model()).nodes.find((n) => n.id === 'read:/etc/group').at;
assert.ok(Math.abs(back.x - dragged.x) < 1 && Math.abs(back.y - dragged.y) < 1, `dragged position kept: ${JSON.stringify([dragged, back])}`);

// edge click: the locale.alias → write edge midpoint
const m = await model();
const a = m.nodes.find((n) => n.id === 'read:/proc/filesystems').at;
const b = m.nodes.find((n) => n.id === 'read:/etc/locale.alias').at;
await page.mouse.click(canvas.x + (a.x + b.x) / 2, canvas.y + (a.y + b.y) / 2);
assert.equal(await page.textContent('[data-testid=dev-log]'), 'edge read:/proc/filesystems → read:/etc/locale.alias');
await page.mouse.move(canvas.x + (a.x + b.x) / 2, canvas.y + (a.y + b.y) / 2 + 1);
await page.waitForSelector('[data-testid=graph-tooltip]:visible');
assert.ok((await page.textContent('[data-testid=graph-tooltip]')).includes('transitions'));
await page.screenshot({ path: `/tmp/graph-shots/edge-${process.env.DIR ?? 'LR'}.png` });

// exports
for (const [id, ext] of [['graph-export-png', 'png'], ['graph-export-svg', 'svg']]) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
  const file = `/tmp/graph-shots/export.${ext}`;
  await dl.saveAs(file);
  const bytes = readFileSync(file);
  if (ext === 'png') assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
  else {
    const s = bytes.toString();
    assert.ok(s.startsWith('<svg') && s.includes('&lt;img src=x') && !s.includes('<img'), 'svg escapes paths');
  }
  console.log(`export ${ext}: ${bytes.length} bytes`);
}
// partition colouring via the harness select, read back through the hook
await page.selectOption('[data-testid=dev-mode]', 'partition');
await page.waitForFunction(() => window.__graph().nodes.some((n) => n.partition));
const pm = await model();
const green = pm.edges.filter((e) => e.partition === 'green').map((e) => `${e.source} -> ${e.target}`);
assert.deepEqual(green, ['read:/etc/locale.alias -> write:/dev/pts']);
assert.equal(pm.edges.find((e) => e.partition === 'green').color, '#2E7D32');
assert.ok(pm.nodes.filter((n) => n.partition === 'red').every((n) => n.fill === '#EF9A9A'));
assert.equal(dialogs, 0, 'no script from trace content ran');
console.log('interactions OK');
await browser.close();
