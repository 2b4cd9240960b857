#!/usr/bin/env node
/**
 * `npm run bench`: the Node benchmark of the engine (docs/BENCHMARKS.md).
 *
 *   npm run bench [-- --files 96 --mb 200 --seed 1 --events 10000000 --repeat 3 --no-h5 --no-peer --peer-runs 3 --time-only]
 *
 * 1. generates the seeded synthetic traces into bench-data/traces (tools/gen-traces.mjs) unless the same
 *    set is already there;
 * 2. bundles tools/bench-entry.ts with vite (SSR build, like the CLI) into bench-data/.build/bench.mjs;
 * 3. runs it with plain node in a child process (so its peak RSS is its own) and writes the figures to
 *    bench-data/bench-result.json;
 * 4. runs tools/bench-peer.mjs: strace-dfg analyze --json end to end against a Python regex + pandas
 *    pipeline on short-line and long-line sets (needs python3-pandas).
 * Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GEN_VERSION, generate } from './gen-traces.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const files = Number(opt('files', '96'));
const mb = Number(opt('mb', '200'));
const seed = Number(opt('seed', '1'));
const events = opt('events', '10000000');
const repeat = opt('repeat', '3');
const data = resolve(root, opt('out', 'bench-data/traces'));
const build = join(root, 'bench-data', '.build');

// 1. data
const metaPath = join(data, '.gen-traces.json');
const meta = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) : null;
if (!meta || meta.version !== GEN_VERSION || meta.files !== files || meta.mb !== mb || meta.seed !== seed) {
  const t0 = performance.now();
  const res = generate({ files, mb, seed, out: data });
  console.log(`generated ${res.files} files, ${(res.bytes / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// 2. bundle
const t0 = performance.now();
const { build: viteBuild } = await import('vite');
await viteBuild({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: join(root, 'tools', 'bench-entry.ts'),
    outDir: build,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { external: ['h5wasm', 'h5wasm/node'], output: { entryFileNames: 'bench.mjs' } },
  },
  ssr: { noExternal: true },
});
console.log(`bundled tools/bench-entry.ts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// 3. run
const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/) ?? [])[1] ?? 'unknown CPU';
console.log(`node ${process.version}, ${cpu}\n`);
const extra = ['--no-h5', '--compare-only', '--time-only'].filter((f) => argv.includes(f));
const r = spawnSync(
  process.execPath,
  ['--expose-gc', '--max-old-space-size=8192', join(build, 'bench.mjs'), '--dir', data, '--events', events, '--repeat', repeat, '--json', join(root, 'bench-data', 'bench-result.json'), ...extra],
  { stdio: 'inherit', cwd: root },
);
process.exitCode = r.status ?? 1;

// 4. end to end against the Python peer (tools/bench-peer.mjs), after the engine figures
if (!argv.includes('--no-peer') && !argv.includes('--compare-only') && !argv.includes('--time-only') && process.exitCode === 0) {
  console.log('');
  const p = spawnSync(process.execPath, [join(root, 'tools', 'bench-peer.mjs'), '--runs', opt('peer-runs', '3')], { stdio: 'inherit', cwd: root });
  process.exitCode = p.status ?? 1;
}
