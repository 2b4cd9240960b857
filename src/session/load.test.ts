/** Session.load under pressure: many files (bounded number open), and a second load while one runs. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { IMPORTERS } from '../ingest/registry';
import { bytesSource, CancelledError, type ByteSource, type Cancel } from '../ingest/source';
import type { EventLog } from '../model/eventlog';
import { pairStats } from '../analysis/pairStats';
import { parseOrder } from './readFiles';
import { MAX_OPEN_FILES, Session } from './session';
import { noCtx, type Ctx, type ParsePool } from './types';

const FIG1 = join(__dirname, '..', 'cli', '__fixtures__', 'fig1');
const traces = readdirSync(FIG1).sort();
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sources over the real fig1 traces whose reads take `delay` ms and are counted while in flight. */
function sources(names: readonly string[], delay: number, openNow = new Set<ByteSource>(), most = { n: 0 }): ByteSource[] {
  return names.map((name) => {
    // the content of the fig1 trace with the same cid (a_… ls, b_… ls -l)
    const inner = bytesSource(name, readFileSync(join(FIG1, traces.find((t) => t[0] === name.replace(/^.*\//, '')[0]) ?? traces[0])));
    let inFlight = 0;
    const s: ByteSource = {
      name,
      size: inner.size,
      async read(offset, length) {
        inFlight++;
        openNow.add(s);
        most.n = Math.max(most.n, openNow.size);
        try {
          await tick(delay);
          return await inner.read(offset, length);
        } finally {
          if (--inFlight === 0) openNow.delete(s);
        }
      },
    };
    return s;
  });
}

/** Parse threads stood in by this thread: the real importer, run when `parse` is called. */
class SameThreadPool implements ParsePool {
  readonly size = 2;
  private readonly cancels = new Set<Cancel>();
  async parse(source: ByteSource, importerId: string, head: Uint8Array): Promise<EventLog> {
    const imp = IMPORTERS.find((i) => i.id === importerId)!;
    const cancel = { cancelled: false };
    this.cancels.add(cancel);
    try {
      return await imp.read(source, head, {}, { cancel, onBytes: () => {} });
    } finally {
      this.cancels.delete(cancel);
    }
  }
  cancelAll(): void {
    for (const c of this.cancels) c.cancelled = true;
  }
  watch(cancel: Cancel): () => void {
    const t = setInterval(() => cancel.cancelled && this.cancelAll(), 5);
    return () => clearInterval(t);
  }
}

describe('Session.load with many files', () => {
  it(`reads at most ${MAX_OPEN_FILES} files at once, and loads every one`, async () => {
    const openNow = new Set<ByteSource>();
    const most = { n: 0 };
    const names = Array.from({ length: 300 }, (_, i) => `many/a${i}_node1_${i}.st`);
    const sum = await new Session({ pool: new SameThreadPool() }).load(noCtx(), sources(names, 1, openNow, most));
    expect(sum.errors).toEqual([]);
    expect(sum.cases).toBe(300);
    expect(most.n).toBeLessThanOrEqual(MAX_OPEN_FILES);
    expect(most.n).toBeGreaterThan(1);
  });
});

describe('a second load while one runs: the newest wins', () => {
  for (const pool of [null, new SameThreadPool()]) {
    it(pool ? 'on a parse pool' : 'in one thread', async () => {
      const s = new Session({ pool });
      // the first load is slow (ls traces, 20 ms per read), the second fast (ls -l traces)
      const slow = sources(traces.filter((t) => t.startsWith('a_')), 20);
      const fast = sources(traces.filter((t) => t.startsWith('b_')), 0);
      const first: Ctx = noCtx();
      const a = s.load(first, slow);
      await tick(5);
      const b = s.load(noCtx(), fast);
      await expect(a).rejects.toBeInstanceOf(CancelledError);
      expect(first.cancel.cancelled).toBe(true);
      const sum = await b;
      expect(sum.cids).toEqual(['b']);
      await tick(100); // nothing of the first load may land afterwards
      const reply = await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] });
      expect(reply.keptCases).toBe(sum.cases);
      expect(reply.result.variants.flatMap((v) => v.cases).every((c) => c.startsWith('b_'))).toBe(true);
    });
  }
});

describe("a big load touches its merged columns' pages while the files parse (ParsePool.pause)", () => {
  class PausingPool extends SameThreadPool {
    pauses = 0;
    readonly aheadFromBytes = 0;
    async pause(): Promise<void> {
      this.pauses++;
      await tick(0);
    }
  }
  it('merges into those columns when the events fit them: the same log as a merge into fresh memory', async () => {
    // 120 copies of one real trace: the estimate from the first half is exact (+ its headroom)
    const names = Array.from({ length: 120 }, (_, i) => `many/a${i}_node1_${i}.st`);
    const pool = new PausingPool();
    const ahead = new Session({ pool });
    await ahead.load(noCtx(), sources(names, 0));
    const fresh = new Session({ pool: new SameThreadPool() });
    await fresh.load(noCtx(), sources(names, 0));
    const a = ahead.log!;
    const f = fresh.log!;
    expect(pool.pauses).toBeGreaterThan(0);
    // views of the columns allocated ahead (2 % headroom), not columns of exactly n events
    expect(a.pid.buffer.byteLength).toBeGreaterThan(a.pid.byteLength);
    expect(f.pid.buffer.byteLength).toBe(f.pid.byteLength);
    expect(a.n).toBe(f.n);
    for (const col of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'offset'] as const) expect(Array.from(a[col]), col).toEqual(Array.from(f[col]));
    expect({ ...a, pid: null, pair: null, errno: null, start: null, dur: null, size: null, line: null, offset: null }).toEqual({ ...f, pid: null, pair: null, errno: null, start: null, dur: null, size: null, line: null, offset: null });
    const params = { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] };
    expect((await ahead.analyze(noCtx(), params)).result).toEqual((await fresh.analyze(noCtx(), params)).result);
  });
});

