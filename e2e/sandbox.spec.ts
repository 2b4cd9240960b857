/**
 * Custom mapping code from a link runs, after consent, where no network is possible (docs/ARCHITECTURE.md
 * "Security"): a sandbox worker in a sandboxed frame whose policy forbids every fetch and import, locked down
 * besides. Every way out is tried from inside the function, the syntax check's known bypasses are tried, and
 * the frame's barrier is tried on its own with code that skips the lockdown; a local listener (and the
 * page's request log) proves no request arrives.
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
    // a page without any policy, to host the sandbox frame on its own (the probe test)
    if (req.url === '/host.html') return void res.setHeader('Content-Type', 'text/html').end('<!doctype html><link rel="icon" href="data:,"><title>host</title>');
    hits.push(req.url ?? '?');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url?.endsWith('.js')) res.setHeader('Content-Type', 'text/javascript');
    res.end(req.url?.endsWith('.js') ? 'export {};' : 'ok');
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
  ['behind an HTML-like comment <!--', (u: string) => `(e) => { import<!-- x\n('${u}/import'); return e.call; }`],
  ['behind an HTML-like comment -->', (u: string) => `(e) => { import\n--> x\n('${u}/import'); return e.call; }`],
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

/** Worker code that skips the lockdown and tries every way to load or send something, then reports. */
const PROBE = (u: string, self: string): string => `
self.onmessage = async (ev) => {
  const port = ev.ports[0];
  const out = {};
  const t = async (k, f) => { try { await f(); out[k] = 'reached'; } catch (e) { out[k] = 'blocked'; } };
  await t('fetch', () => fetch('${u}/probe/fetch'));
  await t('fetch self', () => fetch('${self}/__probe/fetch'));
  await t('import', () => import('${u}/probe/import.js'));
  await t('import self', () => import('${self}/__probe/import.js'));
  await t('importScripts', () => importScripts('${u}/probe/importScripts.js'));
  await t('xhr', () => new Promise((res, rej) => { const x = new XMLHttpRequest(); x.open('GET', '${u}/probe/xhr'); x.onload = res; x.onerror = rej; x.send(); }));
  await t('websocket', () => new Promise((res, rej) => { const w = new WebSocket('${u.replace('http', 'ws')}/probe/ws'); w.onopen = res; w.onerror = rej; }));
  await t('eventsource', () => new Promise((res, rej) => { const s = new EventSource('${u}/probe/es'); s.onopen = res; s.onerror = rej; }));
  await t('beacon', () => { if (!navigator.sendBeacon('${u}/probe/beacon', 'x')) throw new Error('refused'); });
  await t('font', () => new FontFace('x', 'url(${u}/probe/font)').load());
  await t('worker', () => new Promise((res, rej) => { const w = new Worker('${u}/probe/worker.js'); w.onerror = rej; w.onmessage = res; }));
  await t('nested blob worker fetch', () => new Promise((res, rej) => {
    const w = new Worker(URL.createObjectURL(new Blob(["fetch('${u}/probe/nested').then(() => postMessage(1), () => postMessage(0))"])));
    w.onmessage = (m) => (m.data ? res() : rej()); w.onerror = rej;
  }));
  port.postMessage(out);
};`;

test('the sandbox frame itself forbids every fetch and import: code that skips the lockdown and the syntax check reaches nothing', async ({ page }) => {
  const u = `http://127.0.0.1:${port}`;
  const app = new AppPage(page);
  // a mapping that runs a while on its first pair: the app's own sandbox frame is there to be copied
  const slow = '(e) => { const t = Date.now(); while (Date.now() - t < 4000); return e.call; }';
  await app.open(`custom=${encodeURIComponent(slow)}`);
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  await page.getByTestId('custom-run').click();
  const frame = page.locator('iframe[data-sandbox]');
  await expect(frame).toHaveCount(1);
  expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
  const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).toContain("default-src 'none'");
  await app.waitIdle(30_000);
  await expect(frame).toHaveCount(0); // removed once the mapping answered
  const self = new URL(page.url()).origin;
  const probe = (on: typeof page, srcdoc: string) => on.evaluate(
    ({ srcdoc, code }) =>
      new Promise<Record<string, string>>((resolve) => {
        const f = document.createElement('iframe');
        f.setAttribute('sandbox', 'allow-scripts');
        const work = new MessageChannel();
        const beat = new MessageChannel();
        window.addEventListener('message', (ev) => {
          if (ev.source === f.contentWindow && ev.data?.kind === 'ready') f.contentWindow!.postMessage({ kind: 'start', code }, '*', [work.port2, beat.port2]);
        });
        work.port1.onmessage = (ev) => resolve(ev.data as Record<string, string>);
        beat.port1.onmessage = (ev) => ev.data !== 0 && resolve({ error: JSON.stringify(ev.data) });
        f.srcdoc = srcdoc;
        document.body.appendChild(f);
      }),
    { srcdoc, code: PROBE(u, self) },
  );
  // in the app's page (its policy and the frame's), then in a page without any policy (the frame's alone):
  // there the listener is the page's own origin, which the app's policy would allow
  for (const where of [page.url(), `${u}/host.html`]) {
    await page.goto(where);
    const result = await probe(page, srcdoc);
    expect(Object.keys(result).length, where).toBe(12);
    for (const [k, v] of Object.entries(result)) expect(v, `${k} from ${where}`).toBe('blocked');
  }
  await page.waitForTimeout(1000);
  expect(hits).toEqual([]);
  // the control: the same frame and code without the frame's policy, in the page without one, reach the listener
  const reached = await probe(page, srcdoc.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''));
  expect(reached.fetch).toBe('reached');
  expect(reached.import).toBe('reached');
  expect(hits).toContain('/probe/fetch');
});
