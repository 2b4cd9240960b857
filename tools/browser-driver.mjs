/**
 * What the browser benchmarks share (tools/browser-bench.mjs, tools/darshan-bench.mjs): their options, the
 * production build served by `vite preview`, Debian's Chromium launched by Playwright, and one timed drop:
 * files handed to the app's file input, then the times to parsed (status leaves 'loading'), to the graph on
 * screen (the graph panel's first data-graph-ready) and to idle, with the page's peak JS heap.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from './needs.mjs';

export const ROOT = resolve(new URL('..', import.meta.url).pathname);

/** `--name value` pairs (a flag without a value is 'true'). */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(argv.reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]?.startsWith('--') ? 'true' : all[i + 1]]] : acc), []));
}

/** Builds dist/ when it is missing (not when another build is served). */
export function ensureBuild(dist = null) {
  if (dist || existsSync(join(ROOT, 'dist', 'index.html'))) return;
  console.log('building …');
  if (spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

async function waitForServer(url, ms = 30000) {
  const t0 = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - t0 > ms) throw new Error(`preview server did not start on ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `use(url)` while `vite preview` serves the build (dist/, or `dist`) on `port`. */
export async function withPreview(port, use, dist = null) {
  const server = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', ...(dist ? ['--outDir', dist] : [])], { cwd: ROOT, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForServer(url);
    return await use(url);
  } finally {
    server.kill();
  }
}

/** Chromium as the benchmarks run it (JSFLAGS=… passes V8 flags). */
export function launch() {
  return chromium.launch({
    executablePath: chromiumPath() ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--enable-precise-memory-info', ...(process.env.JSFLAGS ? [`--js-flags=${process.env.JSFLAGS}`] : [])],
  });
}

/**
 * Hands `inputs` (paths) to the app's file input of an open, idle page and times the load: ms from the
 * hand-over to `handedOver`, `parsed`, `onScreen` (graph drawn) and `idle` (deferred statistics and the
 * overview done), `firstViewMs` from the graph panel's mount to the graph drawn; the app's state, timings
 * (worker phases) and graph; the peak main-thread heap (MiB).
 */
export async function timedDrop(page, inputs) {
  // the main thread's JS heap every 100 ms; the graph is on screen when the graph panel first sets
  // data-graph-ready (after the fit and the render frame that draws it)
  await page.evaluate(() => {
    window.__peakHeap = 0;
    setInterval(() => {
      const m = performance.memory;
      if (m) window.__peakHeap = Math.max(window.__peakHeap, m.usedJSHeapSize);
    }, 100);
    window.__graphOnScreen = 0;
    window.__graphMounted = 0;
    new MutationObserver((_, obs) => {
      // the panel mounts when the analysis is in (its chunk was fetched while the files loaded): from then to
      // data-graph-ready is the first view's own time (layouts, fitting, drawing), in every build alike
      if (!window.__graphMounted && document.querySelector('[data-testid=graph-panel]')) window.__graphMounted = Date.now();
      if (document.querySelector('[data-testid=graph-panel][data-graph-ready]')) {
        window.__graphOnScreen = Date.now();
        obs.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-graph-ready'] });
  });
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles(inputs);
  const handedOver = Date.now();
  await page.waitForFunction(() => window.__app.state().status !== 'loading' && window.__app.state().status !== 'empty', null, { timeout: 600000, polling: 50 });
  const parsed = Date.now();
  await page.evaluate(() => window.__app.waitIdle(600000));
  const idle = Date.now();
  const onScreen = await page.evaluate(() => window.__graphOnScreen);
  const mounted = await page.evaluate(() => window.__graphMounted);
  const state = await page.evaluate(() => window.__app.state());
  const timings = await page.evaluate(() => window.__app.timings());
  const graph = await page.evaluate(() => window.__app.graph());
  if (state.status !== 'ready' || graph.nodes.length === 0) throw new Error(`load did not end in a drawn graph: ${JSON.stringify(state)}`);
  const peakHeapMiB = (await page.evaluate(() => window.__peakHeap)) / 1048576;
  return { handOverMs: handedOver - t0, loadMs: parsed - t0, dropToGraphMs: onScreen - t0, firstViewMs: onScreen - mounted, dropToIdleMs: idle - t0, state, timings, graph, peakHeapMiB };
}

/**
 * A mapping change in an open, idle page: the Mapping tab's depth set to `depth`, re-analysed in the worker and
 * redrawn. ms to the graph redrawn (the first frame after the status went analyzing → ready with the graph panel
 * no longer laying out or fitting: a new set of activities is laid out first) and to idle; user-timing marks
 * map-start, map-drawn and map-idle for a trace.
 */
export async function timedMappingChange(page, depth) {
  await page.getByTestId('tab-mapping').click();
  await page.evaluate(() => {
    window.__mapDrawn = 0;
    let seen = false;
    const tick = () => {
      const st = window.__app.state().status;
      if (st === 'analyzing') seen = true;
      else if (seen && st === 'ready' && !/laying out|choosing how many/.test(document.querySelector('[data-testid=graph-panel]')?.textContent ?? '')) {
        performance.mark('map-drawn');
        return void (window.__mapDrawn = Date.now());
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const m0 = Date.now();
  await page.evaluate(() => performance.mark('map-start'));
  await page.getByTestId('depth').fill(String(depth));
  await page.evaluate(() => window.__app.waitIdle(600000));
  const idleMs = Date.now() - m0;
  await page.evaluate(() => performance.mark('map-idle'));
  return { drawnMs: (await page.evaluate(() => window.__mapDrawn)) - m0, idleMs };
}

/** The machine in one line, with its load average now (the figures of a loaded machine are noisy). */
export function machineLine() {
  let load = '?';
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    /* not Linux */
  }
  return `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, load average ${load}`;
}
