#!/usr/bin/env node
/**
 * Runs npm scripts at the same time (`npm test`'s independent checks: lint, typecheck, build — each mostly
 * one thread, the machine has two). Each script's output is held and printed whole when it ends, in the
 * order given, so logs do not interleave. Exit code: 0 when all pass, else the first failure's (all are
 * waited for and printed).
 *
 *   node tools/parallel.mjs lint typecheck build
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node tools/parallel.mjs SCRIPT...');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const runs = names.map(
  (name) =>
    new Promise((done) => {
      const chunks = [];
      const t0 = Date.now();
      const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('error', (e) => done({ name, code: 1, out: Buffer.from(String(e)), secs: 0 }));
      child.on('close', (code, signal) => done({ name, code: code ?? (signal ? 1 : 0), out: Buffer.concat(chunks), secs: (Date.now() - t0) / 1000 }));
    }),
);

let failed = 0;
for (const run of runs) {
  const r = await run;
  process.stdout.write(r.out);
  console.log(`[parallel] ${r.name}: ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`} in ${r.secs.toFixed(1)} s`);
  if (r.code !== 0 && !failed) failed = r.code;
}
console.log(`[parallel] ${names.join(', ')}: ${((Date.now() - started) / 1000).toFixed(1)} s wall`);
process.exit(failed);
