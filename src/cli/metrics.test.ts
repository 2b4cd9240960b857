/**
 * The duration and failure statistics (docs/METHOD.md "Duration and failure statistics") end to end on a
 * real trace with failing calls (src/analysis/__fixtures__/failures: a gcc-built C program traced with
 * strace -f -tt -T -y), against values computed by hand from the fixture's lines, and the p95 against
 * numpy.percentile (committed reference values: tools/refdata/numpy_percentile.py, src/testing/refdata.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { activityEvents, analyze, compileMapping, DEFAULT_MAPPING, RAW_MAPPING } from '../analysis';
import { parseStraceBytes } from '../ingest/strace';
import { mergeLogs } from '../model';
import { referenceValues } from '../testing/refdata';
import { syntheticLog } from '../testing/syntheticLog';
import { main } from './run';

const DIR = join(__dirname, '..', 'analysis', '__fixtures__', 'failures');
const FILES = ['fail_node1_1.st', 'fail_node1_2.st'];
const US = 1e-6;

async function cliJson(...argv: string[]): Promise<CliJson> {
  let out = '';
  let err = '';
  const code = await main(['analyze', '--json', ...argv], { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  // the fixtures were traced with -e trace=… without lseek: the CLI says the positions are unknown, nothing else
  expect(err.replace(/^strace-dfg: warning \(2 files\): traced with -e trace=… without lseek: .*\n/, '')).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as CliJson;
}

const refs = referenceValues(import.meta.url);

/** numpy.percentile(x, q) (default method "linear") of each list. */
function numpyPercentiles(name: string, lists: number[][], q: number): number[] {
  return refs.get(name, 'tools/refdata/numpy_percentile.py', { stdin: { q, lists } });
}

