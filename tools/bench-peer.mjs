#!/usr/bin/env node
/**
 * End to end against a peer (docs/BENCHMARKS.md, "End to end vs a Python pipeline"):
 * `strace-dfg analyze --json --raw DIR > out.json` against tools/peer/strace_pandas.py (Python regex + pandas, the
 * pipeline a user of the paper's Python tooling would run) on the same files, process start to JSON written,
 * the two commands in turn (A B A B …) in one run so that the machine's drift hits both alike. Printed per
 * set: the median wall seconds of each, the ratio peer/ours per pair (min, median, max) against the target
 * (≥ 15×, issue #17: on the set whose lines are as long as real traces', the short one; the long-line set is
 * printed beside it), and whether the two agree on every activity and edge the peer computes.
 *
 *   node tools/bench-peer.mjs [--runs 3] [--sets short,long] [--files 96] [--scale 1]
 *
 * Needs `npm run build` (dist-cli/strace-dfg.mjs; built here if missing) and python3 with pandas
 * (Debian: python3-pandas). Called by `npm run bench` unless `--no-peer`.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GEN_VERSION, generate } from './gen-traces.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const runs = Math.max(1, Number(opt('runs', '3')));
const files = Number(opt('files', '96'));
const sets = opt('sets', 'short,long').split(',');
/** Scales the sets' sizes (e.g. 0.05 for a quick check of the script itself). */
const scale = Number(opt('scale', '1'));
const TARGET = 15;
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SETS = { short: { lines: 'short', mb: 228 * scale }, long: { lines: 'long', mb: 200 * scale } };

const cli = join(root, 'dist-cli', 'strace-dfg.mjs');
if (!existsSync(cli)) {
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.cli.config.ts'), logLevel: 'warn' });
}
const out = join(root, 'bench-data', 'peer');
mkdirSync(out, { recursive: true });

/** Wall seconds of one process run, its stdout to `file`. */
function timed(cmd, args, file) {
  const fd = openSync(file, 'w');
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', fd, 'pipe'], cwd: root });
  const s = (performance.now() - t0) / 1000;
  closeSync(fd);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${String(r.stderr).slice(0, 500)}`);
  return s;
}

/** Every activity and edge of the peer's document equals ours (counts, bytes, mc exactly; rd, dr to 1e-6: the
 * EventLog keeps durations as float32, ~7 significant digits). */
function agreement(oursFile, peerFile) {
  const a = JSON.parse(readFileSync(oursFile, 'utf8'));
  const b = JSON.parse(readFileSync(peerFile, 'utf8'));
  const bad = [];
  const close = (x, y) => (x === null ? y === null : y !== null && Math.abs(x - y) <= 1e-6 * Math.max(Math.abs(x), Math.abs(y)));
  for (const [k, v] of Object.entries(b.nodes)) {
    const w = a.nodes[k];
    if (!w) bad.push(`${k}: missing in ours`);
    else for (const f of ['count', 'bytes', 'mc', 'rd', 'dr']) if (!close(v[f], w[f])) bad.push(`${k}.${f}: peer ${v[f]} ours ${w[f]}`);
  }
  for (const [k, v] of Object.entries(b.edges)) if (a.edges[k] !== v) bad.push(`${k}: peer ${v} ours ${a.edges[k]}`);
  return { peerNodes: Object.keys(b.nodes).length, peerEdges: Object.keys(b.edges).length, bad };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const f2 = (x) => x.toFixed(2);
const result = {};
for (const name of sets) {
  const cfg = SETS[name];
  if (!cfg) throw new Error(`unknown set ${name} (short, long)`);
  const dir = join(root, 'bench-data', `traces-${name}`);
  const metaPath = join(dir, '.gen-traces.json');
  const meta = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) : null;
  const gen = meta && meta.version === GEN_VERSION && meta.files === files && meta.mb === cfg.mb && (meta.profile ?? 'long') === cfg.lines ? meta : generate({ files, mb: cfg.mb, seed: 1, out: dir, lines: cfg.lines });
  const ours = [];
  const peer = [];
  const ratio = [];
  const oursOut = join(out, `${name}-ours.json`);
  const peerOut = join(out, `${name}-peer.json`);
  for (let k = 0; k <= runs; k++) {
    // the first pair warms the page cache and is not counted
    const a = timed(process.execPath, [cli, 'analyze', '--json', '--raw', dir], oursOut);
    const b = timed(PYTHON, [join(root, 'tools', 'peer', 'strace_pandas.py'), dir, peerOut], '/dev/null');
    if (k === 0) continue;
    ours.push(a);
    peer.push(b);
    ratio.push(b / a);
  }
  const agree = agreement(oursOut, peerOut);
  const r = median(ratio);
  const mean = gen.bytes / gen.lines;
  console.log(
    `end to end, ${name} lines (${gen.files} files, ${(gen.bytes / 1e6).toFixed(0)} MB, ${mean.toFixed(0)} B/line): ` +
      `strace-dfg analyze --json ${f2(median(ours))} s [${f2(Math.min(...ours))}–${f2(Math.max(...ours))}], ` +
      `Python regex+pandas ${f2(median(peer))} s [${f2(Math.min(...peer))}–${f2(Math.max(...peer))}]; ` +
      `peer/ours ${r.toFixed(1)}× [${Math.min(...ratio).toFixed(1)}–${Math.max(...ratio).toFixed(1)}]   ` +
      (cfg.lines === 'short' ? `[target ≥ ${TARGET}×: ${r >= TARGET ? 'PASS' : 'FAIL'}]` : `[printed beside: the ≥ ${TARGET}× target is on real-trace line lengths, the short set]`),
  );
  console.log(`  agreement: ${agree.peerNodes} activities and ${agree.peerEdges} edges of the peer, ${agree.bad.length ? `${agree.bad.length} differ: ${agree.bad.slice(0, 5).join('; ')}` : 'all equal to ours'}`);
  result[name] = { ours: median(ours), peer: median(peer), ratio: r, ...(cfg.lines === 'short' ? { ok: r >= TARGET } : {}), mismatches: agree.bad.length };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
