#!/usr/bin/env node
/**
 * One pool drop of `npm run bench:browser`'s set (run it once first: it generates bench-data/browser-192f-1024mb-s1-short)
 * in a build (default dist/): every request the page makes of the analysis worker with its send and reply times
 * (ms since the drop) and what it asked and got, as user-timing marks req:* / rep:*; every layout asked of the
 * graph's layout worker (its size, a hash of its nodes and boxes, the worker's ms), every draw of the graph panel
 * (data-sync-ms set), its mount and its first data-graph-ready (marks graph-mounted, graph-ready), drop-idle;
 * TRACE=path also writes a Chrome trace with the CPU samples of every thread (tools/trace-profile.mjs reads it;
 * SAMPLES=0: without the samples, the tasks' CPU time only — trace-profile.mjs cpu=1);
 * MAP=1 adds a mapping change (depth 2 → 3) as the bench makes it. Timings only on a machine doing nothing else.
 *   node tools/drop-trace.mjs [DIST] [PORT]
 */
import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch, ROOT, timedDrop, timedMappingChange, withPreview } from './browser-driver.mjs';

const dist = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const port = Number(process.argv[3] ?? 4197);
const dir = join(ROOT, 'bench-data', 'browser-192f-1024mb-s1-short');
if (!existsSync(dir)) {
  console.error(`no ${dir}: run npm run bench:browser once first`);
  process.exit(1);
}
const paths = readdirSync(dir).filter((f) => f.endsWith('.st')).map((f) => join(dir, f));
await withPreview(port, async (url) => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(() => {
      window.__log = [];
      const W = window.Worker;
      window.Worker = class extends W {
        constructor(u, o) {
          super(u, o);
          const name = o?.name ?? String(u);
          const pend = new Map();
          const post = this.postMessage.bind(this);
          this.postMessage = (m, t) => {
            if (m && m.type === 'call') performance.mark('req:' + m.method);
            if (m && m.type === 'call') pend.set(m.id, { method: m.method, args: m.method === 'followUps' ? JSON.stringify(m.args[0]) : '', t0: performance.now() });
            // the graph's layout worker: { id, req } (src/ui/graph/layoutClient.ts), its size as the args
            if (m && m.req && Array.isArray(m.req.ids)) {
              performance.mark('req:layout');
              pend.set(m.id, { method: 'layout', args: '', size: `${m.req.ids.length} nodes ${m.req.edgeSource.length} edges ${m.req.direction} #${[...m.req.ids.join('|') + [...m.req.widths].join(',')].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7).toString(36)}`, t0: performance.now() });
            }
            return post(m, t);
          };
          this.addEventListener('message', (e) => {
            const m = e.data;
            if (m && m.xy instanceof Float64Array && pend.has(m.id)) {
              const p = pend.get(m.id);
              pend.delete(m.id);
              performance.mark('rep:layout');
              window.__log.push({ w: name, method: 'layout', args: p.size, t0: p.t0, t1: performance.now(), type: 'result', keys: `${m.ms.toFixed(0)} ms in the worker` });
            }
            if (m && (m.type === 'result' || m.type === 'error') && pend.has(m.id)) {
              const p = pend.get(m.id);
              pend.delete(m.id);
              performance.mark('rep:' + p.method + (p.args ? ':' + Object.keys(JSON.parse(p.args)).filter((k) => k !== 'of').join('+') : ''));
              window.__log.push({ w: name, method: p.method, args: p.args, t0: p.t0, t1: performance.now(), type: m.type, keys: m.value && typeof m.value === 'object' ? Object.keys(m.value).join(',') : '' });
            }
          });
        }
      };
    });
    await page.addInitScript(() => {
      // every draw of the graph panel (useGraphDraw sets data-sync-ms each time) and what it drew
      const draws = new MutationObserver((recs) => {
        for (const r of recs) {
          const el = r.target;
          if (r.attributeName !== 'data-sync-ms') continue;
          const t = performance.now();
          window.__log.push({ w: 'graph', method: 'draw', args: `sync ${el.getAttribute('data-sync-ms')} ms, ${el.getAttribute('data-bands')} band(s), ${el.textContent?.match(/\\d+ of \\d+ activ\\w*/)?.[0] ?? ''}`, t0: t, t1: t, type: 'result', keys: '' });
        }
      });
      document.addEventListener('DOMContentLoaded', () => draws.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-sync-ms'] }));
      let mounted = false;
      const mo = new MutationObserver(() => {
        if (!mounted && document.querySelector('[data-testid=graph-panel]')) {
          mounted = true;
          performance.mark('graph-mounted');
          const t = performance.now();
          window.__log.push({ w: 'graph', method: 'mounted', args: '', t0: t, t1: t, type: 'result', keys: '' });
        }
        if (document.querySelector('[data-testid=graph-panel][data-graph-ready]')) {
          performance.mark('graph-ready');
          const t = performance.now();
          window.__log.push({ w: 'graph', method: 'ready', args: '', t0: t, t1: t, type: 'result', keys: '' });
          mo.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-graph-ready'] }));
    });
    await page.goto(url);
    await page.waitForFunction(() => !!window.__app);
    await page.evaluate(() => window.__app.waitIdle());
    if (process.env.TRACE) await browser.startTracing(page, { path: process.env.TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...(process.env.SAMPLES === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']), 'blink.user_timing', 'toplevel'] });
    const t0 = await page.evaluate(() => performance.now());
    const d = await timedDrop(page, paths);
    await page.evaluate(() => performance.mark('drop-idle'));
    if (process.env.TRACE && !process.env.MAP) await browser.stopTracing();
    let mapLine = '';
    if (process.env.MAP) {
      const m = await timedMappingChange(page, 3);
      mapLine = `map drawn ${m.drawnMs} idle ${m.idleMs}`;
      if (process.env.TRACE) await browser.stopTracing();
    }
    const log = await page.evaluate(() => window.__log);
    console.log(`graph ${d.dropToGraphMs} idle ${d.dropToIdleMs} firstView ${d.firstViewMs} load ${d.loadMs} analyze ${d.timings.analyzeMs}`);
    if (mapLine) console.log(mapLine);
    for (const l of log.sort((a, b) => a.t0 - b.t0)) console.log(`${(l.t0 - t0).toFixed(0).padStart(6)} → ${(l.t1 - t0).toFixed(0).padStart(6)} (${(l.t1 - l.t0).toFixed(0).padStart(5)} ms) ${l.w} ${l.method} ${l.args} → ${l.keys}`);
  } finally {
    await browser.close();
  }
}, dist);