describe('duration and failure statistics on real failing calls', () => {
  it('match the values computed by hand from the trace lines (CLI --json)', async () => {
    const doc = await cliJson(...FILES.map((f) => join(DIR, f)));
    expect(doc.cases).toBe(2);
    // openat:/tmp/dfgfx — case 1: missing0…4 ENOENT <49 26 15 16 24 µs>, data <22>, O_EXCL EEXIST <15>,
    // dir O_WRONLY EISDIR <22>, dir <24>; case 2: missing0,1 ENOENT <98 14>, data <34>, EEXIST <47>, EISDIR <25>, dir <15>.
    // 15 events, 11 failed; Σ = 213 + 233 = 446 µs; sorted: 14 15 15 15 16 22 22 24 24 25 26 34 47 49 98,
    // h = (15 − 1) × 0.95 = 13.3 → x₁₃ + 0.3 (x₁₄ − x₁₃) = 49 + 0.3 × 49 = 63.7 µs.
    const open = doc.nodes['openat:/tmp/dfgfx'];
    expect(open.count).toBe(15);
    expect(open.cases).toBe(2);
    expect(open.failures).toBe(11);
    expect(open.failure_rate).toBeCloseTo(11 / 15, 12);
    expect(open.errnos).toEqual({ EEXIST: 2, EISDIR: 2, ENOENT: 7 });
    expect(open.mean_dur as number).toBeCloseTo((446 / 15) * US, 9);
    expect(open.p95_dur as number).toBeCloseTo(63.7 * US, 9);
    // read:/tmp/dfgfx — case 1: data <28 66 13 13 13>, dir EISDIR <13>; case 2: data <15 13 13 22 13>, dir EISDIR <22>.
    // sorted: 13×7 15 22 22 28 66; h = 11 × 0.95 = 10.45 → 28 + 0.45 × (66 − 28) = 45.1 µs; mean 244 / 12 µs;
    // bytes 2 × (3 × 256 + 232 + 0) = 2000.
    const read = doc.nodes['read:/tmp/dfgfx'];
    expect([read.count, read.cases, read.failures, read.bytes]).toEqual([12, 2, 2, 2000]);
    expect(read.failure_rate).toBeCloseTo(2 / 12, 12);
    expect(read.errnos).toEqual({ EISDIR: 2 });
    expect(read.mean_dur as number).toBeCloseTo((244 / 12) * US, 9);
    expect(read.p95_dur as number).toBeCloseTo(45.1 * US, 9);
    // write:/tmp/dfgfx — write on a read-only fd, EBADF <22> and <13>: p95 = 13 + 0.95 × 9 µs, mean 17.5 µs.
    const write = doc.nodes['write:/tmp/dfgfx'];
    expect([write.count, write.cases, write.failures, write.failure_rate]).toEqual([2, 2, 2, 1]);
    expect(write.errnos).toEqual({ EBADF: 2 });
    expect(write.p95_dur as number).toBeCloseTo(21.55 * US, 9);
    expect(write.mean_dur as number).toBeCloseTo(17.5 * US, 9);
    // openat:/nonexistent/x — only in case 1 (ENOENT <15>); close:/tmp/dfgfx <23 15 22 66> never fails.
    const other = doc.nodes['openat:/nonexistent/x'];
    expect([other.count, other.cases, other.failures, other.failure_rate]).toEqual([1, 1, 1, 1]);
    expect(other.errnos).toEqual({ ENOENT: 1 });
    expect(other.p95_dur as number).toBeCloseTo(15 * US, 9);
    const close = doc.nodes['close:/tmp/dfgfx'];
    expect([close.count, close.cases, close.failures, close.failure_rate]).toEqual([4, 2, 0, 0]);
    expect(close.errnos).toEqual({});
    expect(close.mean_dur as number).toBeCloseTo(31.5 * US, 9);
    // the existing fields are unchanged, the new ones follow them
    expect(Object.keys(open)).toEqual(['count', 'rd', 'bytes', 'dr', 'mc', 'DR', 'cases', 'mean_dur', 'p95_dur', 'failures', 'failure_rate', 'errnos']);
  });

  it('show in the readable table and the errno list', async () => {
    let out = '';
    const code = await main(['analyze', ...FILES.map((f) => join(DIR, f))], { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => undefined } });
    expect(code).toBe(0);
    expect(out).toMatch(/activity\s+count\s+rd\s+bytes\s+dr\s+mc\s+DR\s+cases\s+mean\s+p95\s+fail\n/);
    expect(out).toMatch(/openat:\/tmp\/dfgfx\s+15\s+\S+%\s+–\s+–\s+\d+\s+–\s+2\s+29\.7 µs\s+63\.7 µs\s+11\n/);
    expect(out).toContain('Failed calls by errno');
    expect(out).toMatch(/openat:\/tmp\/dfgfx\s+ENOENT 7, EEXIST 2, EISDIR 2\n/);
  });

  it('p95 equals numpy.percentile(…, 95) for every activity of the fixture', () => {
    const log = mergeLogs(FILES.map((f) => parseStraceBytes(f, new Uint8Array(readFileSync(join(DIR, f))))));
    // the plain mapping: every activity of the fixture, system files too
    const m = compileMapping(log, RAW_MAPPING);
    const r = analyze(log, RAW_MAPPING, null, m);
    const durs = r.nodes.map((n) => Array.from(activityEvents(log, m, n.id).dur).filter((d) => !Number.isNaN(d)));
    const np = numpyPercentiles('p95 per activity, failures fixture, raw mapping', durs, 95);
    r.nodes.forEach((n, i) => expect(n.p95Dur, n.id).toBeCloseTo(np[i], 12));
    expect(r.nodes.length).toBeGreaterThan(5);
  });

  it('p95 equals numpy on a seeded synthetic log where activities join many pairs (depths 0–3)', () => {
    const log = syntheticLog({ events: 10_000, cases: 8, pairs: 150, seed: 3, unknownDur: 0.05 });
    for (const depth of [0, 1, 3]) {
      const spec = { ...DEFAULT_MAPPING, depth };
      const m = compileMapping(log, spec);
      const r = analyze(log, spec, null, m);
      const durs = r.nodes.map((n) => Array.from(activityEvents(log, m, n.id).dur).filter((d) => !Number.isNaN(d)));
      const np = numpyPercentiles(`p95 per activity, synthetic log, depth ${depth}`, durs, 95);
      r.nodes.forEach((n, i) => {
        if (durs[i].length === 0) expect(n.p95Dur).toBeNull();
        else expect(Math.abs((n.p95Dur as number) - np[i])).toBeLessThanOrEqual(1e-12 + 1e-9 * np[i]);
      });
    }
  });
});
