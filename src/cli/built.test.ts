/**
 * The CLI as users run it: bundled by vite.cli.config.ts (into a scratch folder here), started with plain
 * `node` — real exit codes and stderr, and the worker-thread parse path (`--jobs`), which only runs from
 * the bundle.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLatePathsTrace } from '../testing/latePaths';
import { tempDir } from '../testing/cliRun';
import { main } from './run';

const ROOT = resolve(__dirname, '..', '..');
const FIG1 = join(__dirname, '__fixtures__', 'fig1');
// inside the repository, so that the bundle's runtime import of h5wasm resolves to node_modules
const OUT = join(ROOT, 'node_modules', '.cache', `strace-dfg-cli-test-${process.pid}`);
const CLI = join(OUT, 'strace-dfg.mjs');

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await build({ root: ROOT, configFile: join(ROOT, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir: OUT, emptyOutDir: true } });
}, 60_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, STRACE_DFG_DEBUG: '' } });

async function inProcess(...argv: string[]): Promise<string> {
  let out = '';
  const code = await main(argv, { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => undefined } });
  expect(code).toBe(0);
  return out;
}

describe('the built CLI (node dist-cli/strace-dfg.mjs)', () => {
  it('starts with a shebang and prints --help', () => {
    expect(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const r = cli('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('strace-dfg analyze [options] PATH...');
  });

  it('parses on 2 worker threads and prints the same JSON as the in-process parse', async () => {
    const r = cli('analyze', '--json', '--jobs', '2', '--green-cid', 'a', '--red-cid', 'b', FIG1);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.partition.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
    expect(r.stdout).toBe(await inProcess('analyze', '--json', '--jobs', '1', '--green-cid', 'a', '--red-cid', 'b', FIG1));
    const dbg = spawnSync(process.execPath, [CLI, 'analyze', '--json', '--jobs', '2', FIG1], { encoding: 'utf8', env: { ...process.env, STRACE_DFG_DEBUG: '1' } });
    expect(dbg.stderr).toMatch(/^strace-dfg: loaded 6 files \([\d.]+ MB, 72 events\) on 2 threads in /);
  });

  it('sorts for mc on a parse thread while the analysis goes on, and prints the JSON of the in-process run', async () => {
    const phases = join(ROOT, 'e2e', 'fixtures', 'phases');
    const r = spawnSync(process.execPath, [CLI, 'analyze', '--json', '--jobs', '2', phases], { encoding: 'utf8', env: { ...process.env, STRACE_DFG_DEBUG: '1', STRACE_DFG_OFFLOAD_FROM: '0' } });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/strace-dfg: mc time sort and sequence of \d+ events on a parse thread in /);
    // the insights and access patterns on the other thread meanwhile, on the same (shared) columns
    expect(r.stderr).toMatch(/strace-dfg: insights of \d+ events on a parse thread in /);
    expect(r.stderr).toMatch(/strace-dfg: access patterns of \d+ events on a parse thread in /);
    const doc = JSON.parse(r.stdout) as { nodes: Record<string, { mc: number | null }>; insights: unknown[]; files: Record<string, unknown> };
    expect(Object.values(doc.nodes).some((n) => n.mc !== null && n.mc > 1)).toBe(true);
    expect(doc.insights.length).toBeGreaterThan(0);
    expect(Object.keys(doc.files).length).toBeGreaterThan(0);
    expect(r.stdout).toBe(await inProcess('analyze', '--json', '--jobs', '1', phases));
    // the insights command, with thresholds of its own (the thread's findings are at those thresholds)
    const t = join(tempDir('thresholds-'), 't.json');
    writeFileSync(t, '{"small_requests":0.01}');
    const ins = spawnSync(process.execPath, [CLI, 'insights', '--json', '--jobs', '2', '--thresholds', t, phases], { encoding: 'utf8', env: { ...process.env, STRACE_DFG_DEBUG: '1', STRACE_DFG_OFFLOAD_FROM: '0' } });
    expect(ins.status).toBe(0);
    expect(ins.stderr).toMatch(/insights of \d+ events on a parse thread/);
    expect(ins.stderr).not.toMatch(/access patterns of/); // the insights command shows no access patterns
    expect(ins.stdout).toBe(await inProcess('insights', '--json', '--jobs', '1', '--thresholds', t, phases));
  });

  it('parses gzip’d traces on 2 worker threads (each decompresses its file) as the in-process parse does', async () => {
    const IOR = join(ROOT, 'e2e', 'fixtures', 'ior-ssf-fpp');
    const FX = join(ROOT, 'src', 'ingest', '__fixtures__');
    const BAD = join(FX, 'corrupt_vm_0.st.gz');
    const r = cli('analyze', '--json', '--jobs', '2', '--green', 'cid:ssf', '--red', 'cid:fpp', IOR, BAD);
    expect(r.status).toBe(2); // the corrupt file is named explicitly: fatal
    expect(r.stderr).toMatch(/^strace-dfg: .*corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \([a-z ]+\)\n$/);
    const ok = cli('analyze', '--json', '--jobs', '2', '--green', 'cid:ssf', '--red', 'cid:fpp', IOR);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).cases).toBe(16);
    expect(ok.stdout).toBe(await inProcess('analyze', '--json', '--jobs', '1', '--green', 'cid:ssf', '--red', 'cid:fpp', IOR));
    // issue #33.8 on the threads: members one after the other, zero padding and a cut file load as in-process
    const edges = ['multimember_vm_2.st.gz', 'padded_vm_1.st.gz', 'cutmember_vm_2.st.gz', 'truncated_vm_0.st.gz'].map((f) => join(FX, f));
    const two = cli('analyze', '--json', '--jobs', '2', ...edges);
    expect(two.status).toBe(0);
    expect(two.stderr.match(/cut short/g)).toHaveLength(2);
    expect(two.stdout).toBe(await inProcess('analyze', '--json', '--jobs', '1', ...edges));
  });

  it('exits 2 with one stderr line and no stack trace on a missing path and on a non-trace file', () => {
    for (const args of [['analyze', 'no/such/trace.st'], ['analyze', join(FIG1, '..', 'README.md')], ['convert', FIG1]]) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^strace-dfg: .+\n$/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('a trace whose distinct paths start after its first MiB, in a small heap: one stop line and exit 2, not a V8 abort; --filter loads it', () => {
    // 3 MB of the same few paths, then mdtest's create, stat and unlink of 60k files (42 MB): the head
    // alone shows 5 paths; without the stop, this aborts in a small old space (exit 134). 24 MiB, not 16: at 16 MiB
    // the filtered load itself aborted in 8 of 36 runs on a loaded machine (GC behind), a flaky test
    const dir = tempDir('late-paths');
    const trace = join(dir, 'mdtest_node1_0.st');
    writeLatePathsTrace(trace, { paths: 60_000, headBytes: 3e6 });
    const small = (...args: string[]) => spawnSync(process.execPath, ['--max-old-space-size=24', CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, STRACE_DFG_DEBUG: '', STRACE_DFG_HEAP_MB: '' } });
    const r = small('analyze', trace);
    expect(r.stderr).not.toMatch(/FATAL|heap out of memory/);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^strace-dfg: this load holds about [\d,]+ distinct paths \(estimated from 8 slices of 1 file\), which need about [\d.]+ MiB of heap, more than its budget of [\d.]+ MiB \(70 % of the [\d.]+ MiB heap of Node\.js here\): keep only the paths you need with --filter SUBSTR \(applied while reading[^\n]*NODE_OPTIONS=--max-old-space-size=\d+\)\n$/);
    // the filter is applied while reading: the rejected paths take no memory, and the load fits
    const f = small('analyze', '--json', '--filter', 'file.mdtest.0.12', trace);
    expect(f.stderr).toMatch(/^strace-dfg: about [\d,]+ distinct paths would not fit in the heap budget of [\d.]+ MiB: --filter is applied while reading/);
    expect(f.status).toBe(0);
    const doc = JSON.parse(f.stdout);
    expect(doc.events).toBe(4 * 1111); // file.mdtest.0.12, .120-.129, .1200-.1299, .12000-.12999: 4 calls each
  }, 60_000);

  it('a load whose paths the sample cannot see (in files it does not read) is read with the heap watched: one stop line and exit 2, not a V8 abort', () => {
    // 64 ranks: the sample reads every 4th file (0, 4, …, 60) and meets a handful of paths; 30 of the others
    // each create, stat and unlink 5k files of their own (issue #33.7: when the estimate is a guess, read and
    // watch the heap rather than refuse; without the watch this aborts in a 16 MiB old space). The heap is
    // looked at between files: with 40k paths in each of 3 files, one file's growth (~5 MB) could pass the
    // stop line and the limit between two looks (a V8 abort in the watch's own collection, seen in CI);
    // 5k paths a file keep each step well under the room between the stop line and the limit
    const dir = tempDir('unseen-paths');
    const small = readFileSync(join(FIG1, 'a_node1_1.st'));
    let late = 0;
    for (let k = 0; k < 64; k++) {
      const f = join(dir, `run_node1_${String(k).padStart(2, '0')}.st`);
      if (k % 4 !== 0 && late < 30) {
        late++;
        writeLatePathsTrace(f, { paths: 5_000, headBytes: 1e4, dir: `/scratch/mdtest/rank${k}` });
      } else writeFileSync(f, small);
    }
    const r = spawnSync(process.execPath, ['--max-old-space-size=16', CLI, 'analyze', '--jobs', '1', dir], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, STRACE_DFG_DEBUG: '', STRACE_DFG_HEAP_MB: '' } });
    expect(r.stderr).not.toMatch(/FATAL|heap out of memory/);
    expect(r.stderr).toMatch(/^strace-dfg: stopped reading after \d+ % of the traces: the JavaScript heap holds [\d.]+ MiB, \d+ % of its limit of [\d.]+ MiB \(the load holds more distinct paths or events than its estimate said\): keep only the paths you need with --filter SUBSTR .*NODE_OPTIONS=--max-old-space-size=\d+\)\n$/m);
    expect(r.status).toBe(2);
  }, 60_000);
});
