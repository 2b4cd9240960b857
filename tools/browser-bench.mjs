#!/usr/bin/env node
/**
 * Browser benchmark: drives the production build in Debian's Chromium with Playwright on the
 * seeded synthetic traces (files handed over as paths, like a user's file picker) and prints, for the
 * worker pool and for a single-worker load side by side:
 *   drop → graph on screen (and → idle, when the deferred statistics and the overview are done), ingest MB/s, a mapping change, opening the timeline of the largest activity,
 *   the page's peak JS heap (main thread) and the renderer process's peak RSS (all workers included).
 *
 *   npm run bench:browser [-- --files 192 --mb 1024 --seed 1 --lines short --modes read,pool,single,h5]
 * (h5: the same traces converted to one native .h5 by `strace-dfg convert`, loaded through the file input;
 * read: the time the same page needs only to read those bytes — File.slice + arrayBuffer in 16 MiB slices,
 * nothing parsed — so the ratio of drop → graph to the read limit is visible; --lines short: lines of
 * ~123 bytes as in real IOR and build traces, long: ~190 bytes)
 * Needs `npm run build` first (done here when dist/ is missing); `--dist DIR` serves another build (A/B);
 * JSFLAGS=... passes V8 flags to Chromium (e.g. --trace-gc, printed on the browser's stdout with DEBUG=pw:browser).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureBuild, launch, machineLine, parseArgs, ROOT, timedDrop, timedMappingChange, withPreview } from './browser-driver.mjs';
import { generate } from './gen-traces.mjs';

const args = parseArgs();
const files = Number(args.files ?? 192);
const mb = Number(args.mb ?? 1024);
const seed = Number(args.seed ?? 1);
const modes = String(args.modes ?? 'read,pool,single,h5').split(',');
const lines = String(args.lines ?? 'short');
/** drop → graph on screen, 1 GB / 192 files of short-line traces, on the 2-core machine (docs/BENCHMARKS.md). */
const TARGET_DROP_TO_GRAPH_S = 5;
const PORT = Number(args.port ?? 4183);
/** The build to serve (default dist/): another folder for an A/B of two builds, one after the other. */
const DIST = args.dist ? resolve(String(args.dist)) : null;
const out = join(ROOT, 'bench-data', `browser-${files}f-${mb}mb-s${seed}${lines === 'short' ? '-short' : ''}`);

function dataSet() {
  const meta = join(out, '.gen-traces.json');
  const ok = existsSync(meta) && (() => {
    const m = JSON.parse(readFileSync(meta, 'utf8'));
    return m.files === files && m.mb === mb && m.seed === seed && (m.profile ?? 'long') === lines;
  })();
  if (!ok) {
    console.log(`generating ${files} files, ${mb} MB (seed ${seed}) into ${out} …`);
    mkdirSync(out, { recursive: true });
    generate({ files, mb, seed, out, lines });
  }
  const paths = readdirSync(out).filter((f) => f.endsWith('.st')).map((f) => join(out, f));
  const bytes = paths.reduce((s, p) => s + statSync(p).size, 0);
  // The same traces as one native HDF5 event log (strace-dfg convert), for the `h5` mode.
  const h5 = `${out}.h5`;
  if (modes.includes('h5') && (!existsSync(h5) || statSync(h5).mtimeMs < statSync(meta).mtimeMs)) {
    if (!existsSync(join(ROOT, 'dist-cli', 'strace-dfg.mjs'))) spawnSync('npx', ['vite', 'build', '-c', 'vite.cli.config.ts'], { cwd: ROOT, stdio: 'inherit' });
    console.log(`converting to ${h5} …`);
    const c = spawnSync(process.execPath, [join(ROOT, 'dist-cli', 'strace-dfg.mjs'), 'convert', '--force', out, '-o', h5], { stdio: 'inherit' });
    if (c.status !== 0) throw new Error('convert failed');
  }
  return { paths, bytes, h5 };
}

