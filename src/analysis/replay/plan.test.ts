/**
 * The replay plan of real runs (__fixtures__/README.md) against the program's own account: per case and
 * file the requests, bytes, offsets and syncs it made, its metadata calls by kind; the what-ifs; the files
 * prepared; the folder read back as the check reads it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTraceDir } from '../../testing/traceFixtures';
import { parseStraceBytes } from '../../ingest';
import { mergeLogs } from '../../model';
import { checkFolder, planExpectations } from './check';
import { replayFolder } from './folder';
import { replayPlan } from './plan';
import { readReplayFolder } from './readFolder';
import type { PlanCase } from './types';

const FX = join(import.meta.dirname, '__fixtures__');
interface Account {
  rank: number;
  files: Record<string, { write: [number, number]; read?: [number, number]; fsync?: number; fdatasync?: number }>;
  metadata?: Record<string, number>;
  block_kib?: number;
}
const accounts = (dir: string): Account[] => (JSON.parse(readFileSync(join(FX, dir, 'accounts.json'), 'utf8')) as Account[]).sort((a, b) => a.rank - b.rank);

const data = (c: PlanCase, path: string, dir: 'read' | 'write'): [number, number][] => c.io.filter((l) => l.path === path && l.kind === dir).map((l) => [l.offset, l.size]);
const metaKinds = (c: PlanCase): Record<string, number> => {
  const k: Record<string, number> = {};
  for (const m of c.meta) k[m.action] = (k[m.action] ?? 0) + 1;
  return k;
};

describe('replay plan of the normal run (4 ranks)', () => {
  const log = loadTraceDir(join(FX, 'normal'));
  const plan = replayPlan(log);
  const acc = accounts('normal');

  it('replays each rank\'s data as the program made it: requests, bytes, offsets, syncs', () => {
    expect(plan.cases.map((c) => c.rid)).toEqual(['0', '1', '2', '3']);
    for (const c of plan.cases) {
      const a = acc[Number(c.rid)];
      const block = a.block_kib! * 1024;
      for (const [path, f] of Object.entries(a.files)) {
        const w = data(c, path, 'write');
        const r = data(c, path, 'read');
        expect([w.length, w.reduce((s, x) => s + x[1], 0)], `${c.id} ${path} write`).toEqual(f.write);
        expect([r.length, r.reduce((s, x) => s + x[1], 0)], `${c.id} ${path} read`).toEqual(f.read);
        // the shared file at rank × 16 blocks (lseek + write/read: offsets from the lseek), the own file from 0 (pwrite/pread)
        const base = path.endsWith('/shared') ? a.rank * 16 * block : 0;
        const want = Array.from({ length: 16 }, (_, i) => [base + i * block, block]);
        expect(w).toEqual(want);
        expect(r).toEqual(want);
        const syncs = c.io.filter((l) => l.path === path && (l.kind === 'sync' || l.kind === 'datasync')).map((l) => l.kind);
        expect(syncs).toEqual(f.fsync ? ['sync'] : ['datasync']);
      }
      expect(c.engine).toBe('psync');
    }
  });

  it('replays the metadata calls by kind as the program counted them, listings as one readdir', () => {
    for (const c of plan.cases) {
      const m = acc[Number(c.rid)].metadata!;
      const k = metaKinds(c);
      expect(k).toEqual({ mkdir: m.mkdir, open: m.open_create, close: m.open_create, stat: m.stat, access: m.access, rename: m.rename, unlink: m.unlink, readdir: m.listing });
      // before the data (the forked child's phase) and after it (stat, unlink)
      expect(c.meta.filter((x) => x.phase === 'during')).toEqual([]);
      expect(c.meta.filter((x) => x.phase === 'post').map((x) => x.action)).toEqual(['stat', 'stat', 'unlink', 'unlink']);
    }
  });

  it('leaves out stdout redirected to a file (never opened in the trace) and says so', () => {
    for (const c of plan.cases) {
      expect(c.io.some((l) => l.path.startsWith('/scratch/run/'))).toBe(false);
      expect(c.notes.join(' ')).toMatch(/never opened in the trace.*\/scratch\/run\/normal\/account\.\d\.json/);
      expect(c.unseen).toBeNull();
    }
  });

  it('prepares the folders the run does not make; the rank folders are its own', () => {
    const by = new Map(plan.files.map((f) => [f.path, f]));
    expect(by.get('/scratch')?.prepare).toBe('dir');
    expect(by.get('/scratch/replay')?.prepare).toBe('dir');
    expect(by.get('/scratch/replay/rank.0')?.prepare).toBeNull();
    expect(by.get('/scratch/replay/shared')?.prepare).toBeNull();
    expect(plan.files.every((f) => f.name === f.path.slice(1))).toBe(true);
  });

  it('reads back from its folder as the plan (the check of a perfect replay scores 100)', () => {
    const files = new Map(replayFolder(plan, { sources: [], view: '', scope: '' }).map((f) => [f.path, f.text]));
    const back = readReplayFolder((p) => files.get(p) ?? null);
    const mine = planExpectations(plan);
    expect(back.cases.map((c) => [c.id, c.traceCid, c.traceRid, [...c.files.entries()]])).toEqual(mine.map((c) => [c.id, c.traceCid, c.traceRid, [...c.files.entries()]]));
    expect(files.get('iolog/case0.iolog')!.split('\n').slice(0, 4)).toEqual(['fio version 3 iolog', '0 scratch/replay/shared add', '0 scratch/replay/rank.0/data add', expect.stringMatching(/^\d+ scratch\/replay\/shared open$/)]);
    // the recording itself, relocated under a root, is a perfect replay of its plan
    const moved = mergeLogs(
      ['0', '1', '2', '3'].map((r) => {
        const text = readFileSync(join(FX, 'normal', `run_node1_${r}.st`), 'latin1').replaceAll('/scratch/replay', '/tmp/r/scratch/replay');
        return parseStraceBytes(`run_vm_${r}.st`, new Uint8Array(Buffer.from(text, 'latin1')));
      }),
    );
    const report = checkFolder(back, moved);
    expect(report.root).toBe('/tmp/r');
    expect(report.cases.map((c) => c.trace)).toEqual(['run_vm_0', 'run_vm_1', 'run_vm_2', 'run_vm_3']);
    // every read, write and sync as planned; the recording's metadata calls were made by its forked child, not by
    // replay_meta.py (whose processes the check knows by the list they read): named as not replayed
    const diffs = report.cases.flatMap((c) => c.differences);
    expect(diffs.filter((d) => / (read|write):|syncs/.test(d))).toEqual([]);
    expect(diffs).toContain('/scratch/replay/rank.0: 1 mkdir calls to do, 0 replayed');
  });
});

describe('replay what-ifs', () => {
  const small = loadTraceDir(join(FX, 'small'));
  const acc = accounts('small');

  it('--coalesce 1MiB: 256 × 4 KiB writes and reads become one 1 MiB request each, same bytes and extents', () => {
    const plan = replayPlan(small, { whatIfs: { coalesce: 1024 * 1024 } });
    for (const c of plan.cases) {
      const [path, f] = Object.entries(acc[Number(c.rid)].files)[0];
      expect(data(c, path, 'write')).toEqual([[0, f.write[1]]]);
      expect(data(c, path, 'read')).toEqual([[0, f.read![1]]]);
      expect(c.recorded[path].write).toEqual({ requests: f.write[0], bytes: f.write[1], extents: [[0, f.write[1], 0, 1]] });
      expect(c.engine).toBe('sync');
      expect(c.notes.join(' ')).toContain('--coalesce 1.00 MiB: 512 requests → 2');
    }
  });

  it('--coalesce 64KiB: requests up to 64 KiB', () => {
    const c = replayPlan(small, { whatIfs: { coalesce: 65536 } }).cases[0];
    const w = data(c, Object.keys(acc[0].files)[0], 'write');
    expect(w.length).toBe(16);
    expect(w.every(([o, s], i) => o === i * 65536 && s === 65536)).toBe(true);
  });

  it('--file-per-process: the shared file becomes one per rank, each rank\'s region from 0', () => {
    const plan = replayPlan(loadTraceDir(join(FX, 'normal')), { whatIfs: { layout: 'fpp' } });
    for (const c of plan.cases) {
      const w = data(c, `/scratch/replay/shared.${c.rid}`, 'write');
      expect(w[0]).toEqual([0, 65536]);
      expect(w.length).toBe(16);
      expect(c.io.some((l) => l.path === '/scratch/replay/shared')).toBe(false);
    }
  });

  it('--shared-file: each rank\'s own file becomes its region of one shared file', () => {
    const plan = replayPlan(small, { whatIfs: { layout: 'ssf' } });
    const region = 1024 * 1024;
    for (const c of plan.cases) {
      const w = data(c, '/scratch/replay/small.N.shared', 'write');
      expect(w[0]).toEqual([Number(c.rid) * region, 4096]);
      expect(w.length).toBe(256);
    }
  });

  it('--align, --no-sync, --pread', () => {
    const plan = replayPlan(small, { whatIfs: { align: 65536, noSync: true, pread: true } });
    const c = plan.cases[0];
    expect(c.io.some((l) => l.kind === 'sync')).toBe(false);
    expect(c.engine).toBe('psync');
    expect(data(c, Object.keys(acc[0].files)[0], 'write').every(([o, s]) => o % 65536 === 0 && s === 65536)).toBe(true);
  });
});

describe('replay README', () => {
  it('names a case whose I/O strace could not see (mmap)', () => {
    const plan = replayPlan(loadTraceDir(join(FX, 'mmap')));
    const readme = replayFolder(plan, { sources: [], view: '', scope: '' }).find((f) => f.path === 'README.md')!.text;
    expect(plan.cases[0].unseen).toMatch(/maps 1 file into memory \(mmap: \/scratch\/replay\/mapped\.0\)/);
    expect(readme).toMatch(/### I\/O strace could not see\n\n- case 0 `mapped_node1_0`: maps 1 file into memory/);
  });

  it('names paths fio cannot carry and maps them', () => {
    const text = readFileSync(join(FX, 'normal', 'run_node1_0.st'), 'latin1').replaceAll('/scratch/replay/shared', '/scratch/replay/my shared');
    const plan = replayPlan(parseStraceBytes('run_node1_0.st', new Uint8Array(Buffer.from(text, 'latin1'))));
    const f = plan.files.find((x) => x.path === '/scratch/replay/my shared');
    expect(f?.name).toBe('.strace-dfg/1');
    const files = replayFolder(plan, { sources: [], view: '', scope: '' });
    expect(files.find((x) => x.path === 'iolog/case0.iolog')!.text).toContain(' .strace-dfg/1 write ');
  });
});

describe('extent runs', () => {
  it('fold ranges of one length and stride', async () => {
    const { extentRuns } = await import('./summary');
    expect(extentRuns([[0, 4096], [8192, 12288], [16384, 20480], [65536, 65537]])).toEqual([[0, 4096, 8192, 3], [65536, 1, 0, 1]]);
    expect(extentRuns([[0, 10]])).toEqual([[0, 10, 0, 1]]);
  });
  it('summarise past the merge limit (100,000 disjoint strided writes, then a rewrite of every other one): the extents of one merge of all', async () => {
    const { summarise } = await import('./summary');
    const seq = Array.from({ length: 100_000 }, (_, i) => ({ kind: 'write', path: '/f', offset: i * 8192, size: 4096 }));
    for (let i = 0; i < 100_000; i += 2) seq.push({ kind: 'write', path: '/f', offset: i * 8192 + 2048, size: 4096 });
    const w = summarise(seq)['/f'].write;
    expect(w.requests).toBe(150_000);
    expect(w.bytes).toBe(150_000 * 4096);
    // the rewrites widen every other range to 6 KiB: lengths alternate, a run per range, 100,000 > EXTENT_CAP: not kept
    expect(w.extents).toBeNull();
    // 50,000 disjoint ranges pass the first merge limit (40,000) and stay one run
    const few = Array.from({ length: 50_000 }, (_, i) => ({ kind: 'read', path: '/g', offset: i * 8192, size: 4096 }));
    expect(summarise(few)['/g'].read.extents).toEqual([[0, 4096, 8192, 50_000]]);
  });
});
