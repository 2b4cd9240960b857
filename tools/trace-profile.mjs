#!/usr/bin/env node
/**
 * Reads a Chrome trace with CPU samples (tools/drop-trace.mjs TRACE=…): per thread whose name matches THREAD (a
 * regular expression; the page is CrRendererMain, the workers "DedicatedWorker thread"), the busy time and the
 * functions with the most self and inclusive time, within from=…/to=… (trace µs, or a user-timing mark's name:
 * from=rep:analyze to=graph-ready) when given; focus=REGEXP prints the thread's timeline (within from/to, ms
 * since from) as runs of the outermost matching frame (min=ms shortest run); marks=1 the user-timing marks;
 * cpu=1 each thread's CPU time in the tasks that start within from/to (the trace's tdur: what a busy machine
 * does not inflate, unlike the samples' wall time).
 *   node tools/trace-profile.mjs TRACE.json [THREAD] [n=25] [ni=40] [noprog=1] [from=µs] [to=µs] [focus=re] [min=5] [marks=1] [cpu=1]
 */
import { readFileSync } from 'node:fs';
const [file, threadRe = 'strace-dfg', ...rest] = process.argv.slice(2);
const opts = Object.fromEntries(rest.map((a) => a.split('=')));
const ev = JSON.parse(readFileSync(file, 'utf8'));
const events = ev.traceEvents ?? ev;
// from=/to= take trace µs or the name of a user-timing mark (its first occurrence: rep:analyze, graph-ready …)
const markAt = (v) => {
  if (v === undefined || /^\d+$/.test(v)) return v;
  const m = events.find((e) => (e.cat ?? '').includes('blink.user_timing') && e.name === v);
  if (!m) throw new Error(`no mark ${v}`);
  return String(m.ts);
};
opts.from = markAt(opts.from);
opts.to = markAt(opts.to);
const names = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const profs = new Map();
for (const e of events) {
  if (e.name === 'Profile') profs.set(`${e.pid}:${e.id}`, { key: `${e.pid}:${e.tid}`, start: e.args.data.startTime, nodes: new Map(), samples: [], deltas: [] });
}
for (const e of events) {
  if (e.name !== 'ProfileChunk') continue;
  const p = profs.get(`${e.pid}:${e.id}`);
  if (!p) continue;
  const d = e.args.data;
  for (const n of d.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
  p.samples.push(...(d.cpuProfile?.samples ?? []));
  p.deltas.push(...(d.timeDeltas ?? []));
}
for (const [, p] of profs) {
  const tname = names.get(p.key) ?? p.key;
  if (!new RegExp(threadRe).test(tname)) continue;
  // times
  let t = p.start;
  const times = p.deltas.map((d) => (t += d));
  const name = (id) => { const n = p.nodes.get(id); const c = n.callFrame; return `${c.functionName || '(anon)'}${c.url ? ' ' + c.url.split('/').pop() + ':' + c.lineNumber : ''}`; };
  const stack = (id) => { const s = []; for (let n = p.nodes.get(id); n; n = n.parent ? p.nodes.get(n.parent) : null) s.push(n.id); return s; };
  const t0 = Number(opts.from ?? 0), t1 = Number(opts.to ?? 1e18);
  const self = new Map(), incl = new Map();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (i + 1 < times.length ? times[i + 1] - times[i] : 0) / 1000;
    if (times[i] < t0 || times[i] > t1) continue;
    const s = stack(p.samples[i]);
    const top = name(s[0]);
    if (top.startsWith('(idle)') || top.startsWith('(program)') && opts.noprog) continue;
    total += dt;
    self.set(top, (self.get(top) ?? 0) + dt);
    for (const k of new Set(s.map(name))) incl.set(k, (incl.get(k) ?? 0) + dt);
  }
  console.log(`== ${tname} (${p.key}) busy ${total.toFixed(0)} ms, start ${p.start}`);
  const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`));
  console.log(' self:'); show(self, Number(opts.n ?? 25));
  console.log(' inclusive:'); show(incl, Number(opts.ni ?? 40));
  if (opts.focus) {
    // segments: consecutive samples whose stack contains a frame matching focus → name of that deepest-first match
    const re = new RegExp(opts.focus);
    let cur = null, segStart = 0, last = 0;
    const segs = [];
    for (let i = 0; i < p.samples.length; i++) {
      if (times[i] < t0 || times[i] > t1) continue;
      const s = stack(p.samples[i]).map(name);
      const hit = s.reverse().find((x) => re.test(x)) ?? (s.length <= 2 ? 'idle' : 'other');
      if (hit !== cur) { if (cur) segs.push([cur, segStart, times[i]]); cur = hit; segStart = times[i]; }
      last = times[i];
    }
    segs.push([cur, segStart, last]);
    const base = Number(opts.base ?? (opts.from ? t0 : p.start));
    for (const [k, a, b] of segs) if ((b - a) / 1000 >= Number(opts.min ?? 5)) console.log(`  ${((a - base) / 1000).toFixed(0).padStart(7)} +${((b - a) / 1000).toFixed(0).padStart(6)}  ${k}`);
  }
}
if (opts.cpu) {
  // CPU time (the trace's thread time, tdur) of each thread's top-level tasks that start within from/to: unlike
  // the samples' wall time, it does not grow while the thread waits for a core on a busy machine
  const t0 = Number(opts.from ?? 0), t1 = Number(opts.to ?? 1e18);
  const per = new Map();
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined && e.ts >= t0 && e.ts <= t1).sort((a, b) => a.ts - b.ts);
  const end = new Map();
  for (const e of tasks) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ts < (end.get(key) ?? -1)) continue; // a task run inside another (a nested loop): counted in it
    end.set(key, e.ts + e.dur);
    const r = per.get(key) ?? { cpu: 0, wall: 0, n: 0 };
    r.cpu += e.tdur / 1000;
    r.wall += e.dur / 1000;
    r.n++;
    per.set(key, r);
  }
  for (const [key, r] of [...per].sort((a, b) => b[1].cpu - a[1].cpu)) {
    const tname = names.get(key) ?? key;
    if (new RegExp(threadRe).test(tname) && r.cpu >= 1) console.log(`CPU ${r.cpu.toFixed(0).padStart(6)} ms  wall ${r.wall.toFixed(0).padStart(6)} ms  ${String(r.n).padStart(5)} tasks  ${tname} (${key})`);
  }
}
if (opts.marks) {
  const ms = events.filter((e) => (e.cat ?? '').includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b' || e.ph === 'e' || e.ph==='i'));
  for (const e of ms) console.log('MARK', e.ts, e.name, e.ph);
}