describe('the per-pair sums of a load on a pool are accumulated as the files come in', () => {
  it('in merge order: exactly the sums of a pass over the merged log (the first analysis does not make that pass)', async () => {
    // real traces of different programs and sizes (failing calls among them), read with delays so that
    // they come in out of order
    const fx = join(__dirname, '..', 'analysis', 'insights', '__fixtures__');
    const files = ['failures', 'ranks_imbalanced', 'seek', 'small_random'].flatMap((d) => readdirSync(join(fx, d)).filter((f) => f.endsWith('.st')).map((f) => join(fx, d, f)));
    expect(files.length).toBeGreaterThan(4);
    const mix = () =>
      files.map((f, i): ByteSource => {
        const inner = bytesSource(`mix/r${i}_node1_${i}.st`, readFileSync(f));
        return { ...inner, read: async (o, l) => (await tick((i * 7) % 5), inner.read(o, l)) };
      });
    const s = new Session({ pool: new SameThreadPool() });
    // a file in the folder that is not a trace (skipped) and one that fails: the files after them are still summed
    const notes = bytesSource('mix/README.md', new TextEncoder().encode('# how these were made\n'));
    const broken = bytesSource('mix/x_node1_0.st', new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]));
    const sum = await s.load(noCtx(), [notes, broken, ...mix()]);
    expect(sum.skipped).toEqual(['mix/README.md']);
    expect(sum.errors.map((e) => e.file)).toEqual(['mix/x_node1_0.st']);
    const log = s.log!;
    expect(s.logIndex!.hasPairStats).toBe(true);
    const seeded = s.logIndex!.pairStats;
    // a pass over its events
    const direct = pairStats(log);
    expect(direct).not.toBe(seeded);
    expect(seeded).toEqual(direct);
    expect(seeded.errCount.length).toBeGreaterThan(0); // the ls traces have failing calls: the errno counts are compared too
    // in one thread (no pool) nothing is accumulated ahead: the analysis makes the pass
    const one = new Session();
    await one.load(noCtx(), mix());
    expect(one.logIndex!.hasPairStats).toBe(false);
    expect(one.logIndex!.pairStats).toEqual(direct);
  });
  it('parses files over twice the median size first, then the others in input order', () => {
    expect(parseOrder([10, 11, 50, 9, 30, 12])).toEqual([2, 4, 0, 1, 3, 5]);
    expect(parseOrder([5, 5, 5])).toEqual([0, 1, 2]);
    expect(parseOrder([])).toEqual([]);
  });
});
