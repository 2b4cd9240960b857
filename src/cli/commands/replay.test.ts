/**
 * The closed loop, live (issue #29's "done when"): a small multi-process C program (io-ranks.c: a forked metadata
 * phase, lseek + write, pwrite, fsync, fdatasync, lseek + read, pread) recorded under strace on this machine, its
 * replay exported with `strace-dfg replay --out`, run with fio and replay_meta.py under strace (run.sh with
 * STRACE_DFG_TRACE), and checked with `replay --check` — and against the program's own account, read from the
 * replay's raw trace text. Then a what-if: `--coalesce 1MiB` of a small-request run.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FidelityReport } from '../../analysis/replay/index';
import { runCli, tempDir } from '../../testing/cliRun';
import { requireTools } from '../../testing/needs';
import { buildIoRanks, rawCalls, rawPositioned, recordRanks, runReplay, type Account } from '../../testing/replayRun';

requireTools('strace', 'fio', 'gcc');

const dir = tempDir('replay');
const MiB = 1024 * 1024;

async function check(folder: string, traces: string): Promise<FidelityReport> {
  const r = await runCli('replay', '--check', '--json', folder, traces);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as FidelityReport;
}

describe('replay closed loop: record, export, replay under strace, check', () => {
  let acc: Account[] = [];
  let report: FidelityReport;
  const root = join(dir, 'normal', 'replay', 'root');
  const data = join(dir, 'normal', 'data');
  beforeAll(async () => {
    const bin = buildIoRanks(dir);
    acc = (await recordRanks(bin, data, join(dir, 'normal', 'rec'), 'normal', 4, 'run')).sort((a, b) => a.rank - b.rank);
    const out = await runCli('replay', '--out', join(dir, 'normal', 'replay'), join(dir, 'normal', 'rec'));
    expect(out.code, out.err).toBe(0);
    expect(out.err).toMatch(/wrote .*: 4 cases, 256 requests \(16\.0 MiB\), 84 metadata calls/);
    const log = runReplay(join(dir, 'normal', 'replay'), join(dir, 'normal', 'tr'));
    expect(log).toMatch(/4 cases replayed/);
    report = await check(join(dir, 'normal', 'replay'), join(dir, 'normal', 'tr'));
  }, 120_000);

  it('every data file: requests, bytes, offsets and order as recorded; metadata calls per file and kind; score 100', () => {
    expect(report.root).toBe(root);
    expect(report.cases.map((c) => c.trace)).toEqual(report.cases.map((c) => expect.stringMatching(new RegExp(`^run_.+_${c.index}$`))));
    expect(report.cases.flatMap((c) => c.differences)).toEqual([]);
    expect(report.score).toBe(100);
    // 4 per file and direction (2 files × 2), syncs, data opens/closes; metadata kinds of 7 paths: a real number of checks
    expect(report.checks).toBeGreaterThan(4 * 30);
  });

  it("the replay's traces hold the program's own account (raw trace text, not the parser)", () => {
    const calls = rawPositioned(join(dir, 'normal', 'tr'), root);
    for (const a of acc) {
      const mine = calls.get([...calls.keys()].find((k) => k.endsWith(`_${a.rank}.st`))!)!;
      const block = a.block_kib! * 1024;
      for (const [path, f] of Object.entries(a.files)) {
        const base = path.endsWith('/shared') ? a.rank * 16 * block : 0;
        const want = Array.from({ length: 16 }, (_, i) => ({ offset: base + i * block, size: block }));
        for (const [dir, call] of [['write', 'pwrite64'], ['read', 'pread64']] as const) {
          const got = mine.filter((c) => c.path === root + path && c.call === call).map(({ offset, size }) => ({ offset, size }));
          expect(got, `rank ${a.rank} ${path} ${dir}`).toEqual(want);
          expect([got.length, got.reduce((s, c) => s + c.size, 0)]).toEqual(f[dir]);
        }
      }
    }
    // metadata the program counted, made again under the root (raw: successful calls by path)
    const mkdirs = rawCalls(join(dir, 'normal', 'tr'), root, 'mkdir');
    const renames = rawCalls(join(dir, 'normal', 'tr'), root, 'rename');
    const unlinks = rawCalls(join(dir, 'normal', 'tr'), root, 'unlink');
    const access = rawCalls(join(dir, 'normal', 'tr'), root, 'access');
    const sum = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
    const total = (k: string): number => acc.reduce((s, a) => s + a.metadata![k], 0);
    expect([sum(mkdirs), sum(renames), sum(unlinks), sum(access)]).toEqual([total('mkdir'), total('rename'), total('unlink'), total('access')]);
    expect(mkdirs.get(`${root}${data}/rank.2`)).toBe(1);
  });

  it('names what differs: the same traces against a folder whose plan lost a request', async () => {
    const copy = join(dir, 'normal', 'tampered');
    cpSync(join(dir, 'normal', 'replay'), copy, { recursive: true });
    const log = join(copy, 'iolog', 'case2.iolog');
    const lines = readFileSync(log, 'utf8').split('\n');
    const k = lines.findIndex((l) => / write 0 65536$/.test(l));
    lines.splice(k, 1);
    writeFileSync(log, lines.join('\n'));
    const r = await check(copy, join(dir, 'normal', 'tr'));
    expect(r.score).toBeLessThan(100);
    expect(r.cases[2].differences).toContain(`${data}/rank.2/data write: 15 requests to do, 16 replayed`);
    expect(r.cases[2].differences.join('\n')).toMatch(/data write: 15 of 16 \(offset, size\) in common; replayed, not planned: 64\.0 KiB @ 0/);
    expect(r.cases.filter((c) => c.index !== 2).every((c) => c.score === 100)).toBe(true);
  });
});

describe('replay what-if: --coalesce 1MiB of a small-request run', () => {
  let acc: Account[] = [];
  const base = join(dir, 'small');
  beforeAll(async () => {
    mkdirSync(base, { recursive: true });
    const bin = buildIoRanks(base);
    acc = (await recordRanks(bin, join(base, 'data'), join(base, 'rec'), 'small', 2, 'small')).sort((a, b) => a.rank - b.rank);
    for (const [name, extra] of [['plain', []], ['coalesced', ['--coalesce', '1MiB']]] as const) {
      const out = await runCli('replay', '--out', join(base, name), ...extra, join(base, 'rec'));
      expect(out.code, out.err).toBe(0);
      runReplay(join(base, name), join(base, `tr-${name}`));
    }
  }, 120_000);

  it('fewer, larger requests, the same bytes at the same file extents (replayed and traced)', async () => {
    const r = await check(join(base, 'coalesced'), join(base, 'tr-coalesced'));
    expect(r.cases.flatMap((c) => c.differences)).toEqual([]);
    expect(r.score).toBe(100);
    const readme = readFileSync(join(base, 'coalesced', 'README.md'), 'utf8');
    expect(readme).toContain('--coalesce 1.00 MiB: 512 requests → 2');
    // the replay's own traces, parsed: per file the writes and reads, against the program's account and the plain replay
    const { traceDirLog } = await import('../../testing/traceDir');
    for (const name of ['plain', 'coalesced'] as const) {
      const log = traceDirLog(join(base, `tr-${name}`));
      const root = join(base, name, 'root');
      for (const a of acc) {
        const [path, f] = Object.entries(a.files)[0];
        const c = log.cases.findIndex((x) => x.rid === String(a.rank));
        const sizes = { read: [] as number[], write: [] as number[] };
        const offsets: number[] = [];
        for (let i = log.caseOffsets[c]; i < log.caseOffsets[c + 1]; i++) {
          const call = log.calls[log.pairCall[log.pair[i]]];
          if (log.paths[log.pairFp[log.pair[i]]] !== root + path) continue;
          const d = /^(p?read(64)?)$/.test(call) ? 'read' : /^(p?write(64)?)$/.test(call) ? 'write' : null;
          if (!d) continue;
          sizes[d].push(log.size[i]);
          offsets.push(log.offset[i]);
        }
        const n = name === 'plain' ? f.write[0] : 1;
        expect(sizes.write.length, `${name} rank ${a.rank} writes`).toBe(n);
        expect(sizes.read.length, `${name} rank ${a.rank} reads`).toBe(n);
        expect(sizes.write.reduce((s, x) => s + x, 0)).toBe(f.write[1]);
        expect(sizes.read.reduce((s, x) => s + x, 0)).toBe(f.read![1]);
        expect(Math.max(...sizes.write)).toBe(name === 'plain' ? 4096 : MiB);
        expect(Math.min(...offsets)).toBe(0);
      }
    }
  });

  it('the plain plan checked against the coalesced traces names the requests that differ', async () => {
    const r = await check(join(base, 'plain'), join(base, 'tr-coalesced'));
    expect(r.score).toBeLessThan(100);
    expect(r.cases[0].differences).toContain(`${join(base, 'data')}/small.0 write: 256 requests to do, 1 replayed`);
  });
});
