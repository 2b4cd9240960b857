#!/usr/bin/env node
/**
 * The reference values the unit tests compare against (src/testing/refdata.ts, docs/ARCHITECTURE.md "Tests").
 *
 *   npm run refdata         runs the programs of tools/refdata/ (SciPy, numpy, h5py, Python's XML parser)
 *                           through the tests that ask for them, and rewrites their __fixtures__/refs/*.json
 *   npm run refdata:check   makes them in a scratch folder and fails on any difference from the committed
 *                           ones (drift), and on a WebAssembly line scan that is not clang's build of
 *                           linescan.c (tools/build-linescan.mjs --check); CI runs it (.ci/run)
 *
 * Needs /usr/bin/python3 with numpy, SciPy and h5py, and clang + lld (installed as root, tools/needs.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { ensure, REFDATA_NEEDS } from './needs.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const check = process.argv.includes('--check');
const who = check ? 'npm run refdata:check' : 'npm run refdata';

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') walk(p, out);
    } else out.push(p);
  }
  return out;
}
const files = [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'tools'))];
/** The test files that ask for reference values. */
const tests = files.filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(f, 'utf8').includes('referenceValues(')).map((f) => relative(ROOT, f)).sort();
/** The committed reference files. */
const committed = files.filter((f) => /[/\\]__fixtures__[/\\]refs[/\\][^/\\]+\.json$/.test(f)).map((f) => relative(ROOT, f)).sort();

const line = ensure(who, REFDATA_NEEDS);
if (line) {
  console.error(line);
  process.exit(1);
}

const out = check ? mkdtempSync(join(tmpdir(), 'refdata-')) : null;
const env = { ...process.env, STRACE_DFG_REFDATA: 'make', ...(out ? { STRACE_DFG_REFDATA_OUT: out } : {}) };
console.log(`${who}: ${tests.length} test files ask for reference values`);
const started = Date.now();
const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...tests], { cwd: ROOT, env, stdio: 'inherit' });
let bad = run.status !== 0 ? [`the tests failed on freshly made reference values (exit ${run.status})`] : [];

if (check) {
  const made = walk(out).map((f) => relative(out, f)).sort();
  for (const f of new Set([...made, ...committed])) {
    if (!existsSync(join(out, f))) {
      bad.push(`${f}: committed, but no test asks for it any more`);
      continue;
    }
    if (!existsSync(join(ROOT, f))) {
      bad.push(`${f}: not committed (run npm run refdata)`);
      continue;
    }
    const a = JSON.parse(readFileSync(join(ROOT, f), 'utf8')).refs;
    const b = JSON.parse(readFileSync(join(out, f), 'utf8')).refs;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in b)) bad.push(`${f}: "${k}" is committed, but no test asks for it any more`);
      else if (!(k in a)) bad.push(`${f}: "${k}" is not committed`);
      else if (a[k].input_sha256 !== b[k].input_sha256) bad.push(`${f}: "${k}" was made from other input`);
      else if (!isDeepStrictEqual(a[k].output, b[k].output)) bad.push(`${f}: "${k}": ${a[k].program} now answers differently`);
    }
  }
  rmSync(out, { recursive: true, force: true });
  const wasm = spawnSync(process.execPath, [join(ROOT, 'tools', 'build-linescan.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  if (wasm.status !== 0) bad.push(`src/ingest/strace/wasm/linescanModule.ts: ${(wasm.stdout + wasm.stderr).trim()} (node tools/build-linescan.mjs)`);
  else console.log(wasm.stdout.trim());
}

if (!check && run.status === 0) {
  for (const f of committed) {
    if (statSync(join(ROOT, f)).mtimeMs >= started) continue;
    rmSync(join(ROOT, f));
    console.log(`${who}: removed ${f} (no test asks for it any more)`);
  }
}

if (bad.length) {
  for (const b of bad) console.error(`${who}: ${b}`);
  process.exit(1);
}
console.log(check ? `${who}: ${committed.length} reference files, no drift` : `${who}: written`);
