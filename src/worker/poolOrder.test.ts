import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { Session, UI_TRACE_LIMITS } from '../session/session';
import { noCtx } from '../session/types';
import { CancelledError } from '../ingest/source';
import { workerHandlers } from './handlers';
import { parseWorkerHandler, type ParseTask, type ReadAhead, type SortTask } from './parseTask';
import { ParsePool, type ParseReply } from './pool';

const PHASES = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
const files = () =>
  readdirSync(PHASES)
    .filter((f) => f.endsWith('.st'))
    .map((f) => ({ file: new File([readFileSync(join(PHASES, f))], f), name: f }));
const params = { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null };

/** parseWorker.ts's handler in-process (Node has no Web Worker); `failSort`: a sort task fails as a dead thread would. */
class FakeWorker {
  static sorts: number[] = [];
  static orders: ParseReply[] = [];
  static failSort = false;
  onmessage: ((ev: MessageEvent<ParseReply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  private readonly handle = parseWorkerHandler((m) => {
    if (m.type === 'order') FakeWorker.orders.push(m);
    setTimeout(() => this.onmessage?.({ data: m } as MessageEvent<ParseReply>), 1);
  }, 4096);
  postMessage(m: ParseTask | ReadAhead | SortTask): void {
    if ('sort' in m) {
      FakeWorker.sorts.push(m.sort.n);
      if (FakeWorker.failSort) {
        setTimeout(() => this.onmessage?.({ data: { type: 'error', id: m.id, error: { name: 'Error', message: 'the worker died' } } } as MessageEvent<ParseReply>), 1);
        return;
      }
    }
    void this.handle(m);
  }
  terminate(): void {}
}

describe("the mc time order on an idle parse worker (the app's pool: ParsePool.timeOrder)", () => {
  it("the app (mc deferred) sorts on its own thread: no sort task, complete() gives exactly the one-thread analysis", async () => {
    const plain = new Session();
    await workerHandlers(plain).load(noCtx(), files());
    const want = (await plain.analyze(noCtx(), params)).result;
    expect(want.nodes.some((n) => n.mc !== null && n.mc > 1)).toBe(true);
    FakeWorker.sorts = [];
    FakeWorker.failSort = false;
    const s = new Session({ pool: new ParsePool(2, () => new FakeWorker() as unknown as Worker, undefined, 0), limits: UI_TRACE_LIMITS });
    await workerHandlers(s).load(noCtx(), files());
    expect((await s.analyze(noCtx(), params)).result.deferred).toEqual(['p95Dur', 'mc']);
    const done = await s.complete(noCtx());
    // the reply's variant caps (UI_TRACE_LIMITS) aside, the statistics are the one-thread ones
    expect(done?.result.nodes).toEqual(want.nodes);
    expect(done?.result.edges).toEqual(want.edges);
    expect(FakeWorker.sorts).toEqual([]);
  });

  it('without deferral, the sort runs on a parse worker and gives exactly the one-thread analysis; a failing worker changes nothing', async () => {
    const plain = new Session();
    await workerHandlers(plain).load(noCtx(), files());
    const want = (await plain.analyze(noCtx(), params)).result;
    for (const fail of [false, true]) {
      FakeWorker.sorts = [];
      FakeWorker.orders = [];
      FakeWorker.failSort = fail;
      const s = new Session({ pool: new ParsePool(2, () => new FakeWorker() as unknown as Worker, undefined, 0) });
      await workerHandlers(s).load(noCtx(), files());
      expect((await s.analyze(noCtx(), params)).result).toEqual(want);
      expect(FakeWorker.sorts).toEqual([s.log!.n]);
      expect(FakeWorker.orders.length).toBe(fail ? 0 : 1);
      // the worker's sequence is the log's own (nothing sorted here)
      if (!fail) expect(s.logIndex!.sequence.seq).toBe((FakeWorker.orders[0] as Extract<ParseReply, { type: 'order' }>).order.index.seq);
    }
  });

  it('a time order asked before a cancel is not started after it', async () => {
    FakeWorker.sorts = [];
    FakeWorker.failSort = false;
    const pool = new ParsePool(1, () => new FakeWorker() as unknown as Worker, undefined, 0);
    const cols = { n: 2, start: new Float64Array([1, 2]), dur: new Float64Array([1, 1]), pair: new Uint32Array([0, 0]), pairCall: new Uint32Array([0]), caseOffsets: new Uint32Array([0, 2]) };
    const asked = pool.timeOrder(cols);
    pool.cancelAll();
    await expect(asked).rejects.toBeInstanceOf(CancelledError);
    expect(FakeWorker.sorts).toEqual([]);
    // a later one runs
    const order = await pool.timeOrder(cols);
    expect(FakeWorker.sorts).toEqual([2]);
    expect(order.sorted.starts).toBe(2);
  });
});
