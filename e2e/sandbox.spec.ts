/**
 * Custom mapping code from a link runs, after consent, where no network is possible (src/worker/lockdown.ts):
 * every way out is tried from inside the function, a local listener proves no request arrives.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

let server: Server;
let port = 0;
const hits: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '?');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end('ok');
  });
  server.on('upgrade', (req, sock) => {
    hits.push(`upgrade ${req.url ?? '?'}`);
    sock.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ESCAPES = (u: string) => [
  `() => fetch('${u}/fetch')`,
  `() => { const x = new XMLHttpRequest(); x.open('GET', '${u}/xhr'); x.send(); }`,
  `() => importScripts('${u}/importScripts')`,
  `() => new WebSocket('${u.replace('http', 'ws')}/ws')`,
  `() => new EventSource('${u}/es')`,
  `() => indexedDB.open('x')`,
  `() => caches.open('x')`,
  `() => navigator.sendBeacon('${u}/beacon', 'x')`,
  `() => new Worker('${u}/worker')`,
  `() => new SharedWorker('${u}/shared')`,
  `() => new FontFace('x', 'url(${u}/font)').load()`,
  `() => new BroadcastChannel('x').postMessage('x')`,
  `() => (0, eval)("fetch('${u}/eval')")`,
  `() => Function("return fetch('${u}/Function')")()`,
  `() => (() => 0).constructor("return fetch('${u}/ctor')")()`,
  `() => (async () => 0).constructor("return 1")`,
  `() => Object.getPrototypeOf(function* () {}).constructor('yield 1')`,
  `() => setTimeout("fetch('${u}/timer')", 0)`,
  `() => self.postMessage({ values: [] })`,
  `() => WebAssembly.compile(new Uint8Array(8))`,
  `() => Reflect.construct(Object.getPrototypeOf(() => 0).constructor, ["return 1"])`,
];

const mappingCode = (u: string, padLines: number): string =>
  [
    '(e) => {',
    `  const tries = [\n    ${ESCAPES(u).join(',\n    ')},\n  ];`,
    '  let got = "";',
    '  for (const t of tries) { try { t(); got += "1"; } catch { got += "0"; } }',
    ...Array.from({ length: padLines }, (_, i) => `  // padding line ${i + 1}: the consent box shows all of the code`),
    '  return e.call + ":" + got; // THE LAST LINE',
    '}',
  ].join('\n');

test('a custom mapping from a link: the whole code is shown, and once run it can reach no network, storage or other code', async ({ page }) => {
  const u = `http://127.0.0.1:${port}`;
  const code = mappingCode(u, 250);
  const app = new AppPage(page);
  await app.open(`custom=${encodeURIComponent(code)}`);
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  const box = page.getByTestId('custom-code');
  await expect(box).toBeVisible();
  // the whole code, up to its last line, in a box that scrolls
  expect(await box.textContent()).toBe(code);
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto')).toBe(true);
  await expect(page.getByTestId('custom-confirm')).toContainText(`${code.split('\n').length} lines`);
  await page.getByTestId('custom-run').click();
  await app.waitIdle(30_000);
  const s = await app.expectReady();
  expect(s.errors).toEqual([]);
  const g = await app.graph();
  const acts = g.nodes.map((n) => n.id).filter((id) => id !== '●' && id !== '■');
  expect(acts.length).toBeGreaterThan(0);
  const n = ESCAPES(u).length;
  for (const a of acts) expect(a).toMatch(new RegExp(`:${'0'.repeat(n)}$`));
  await page.waitForTimeout(1500);
  expect(hits).toEqual([]);
});

for (const [name, code] of [
  ['plainly', (u: string) => `(e) => { import('${u}/import'); return e.call; }`],
  ['inside a template substitution', (u: string) => `(e) => { \`\${import('${u}/import')}\`; return e.call; }`],
  ['after a regex literal holding a quote', (u: string) => `(e) => { /'/.test(e.path); import('${u}/import'); return e.call; }`],
] as const) {
  test(`code that uses import() ${name} is refused before it runs`, async ({ page }) => {
    const u = `http://127.0.0.1:${port}`;
    const app = new AppPage(page);
    await app.open(`custom=${encodeURIComponent(code(u))}`);
    await app.pickFiles([fixture('bad/good_node1_1.st')]);
    await page.getByTestId('custom-run').click();
    await app.waitIdle(30_000);
    expect((await app.state()).errors.join(' ')).toContain('import() is not available to custom mapping code');
    await page.waitForTimeout(1000);
    expect(hits).toEqual([]);
  });
}
