import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING, RAW_MAPPING } from '../analysis/types';
import { Session, type SessionOptions } from '../session/session';
import { noCtx, type Ctx } from '../session/types';
import { workerHandlers } from './handlers';
import { exportHdf5 } from './hdf5';
import type { LoadInput, Progress } from './protocol';

/** The worker's handlers over a fresh Session, as worker.ts builds them (plus the mapping, for a test). */
function open(opts: SessionOptions = {}) {
  const session = new Session({ exportHdf5, ...opts });
  return {
    ...workerHandlers(session),
    get mapping() {
      return session.mapping;
    },
  };
}

const ROOT = join(__dirname, '..', '..');
const FIG1 = join(ROOT, 'src/cli/__fixtures__/fig1');
const E2E = join(ROOT, 'e2e/fixtures');

function input(path: string, name = path.replace(/^.*\//, '')): LoadInput {
  return { file: new File([readFileSync(path)], name.replace(/^.*\//, '')), name };
}
const fig1 = (): LoadInput[] => readdirSync(FIG1).sort().map((f) => input(join(FIG1, f)));
const multiproc = (): LoadInput[] => ['pipe_node1_1.st', 'pipe_node1_2.st', 'run2/tar_node2_1.st'].map((f) => input(join(E2E, 'multiproc', f), `multiproc/${f}`));
const params = (over = {}) => ({ mapping: DEFAULT_MAPPING, partition: null, caseFilters: [], ...over });

describe('Session.load', () => {
  it('loads a folder of real multi-process traces, names a non-trace file and loads the rest', async () => {
    const progress: Progress[] = [];
    const s = open();
    const sum = await s.load({ progress: (p) => progress.push(p), cancel: { cancelled: false } }, [...multiproc(), input(join(E2E, 'bad/notes.csv'))]);
    expect(sum.cases).toBe(3);
    expect(sum.errors).toHaveLength(1);
    expect(sum.errors[0].file).toBe('notes.csv');
    expect(sum.errors[0].message).toMatch(/notes\.csv.*neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace/);
    expect(sum.hosts).toEqual(['node1', 'node2']);
    expect(sum.cids).toEqual(['pipe', 'tar']);
    expect(sum.files.map((f) => f.name)).toEqual(['multiproc/pipe_node1_1.st', 'multiproc/pipe_node1_2.st', 'multiproc/run2/tar_node2_1.st']);
    expect(sum.events).toBe(sum.caseList.reduce((a, c) => a + c.events, 0));
    expect(sum.events).toBeGreaterThan(500);
    expect(sum.timeBase).toBe('clock');
    expect(sum.timeSpan!.end).toBeGreaterThan(sum.timeSpan!.start);
    const total = multiproc().reduce((a, i) => a + i.file.size, 0) + input(join(E2E, 'bad/notes.csv')).file.size;
    expect(progress.at(-1)!.phase).toBe('merge');
    expect(progress.some((p) => p.phase === 'parse' && p.total === total)).toBe(true);
  });

  it('gives the same log whatever the chunk size (lines straddle File.slice chunks)', async () => {
    const big = await open().load(noCtx(), multiproc());
    const tiny = await open({ chunk: 97 }).load(noCtx(), multiproc());
    expect(tiny.events).toBe(big.events);
    expect(tiny.caseList).toEqual(big.caseList);
    expect(tiny.dropped).toEqual(big.dropped);
  });

  it('lists unparsable lines with file and line number', async () => {
    const sum = await open().load(noCtx(), [input(join(E2E, 'bad/garbled_node1_2.st'))]);
    expect(sum.cases).toBe(1);
    expect(sum.unparsable.map((u) => [u.file, u.line])).toEqual([
      ['garbled_node1_2.st', 4],
      ['garbled_node1_2.st', 8],
    ]);
    expect(sum.unparsable[0].text).toBe('this line is not strace output at all');
    expect(sum.dropped.unparsable).toBe(2);
  });

  it('stops when cancelled', async () => {
    const ctx: Ctx = { progress: () => {}, cancel: { cancelled: true } };
    await expect(open().load(ctx, fig1())).rejects.toMatchObject({ name: 'CancelledError' });
  });

  it('splits cases per pid on request', async () => {
    const one = await open().load(noCtx(), multiproc());
    const split = await open().load(noCtx(), multiproc(), { splitByPid: true });
    expect(split.cases).toBeGreaterThan(one.cases);
    expect(split.events).toBe(one.events);
  });
});

describe('Session.analyze and drill-downs', () => {
  it("reproduces the paper's Figure 3 partition from real ls / ls -l traces", async () => {
    const s = open();
    await s.load(noCtx(), fig1());
    const { result, partitionCases } = await s.analyze(noCtx(), params({ partition: { green: 'cid:a', red: 'cid:b' } }));
    expect(partitionCases!.green).toHaveLength(3);
    expect(partitionCases!.red).toHaveLength(3);
    const p = result.partition!;
    const bySide = (side: string) => Object.keys(p.nodes).filter((k) => p.nodes[k].side === side).sort();
    expect(bySide('green')).toEqual([]);
    expect(bySide('red')).toEqual(expect.arrayContaining(['read:/etc/group', 'read:/etc/nsswitch.conf', 'read:/etc/passwd']));
    expect(Object.keys(p.edges).filter((k) => p.edges[k].side === 'green')).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
  });

  it('keeps cases with / without an activity, and partitions selectors that match nothing give PartitionError', async () => {
    const s = open();
    await s.load(noCtx(), fig1());
    const withPw = await s.analyze(noCtx(), params({ caseFilters: [{ activity: 'read:/etc/passwd', keep: 'with' }] }));
    expect(withPw.keptCases).toBe(3);
    expect(withPw.result.cases).toBe(3);
    const without = await s.analyze(noCtx(), params({ caseFilters: [{ activity: 'read:/etc/passwd', keep: 'without' }] }));
    expect(without.keptCases).toBe(3);
    expect(without.result.nodes.some((n) => n.id === 'read:/etc/passwd')).toBe(false);
    const both = await s.analyze(noCtx(), params({ caseFilters: [{ activity: 'read:/etc/passwd', keep: 'with' }, { activity: 'read:/etc/passwd', keep: 'without' }] }));
    expect(both.keptCases).toBe(0);
    await expect(s.analyze(noCtx(), params({ partition: { green: 'cid:zzz', red: '' } }))).rejects.toMatchObject({ name: 'PartitionError' });
  });

  it('a mapping that throws leaves the previous analysis usable', async () => {
    const s = open();
    await s.load(noCtx(), fig1());
    await s.analyze(noCtx(), params());
    await expect(s.analyze(noCtx(), params({ mapping: { ...DEFAULT_MAPPING, custom: '(e) => { throw new Error("boom") }' } }))).rejects.toMatchObject({ name: 'MappingError' });
    await expect(s.analyze(noCtx(), params({ mapping: { ...DEFAULT_MAPPING, include: [{ kind: 'regex', pattern: '(' }] } }))).rejects.toMatchObject({ name: 'MappingError' });
    expect(s.mapping).toEqual(DEFAULT_MAPPING);
    const t = await s.timeline(noCtx(), 'read:/etc/passwd');
    expect(t.start.length).toBeGreaterThan(0);
  });

  it('builds a timeline with one row per case, and per pid when a case has several', async () => {
    const s = open();
    const sum = await s.load(noCtx(), fig1());
    const { result } = await s.analyze(noCtx(), params());
    const node = result.nodes.find((n) => n.id === 'read:/usr/lib')!;
    const t = await s.timeline(noCtx(), 'read:/usr/lib');
    expect(t.start.length).toBe(node.count);
    expect(t.rowLabels).toHaveLength(sum.cases);
    expect(new Set(t.row).size).toBe(sum.cases);
    expect(t.labels.every((l) => l.startsWith('read /usr/lib/'))).toBe(true);
    for (let i = 1; i < t.start.length; i++) if (t.row[i] === t.row[i - 1]) expect(t.start[i]).toBeGreaterThanOrEqual(t.start[i - 1]);

    const m = open();
    await m.load(noCtx(), multiproc());
    await m.analyze(noCtx(), params({ mapping: RAW_MAPPING }));
    const tm = await m.timeline(noCtx(), 'openat:/usr/lib');
    const pids = new Set(tm.pid);
    expect(pids.size).toBeGreaterThan(3);
    expect(tm.rowLabels.length).toBe(new Set([...tm.row].map((r, i) => `${tm.rowCase[r]}|${tm.pid[i]}`)).size);
    expect(tm.rowLabels.some((l) => / · pid \d+$/.test(l))).toBe(true);
    // every event sits in the row of its own case and pid
    for (let i = 0; i < tm.pid.length; i++) {
      const l = tm.rowLabels[tm.row[i]];
      if (l.includes(' · pid ')) expect(l.endsWith(` · pid ${tm.pid[i]}`)).toBe(true);
    }
  });

  it('lists the cases of an edge and exports the CLI JSON', async () => {
    const s = open();
    await s.load(noCtx(), fig1());
    const { result } = await s.analyze(noCtx(), params({ partition: { green: 'cid:a', red: 'cid:b' } }));
    const e = await s.edgeCases(noCtx(), 'read:/etc/locale.alias', 'write:/dev/pts');
    expect(e.cases.map((c) => c.caseId).sort()).toEqual(['a_node1_1', 'a_node1_2', 'a_node1_3']);
    const json = JSON.parse((await s.exportJson(noCtx())).join(''));
    expect(json.cases).toBe(6);
    expect(json.events).toBe(result.events);
    expect(json.partition.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
  });

  it('refuses drill-downs before anything is loaded', async () => {
    await expect(open().analyze(noCtx(), params())).rejects.toThrow(/no trace loaded/);
    await expect(open().timeline(noCtx(), 'x')).rejects.toThrow(/nothing analysed/);
  });
});

describe('HDF5 in the worker session', () => {
  const H5 = join(ROOT, 'src/ingest/hdf5/__fixtures__');
  it('loads an h5py event log next to strace files, names a corrupt one, and exports a native .h5 that loads back', async () => {
    const s = open();
    const sum = await s.load(noCtx(), [input(join(H5, 'h5py_compound.h5')), input(join(H5, 'bad_corrupt.h5')), ...fig1()]);
    expect(sum.errors.map((e) => e.file)).toEqual(['bad_corrupt.h5']);
    expect(sum.files.map((f) => f.format)).toContain('hdf5');
    expect(sum.cases).toBeGreaterThan(6);
    const { result } = await s.analyze(noCtx(), params());
    const bytes = await s.exportH5(noCtx());
    expect(new Uint8Array(bytes, 0, 4)).toEqual(new Uint8Array([0x89, 0x48, 0x44, 0x46]));
    const back = open();
    const sum2 = await back.load(noCtx(), [{ file: new File([bytes], 'export.h5'), name: 'export.h5' }]);
    expect(sum2.cases).toBe(sum.cases);
    expect(sum2.events).toBe(sum.events);
    const again = await back.analyze(noCtx(), params());
    expect(again.result.edges).toEqual(result.edges);
  });
});