/** Peak resident memory (VmHWM) of the browser's renderer processes, MiB. */
function rendererPeakMiB(browserPid) {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.split('\n');
  let peak = 0;
  for (const line of out) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!m || !m[3].includes('--type=renderer')) continue;
    try {
      const st = readFileSync(`/proc/${m[1]}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(st);
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      /* gone */
    }
  }
  void browserPid;
  return peak;
}

/**
 * Clicks a statistics row and waits for its timeline: the wall time seen by Playwright, the in-page time
 * from the click to the panel's data-ready plus one presented frame, and the app's user-timing marks (tl:*).
 * TL_PROFILE=1 / TL_TRACE=1 write a CPU profile / Chrome trace of the first open to /tmp (TL_TRACE=all: of
 * every open, the later ones to /tmp/tl-trace-again.json).
 */
async function openTimeline(page, browser, row, first) {
  await page.evaluate(() => {
    performance.clearMarks();
    window.__tlDone = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if (!document.querySelector('[data-testid=timeline-plot][data-ready=true]')) return;
        mo.disconnect();
        performance.mark('tl:ready');
        requestAnimationFrame(() => setTimeout(() => {
          performance.mark('tl:presented');
          resolve(performance.now());
        }, 0));
      });
      mo.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
    });
    performance.mark('tl:click');
  });
  const cdp = first && process.env.TL_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const trace = process.env.TL_TRACE && (process.env.TL_TRACE === 'all' || first);
  if (trace) await browser.startTracing(page, { path: first ? '/tmp/tl-trace.json' : '/tmp/tl-trace-again.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'blink.user_timing', 'v8', 'gpu', 'viz', 'cc'] });
  const t1 = Date.now();
  await row.click();
  // polled every frame: locator.waitFor polls at growing intervals (up to 500 ms), which shows as lag
  await page.waitForFunction(() => !!document.querySelector('[data-testid=timeline-plot][data-ready=true]'), null, { polling: 'raf', timeout: 600000 });
  const ms = Date.now() - t1;
  const inPageMs = await page.evaluate(async () => (await window.__tlDone) - performance.getEntriesByName('tl:click')[0].startTime);
  if (trace) await browser.stopTracing();
  if (cdp) writeFileSync('/tmp/tl-profile.json', JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const marks = await page.evaluate(() => {
    const m = performance.getEntriesByType('mark').filter((x) => x.name.startsWith('tl:'));
    return m.map((x) => `${x.name.slice(3)} ${(x.startTime - m[0].startTime).toFixed(0)}`).join(', ');
  });
  return { ms, inPageMs, marks };
}

/** The read limit: the page reads every file in 16 MiB slices (File.slice + arrayBuffer), parsing nothing. */
async function readOnly(page, data) {
  await page.evaluate(() => {
    const i = document.createElement('input');
    i.type = 'file';
    i.multiple = true;
    i.id = 'read-bench';
    document.body.append(i);
  });
  await page.locator('#read-bench').setInputFiles(data.paths);
  return page.evaluate(async () => {
    const t0 = performance.now();
    let bytes = 0;
    for (const f of document.getElementById('read-bench').files) {
      for (let off = 0; off < f.size; off += 16 * 1048576) bytes += (await f.slice(off, off + 16 * 1048576).arrayBuffer()).byteLength;
    }
    return { ms: performance.now() - t0, bytes };
  });
}

async function runMode(mode, url, data) {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url + (mode === 'single' ? '#threads=1' : ''));
    const inputs = mode === 'h5' ? [data.h5] : data.paths;
    await page.waitForFunction(() => !!window.__app);
    if (mode === 'read') {
      const t0 = Date.now();
      const r = await readOnly(page, data);
      if (r.bytes !== data.bytes) throw new Error(`read ${r.bytes} bytes of ${data.bytes}`);
      return { mode, files: data.paths.length, bytes: r.bytes, readMs: r.ms, dropToReadMs: Date.now() - t0 };
    }
    await page.evaluate(() => window.__app.waitIdle());
    const drop = await timedDrop(page, inputs);
    const { state: st, timings } = drop;
    const graphPanel = page.getByTestId('graph-panel');
    const layoutMs = Number(await graphPanel.getAttribute('data-layout-ms'));
    const drawMs = Number(await graphPanel.getAttribute('data-draw-ms'));
    const phases = timings.phases ?? null;
    const firstAnalyzeMs = timings.analyzeMs;

    // A mapping change: depth 2 → 3, re-analysed in the worker and redrawn.
    const { drawnMs: mappingMs, idleMs: mappingIdleMs } = await timedMappingChange(page, 3);

    // The timeline of the largest activity: the first row of the statistics table (sorted by count).
    await page.getByTestId('tab-stats').click();
    const row = page.getByTestId('stats-row').first();
    const activity = await row.getAttribute('data-id');
    // Opened three times (closed in between): the first open is what a user meets; the others show the spread.
    const opens = [];
    for (let k = 0; k < 3; k++) {
      if (k > 0) {
        await page.getByTestId('timeline-close').click();
        await page.getByTestId('timeline-panel').waitFor({ state: 'detached' });
        await page.evaluate(() => window.__app.waitIdle(600000));
      }
      opens.push(await openTimeline(page, browser, row, k === 0));
    }
    const { ms: timelineMs, inPageMs: timelineInPageMs } = opens[0];
    console.log(`  timeline opens (ms): ${opens.map((o) => `${o.ms} (${o.marks})`).join('; ')}`);
    const plot = page.getByTestId('timeline-plot');
    const bars = await plot.getAttribute('data-bars');
    const tl = {
      events: Number(await plot.getAttribute('data-events')),
      openMs: Number(await plot.getAttribute('data-open-ms')),
      binMs: Number(await plot.getAttribute('data-bin-ms')),
      reactMs: Number(await plot.getAttribute('data-react-ms')),
    };
    const peakHeap = await page.evaluate(() => window.__peakHeap);
    const rss = rendererPeakMiB(browser.process?.()?.pid);
    const inBytes = mode === 'h5' ? statSync(data.h5).size : data.bytes;
    return {
      mode,
      files: inputs.length,
      bytes: inBytes,
      events: st.events,
      cases: st.cases,
      handOverMs: drop.handOverMs,
      phases,
      firstAnalyzeMs,
      layoutMs,
      drawMs,
      firstViewMs: drop.firstViewMs,
      loadMs: drop.loadMs,
      dropToGraphMs: drop.dropToGraphMs,
      dropToIdleMs: drop.dropToIdleMs,
      ingestMBs: inBytes / 1e6 / (drop.loadMs / 1000),
      mappingMs,
      mappingIdleMs,
      timelineMs,
      timelineInPageMs,
      timelineRepeatMs: opens.slice(1).map((o) => o.ms),
      timelineActivity: activity,
      timelineBars: Number(bars),
      timeline: tl,
      peakMainHeapMiB: peakHeap / 1048576,
      peakRendererRssMiB: rss,
      pageErrors: errors,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  ensureBuild(DIST);
  const data = dataSet();
  console.log(`data: ${data.paths.length} files, ${(data.bytes / 1e6).toFixed(0)} MB`);
  const results = [];
  await withPreview(PORT, async (url) => {
    for (const mode of modes) {
      console.log(`running ${mode} …`);
      results.push(await runMode(mode, url, data));
    }
  }, DIST);
  const machine = machineLine();
  console.log(`\nmachine: ${machine}`);
  const f = (x, d = 0) => (typeof x === 'number' ? x.toFixed(d) : String(x));
  const rows = [
    ['files / MB / events', (r) => `${r.files} / ${f(r.bytes / 1e6)} / ${r.events.toLocaleString('en-US')}`],
    ['drop → graph on screen (s)', (r) => f(r.dropToGraphMs / 1000, 2)],
    ['drop → idle: deferred mc, DR, p95 and the overview done (s)', (r) => f(r.dropToIdleMs / 1000, 2)],
    ['  of which files handed over (s)', (r) => f(r.handOverMs / 1000, 2)],
    ['  parsed + merged (s)', (r) => f(r.loadMs / 1000, 2)],
    ['    worker: parse / merge / summary (s)', (r) => (r.phases ? `${f(r.phases.parseMs / 1000, 2)} / ${f(r.phases.mergeMs / 1000, 2)} / ${f(r.phases.summaryMs / 1000, 2)}` : '?')],
    ['  first analysis in the worker (s)', (r) => f(r.firstAnalyzeMs / 1000, 2)],
    ['  first view: graph panel mounted → graph drawn (ms)', (r) => f(r.firstViewMs)],
    // (the graph panel's attributes after idle: of the last layout, which is not the first view's when the
    // first view lays out more than once — s10 laid out 11 activities, then the 7 that fit)
    ['  last layout (worker) / its request → drawn (ms)', (r) => `${f(r.layoutMs)} / ${f(r.drawMs)}`],
    ['ingest MB/s (drop → parsed)', (r) => f(r.ingestMBs)],
    ['mapping change depth 2→3: graph redrawn / idle (ms)', (r) => `${f(r.mappingMs)} / ${f(r.mappingIdleMs)}`],
    ['timeline of largest activity (ms)', (r) => `${f(r.timelineMs)} (${r.timelineBars.toLocaleString('en-US')} bars)`],
    ['  in the page: click → ready + a frame (ms)', (r) => f(r.timelineInPageMs)],
    ['  opened again, twice (ms)', (r) => r.timelineRepeatMs.map((x) => f(x)).join(', ')],
    ['  events / panel open → painted (ms)', (r) => `${r.timeline.events.toLocaleString('en-US')} / ${f(r.timeline.openMs)}`],
    ['  of which marks / Plotly.react (ms)', (r) => `${f(r.timeline.binMs)} / ${f(r.timeline.reactMs)}`],
    ['peak JS heap, main thread (MiB)', (r) => f(r.peakMainHeapMiB)],
    ['peak renderer RSS incl. workers (MiB)', (r) => f(r.peakRendererRssMiB)],
  ];
  const read = results.find((r) => r.mode === 'read');
  const loads = results.filter((r) => r.mode !== 'read');
  if (read) console.log(`read only (File.slice + arrayBuffer, 16 MiB slices): ${read.files} files, ${f(read.bytes / 1e6)} MB in ${f(read.readMs / 1000, 2)} s (${f(read.bytes / 1e6 / (read.readMs / 1000))} MB/s)`);
  console.log(['figure', ...loads.map((r) => r.mode)].join(' | '));
  for (const [name, fn] of rows) console.log([name, ...loads.map(fn)].join(' | '));
  for (const r of loads.filter((x) => x.mode !== 'h5')) {
    const s = r.dropToGraphMs / 1000;
    const ok = s <= TARGET_DROP_TO_GRAPH_S;
    console.log(
      `drop → graph on screen (${r.mode}, ${lines} lines, ${f(r.bytes / 1e6)} MB, ${r.events.toLocaleString('en-US')} events): ${f(s, 2)} s` +
        `${read ? `, ${f(r.dropToGraphMs / read.readMs, 1)}× the read-only time` : ''}   [target ≤ ${TARGET_DROP_TO_GRAPH_S} s: ${ok ? 'PASS' : 'FAIL'}]`,
    );
  }
  const pool = results.find((r) => r.mode === 'pool');
  const single = results.find((r) => r.mode === 'single');
  if (pool && single) console.log(`pool speed-up (single / pool, drop → graph): ${(single.dropToGraphMs / pool.dropToGraphMs).toFixed(2)}×`);
  const h5 = results.find((r) => r.mode === 'h5');
  if (pool && h5) console.log(`native .h5 load vs strace text load (parse + merge): ${(pool.loadMs / h5.loadMs).toFixed(1)}× faster`);
  mkdirSync(join(ROOT, 'bench-data'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-data', 'browser-result.json'), JSON.stringify({ machine, date: new Date().toISOString(), results }, null, 2));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
