import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, type SessionOptions } from '../session/session';
import { noCtx } from '../session/types';
import { workerHandlers } from './handlers';
import { parseWorkerHandler, type ParseTask, type ReadAhead } from './parseTask';
import { ParsePool, type ParseReply } from './pool';
import type { FileLike } from './protocol';

const MP = join(__dirname, '..', '..', 'e2e/fixtures/multiproc');
const files = () =>
  ['pipe_node1_1.st', 'pipe_node1_2.st', 'run2/tar_node2_1.st'].map((f) => ({ file: new File([readFileSync(join(MP, f))], f.replace(/^.*\//, '')), name: f }));

/** A Worker stand-in that runs parseWorker.ts's job in-process (Node has no Web Worker). */
class FakeWorker {
  static started = 0;
  static terminated = 0;
  /** Reply delay (ms): long enough in the cancel test that a cancel lands while the workers parse. */
  static delay = 1;
  onmessage: ((ev: MessageEvent<ParseReply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  private dead = false;
  constructor() {
    FakeWorker.started++;
  }
  /** parseWorker.ts's handler, reading in 4 KiB chunks; replies arrive after `delay`. */
  private readonly handle = parseWorkerHandler((m) => setTimeout(() => !this.dead && this.onmessage?.({ data: m } as MessageEvent<ParseReply>), FakeWorker.delay), 4096);
  postMessage(m: ParseTask | ReadAhead): void {
    void this.handle(m);
  }
  terminate(): void {
    this.dead = true;
    FakeWorker.terminated++;
  }
}
const pool = (n: number) => new ParsePool(n, () => new FakeWorker() as unknown as Worker);
const open = (opts: SessionOptions = {}) => workerHandlers(new Session(opts));

describe('ParsePool', () => {
  it('parses files on at most N workers and gives the same merged log as one thread', async () => {
    FakeWorker.started = 0;
    const single = await open().load(noCtx(), files());
    const pooled = await open({ pool: pool(2) }).load(noCtx(), [...files(), { file: new File(['not a trace\n'], 'x.txt'), name: 'x.txt' }]);
    expect(FakeWorker.started).toBe(2);
    expect(pooled.threads).toBe(2);
    expect(pooled.events).toBe(single.events);
    expect(pooled.caseList).toEqual(single.caseList);
    expect(pooled.errors.map((e) => e.file)).toEqual(['x.txt']);
    expect(pooled.errors[0].message).toMatch(/neither an strace trace/);
  });

  it('prestart starts every worker once, and the load that follows uses them', async () => {
    FakeWorker.started = 0;
    const p = pool(2);
    p.prestart();
    expect(FakeWorker.started).toBe(2);
    p.prestart();
    expect(FakeWorker.started).toBe(2);
    const single = await open().load(noCtx(), files());
    const pooled = await open({ pool: p }).load(noCtx(), files());
    expect(FakeWorker.started).toBe(2);
    expect(pooled.caseList).toEqual(single.caseList);
  });

  it('cancel terminates every worker at once', async () => {
    FakeWorker.terminated = 0;
    FakeWorker.started = 0;
    FakeWorker.delay = 500;
    const ctx = noCtx();
    const p = open({ pool: pool(2) }).load(ctx, files());
    // Cancel once both workers are parsing (before that there is nothing to terminate).
    while (FakeWorker.started < 2) await new Promise((r) => setTimeout(r, 0));
    ctx.cancel.cancelled = true;
    await expect(p).rejects.toMatchObject({ name: 'CancelledError' });
    FakeWorker.delay = 1;
    expect(FakeWorker.terminated).toBe(2);
  });
});

describe('reading ahead', () => {
  it('each worker reads its next file while it parses one; every chunk is read once; the log is the same', async () => {
    // 12 files of several 4 KiB chunks: the three fixtures, four times under other names
    const big = Array.from({ length: 4 }, (_, k) => files().map(({ file, name }) => ({ file: new File([file], `${k}_${file.name}`), name: `${k}_${name}` }))).flat();
    const reads: string[] = [];
    const announced: string[] = [];
    const counted = (f: FileLike): FileLike => ({
      name: f.name,
      size: f.size,
      slice: (a, z) => {
        reads.push(`${f.name}@${a ?? 0}`);
        return f.slice(a, z);
      },
    });
    const p = new ParsePool(2, () => {
      const w = new FakeWorker();
      const post = w.postMessage.bind(w);
      w.postMessage = (m) => {
        if ('readAhead' in m) announced.push(m.file.name);
        post({ ...m, file: counted(m.file) });
      };
      return w as unknown as Worker;
    });
    const single = await open().load(noCtx(), big);
    const pooled = await open({ pool: p }).load(noCtx(), big);
    expect(pooled.caseList).toEqual(single.caseList);
    expect(pooled.events).toBe(single.events);
    // all but the first file of each worker were announced ahead (the first two go straight to the workers)
    expect(announced.length).toBe(big.length - 2);
    expect(new Set(announced).size).toBe(announced.length);
    // every chunk read once: the first chunk of an announced file is not read again by its task
    expect(new Set(reads).size).toBe(reads.length);
    for (const { file } of big) expect(reads.filter((r) => r.startsWith(`${file.name}@`)).length).toBe(Math.ceil(file.size / 4096));
  });
});

describe('a file that cannot be read ahead', () => {
  it('is named in the errors with the reason; the other files load', async () => {
    const big = Array.from({ length: 3 }, (_, k) => files().map(({ file, name }) => ({ file: new File([file], `${k}_${file.name}`), name: `${k}_${name}` }))).flat();
    const gone = '1_pipe_node1_2.st';
    // its reads after the sniffed head fail (as when a file is removed meanwhile)
    const failing = (f: FileLike): FileLike => ({
      name: f.name,
      size: f.size,
      slice: (a, z) => (f.name === gone ? { arrayBuffer: () => Promise.reject(new Error('NotReadableError: the file was removed')) } : f.slice(a, z)),
    });
    let announcedGone = false;
    const p = new ParsePool(2, () => {
      const w = new FakeWorker();
      const post = w.postMessage.bind(w);
      w.postMessage = (m) => {
        if ('readAhead' in m && m.file.name === gone) announcedGone = true;
        post({ ...m, file: failing(m.file) });
      };
      return w as unknown as Worker;
    });
    const sum = await open({ pool: p }).load(noCtx(), big);
    expect(announcedGone).toBe(true);
    expect(sum.errors.map((e) => e.file)).toEqual([gone]);
    expect(sum.errors[0].message).toMatch(/the file was removed/);
    // the copies named k_pipe_node1_N.st are cases of their own (other ids); the three copies of the same case
    // tar_node2_1 (k_run2/tar_node2_1.st) are one case, loaded once
    expect(sum.cases).toBe(big.length - 1 - 2);
    expect(sum.warnings).toEqual([1, 2].map((k) => `${k}_run2/tar_node2_1.st: case tar_node2_1 holds the same events as 0_run2/tar_node2_1.st: loaded once, from there; ${k}_run2/tar_node2_1.st's copy skipped`));
  });
});

describe('dead or stuck parse workers', () => {
  it('a worker that crashed while idle is replaced: the next load does not hang', async () => {
    const made: FakeWorker[] = [];
    const p = new ParsePool(1, () => {
      const w = new FakeWorker();
      made.push(w);
      return w as unknown as Worker;
    });
    const s = open({ pool: p });
    expect((await s.load(noCtx(), files())).cases).toBe(3);
    expect(made).toHaveLength(1);
    made[0].onerror!({ message: 'out of memory', preventDefault() {} } as ErrorEvent); // crashes while idle
    const again = await s.load(noCtx(), files());
    expect(again.cases).toBe(3);
    expect(made).toHaveLength(2);
  });

  it('a worker that stops answering is replaced after the stall time; its file is named, the others load', async () => {
    let n = 0;
    const p = new ParsePool(
      2,
      () => {
        const w = new FakeWorker();
        if (n++ === 0) w.postMessage = () => {}; // the first worker takes its file and never answers
        return w as unknown as Worker;
      },
      300,
    );
    const sum = await open({ pool: p }).load(noCtx(), files());
    expect(sum.errors).toHaveLength(1);
    expect(sum.errors[0].message).toMatch(/a parse worker stopped responding while reading .* \(nothing for 0.3 s\); it was replaced/);
    expect(sum.cases).toBe(2);
  });
});

describe('load with a parse-time path filter', () => {
  it('keeps only events whose path matches, in one thread and in the pool', async () => {
    const all = await open().load(noCtx(), files());
    for (const s of [open(), open({ pool: pool(3) })]) {
      const sum = await s.load(noCtx(), files(), { pathFilter: [{ kind: 'substring', pattern: '/etc/' }] });
      expect(sum.events).toBeGreaterThan(0);
      expect(sum.events).toBeLessThan(all.events);
      const { result } = await s.analyze(noCtx(), { mapping: { depth: 0, include: [], exclude: [], calls: [], excludeCalls: [], rewrites: [], custom: null }, partition: null, caseFilters: [] });
      expect(result.nodes.every((n) => n.id.includes('/etc/'))).toBe(true);
    }
  });

  it('names a bad regex', async () => {
    await expect(open().load(noCtx(), files(), { pathFilter: [{ kind: 'regex', pattern: '(' }] })).rejects.toThrow(/invalid regular expression/);
  });
});
