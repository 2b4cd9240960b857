/** The Session over plain ByteSources (no worker, no CLI): the head read once, the pool seam, selectors with commas. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { HEAD_BYTES, identify, importerById, isIdentified } from '../ingest/registry';
import { bytesSource, type ByteSource } from '../ingest/source';
import type { EventLog } from '../model/eventlog';
import { buildIndex } from '../analysis/concurrency';
import { sortedEntries } from '../analysis/seqSort';
import { Session } from './session';
import { noCtx, type LoadItem, type ParsePool } from './types';
import { idsSelector } from './view';

const FIG1 = join(__dirname, '..', 'cli/__fixtures__/fig1');
const fig1 = (name: string, as = name): ByteSource => bytesSource(as, new Uint8Array(readFileSync(join(FIG1, name))));

/** A source that counts its reads, and its head reads (offset 0, more than the 97-byte chunks the Session reads with). */
function counting(s: ByteSource): ByteSource & { heads: number; reads: number } {
  const c = {
    name: s.name,
    size: s.size,
    heads: 0,
    reads: 0,
    read(offset: number, length: number) {
      c.reads++;
      if (offset === 0 && length > 97) c.heads++;
      return s.read(offset, length);
    },
  };
  return c;
}

describe('Session over ByteSources', () => {
  it('reads each head once: to sniff in load, or not at all when the caller sniffed already', async () => {
    const a = counting(fig1('a_node1_1.st'));
    const b = counting(fig1('b_node1_1.st'));
    const idB = await identify(b);
    if (!isIdentified(idB)) throw new Error('b_node1_1.st not recognised');
    const sum = await new Session({ chunk: 97 }).load(noCtx(), [a, idB]);
    expect(sum.cases).toBe(2);
    expect(a.heads).toBe(1);
    expect(b.heads).toBe(1); // by identify(); load used the head it was given
  });

  it('hands pooled importers to the injected pool with the head it read, and merges in input order', async () => {
    const calls: { name: string; importer: string; head: number }[] = [];
    const pool: ParsePool = {
      size: 2,
      async parse(source, importer, head, opts, onBytes): Promise<EventLog> {
        calls.push({ name: source.name, importer, head: head.length });
        return importerById(importer).read(source, head, {}, { cancel: { cancelled: false }, onBytes });
      },
      cancelAll() {},
      watch: () => () => {},
    };
    // traces longer than their head (12–25 KB); files no longer than it are parsed here (next test)
    const phases = (f: string): ByteSource => bytesSource(f, new Uint8Array(readFileSync(join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases', f))));
    const files = ['phases_node1_3.st', 'phases_node1_1.st', 'phases_node1_2.st'].map(phases);
    expect(files.every((f) => f.size > HEAD_BYTES)).toBe(true);
    const pooled = await new Session({ pool }).load(noCtx(), files);
    const alone = await new Session().load(noCtx(), files);
    expect(calls.map((c) => c.importer)).toEqual(['strace', 'strace', 'strace']);
    expect(calls.every((c) => c.head === HEAD_BYTES)).toBe(true);
    expect(pooled.threads).toBe(2);
    expect(pooled.caseList).toEqual(alone.caseList);
    expect(pooled.caseList.map((c) => c.id)).toEqual(['phases_node1_3', 'phases_node1_1', 'phases_node1_2']);
  });

  it('parses a file no longer than its head here, from the head, not on the pool (one read of it in all)', async () => {
    const calls: string[] = [];
    const pool: ParsePool = {
      size: 2,
      async parse(source, importer, head, _opts, onBytes): Promise<EventLog> {
        calls.push(source.name);
        return importerById(importer).read(source, head, {}, { cancel: { cancelled: false }, onBytes });
      },
      cancelAll() {},
      watch: () => () => {},
    };
    const small = ['b_node1_2.st', 'a_node1_1.st', 'a_node1_3.st'].map((f) => counting(fig1(f)));
    expect(small.every((f) => f.size <= HEAD_BYTES)).toBe(true);
    const s = new Session({ pool });
    const sum = await s.load(noCtx(), small);
    expect(calls).toEqual([]);
    expect(small.map((f) => f.heads)).toEqual([1, 1, 1]);
    expect(small.map((f) => f.reads)).toEqual([1, 1, 1]);
    const alone = new Session();
    const want = await alone.load(noCtx(), ['b_node1_2.st', 'a_node1_1.st', 'a_node1_3.st'].map((f) => fig1(f)));
    expect(sum.caseList).toEqual(want.caseList);
    expect(sum.events).toBe(want.events);
    const params = { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null };
    expect((await s.analyze(noCtx(), params)).result).toEqual((await alone.analyze(noCtx(), params)).result);
  });

  it('selects cases whose ids contain commas with an escaped ids: selector', async () => {
    const s = new Session();
    await s.load(noCtx(), [fig1('a_node1_1.st', 'a,x_node1_1.st'), fig1('b_node1_1.st', 'b,y_node1_1.st'), fig1('a_node1_2.st')]);
    const { partitionCases } = await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: { green: idsSelector(['a,x_node1_1', 'a_node1_2']), red: idsSelector(['b,y_node1_1']) }, caseFilters: [] });
    expect(partitionCases).toEqual({ green: ['a,x_node1_1', 'a_node1_2'], red: ['b,y_node1_1'] });
  });

  it('names an empty source and one of no known format, and loads the rest', async () => {
    const sum = await new Session().load(noCtx(), [bytesSource('empty.st', new Uint8Array(0)), bytesSource('notes.txt', new TextEncoder().encode('just notes\n')), fig1('a_node1_1.st')]);
    expect(sum.cases).toBe(1);
    expect(sum.errors).toEqual([
      { file: 'empty.st', message: 'empty.st: empty file' },
      { file: 'notes.txt', message: 'notes.txt: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace' },
    ]);
  });
});

describe('deferred statistics (the app: mc, DR and p95 follow the first graph)', () => {
  it('the first analysis leaves out mc and p95; complete() gives exactly the full analysis', async () => {
    const dir = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith('.st'))
      .map((f) => bytesSource(f, new Uint8Array(readFileSync(join(dir, f)))));
    expect(sources.length).toBeGreaterThan(2);
    const params = { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null };
    const app = new Session({ limits: { defer: true } });
    await app.load(noCtx(), sources);
    const first = (await app.analyze(noCtx(), params)).result;
    expect(first.deferred).toEqual(['p95Dur', 'mc']);
    expect(first.nodes.every((n) => n.mc === null && n.DR === null && n.p95Dur === null)).toBe(true);
    const cli = new Session();
    await cli.load(noCtx(), sources);
    const full = (await cli.analyze(noCtx(), params)).result;
    expect(full.deferred).toBeUndefined();
    expect(full.nodes.some((n) => n.mc !== null && n.mc > 1)).toBe(true);
    const done = await app.complete(noCtx());
    expect(done?.result).toEqual(full);
    // the indexes are built now: a mapping change defers nothing
    expect((await app.analyze(noCtx(), { ...params, mapping: { ...DEFAULT_MAPPING, depth: 3 } })).result.deferred).toBeUndefined();
    expect(await app.complete(noCtx())).toBeNull();
  });
});

describe('the mc time order on a pool thread (the CLI: ParsePool.timeOrder)', () => {
  const sources = (): LoadItem[] => {
    const dir = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.st'))
      .map((f) => bytesSource(f, new Uint8Array(readFileSync(join(dir, f)))));
  };
  const params = { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null };
  /** A pool that sorts copies of the columns after a turn of the event loop (as a thread would), or fails. */
  const sortingPool = (fail: boolean) => {
    const calls: number[] = [];
    const made: Uint16Array[] | Uint32Array[] = [];
    const pool: ParsePool = {
      size: 1,
      offloadFrom: 0,
      // parses here, as a thread would
      parse: (source, importer, head, _opts, onBytes) => importerById(importer).read(source, head, {}, { cancel: { cancelled: false }, onBytes }),
      cancelAll: () => {},
      watch: () => () => {},
      timeOrder: async (cols) => {
        calls.push(cols.n);
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('the thread died');
        const copy = { ...cols, start: cols.start.slice(), dur: cols.dur.slice(), pair: cols.pair.slice() };
        const sorted = sortedEntries(copy);
        const index = buildIndex(copy, sorted);
        made.push(index.seq as Uint16Array & Uint32Array);
        return { sorted: { entries: sorted.entries, starts: sorted.starts }, index };
      },
    };
    return { pool, calls, made };
  };

  it('gives exactly the analysis made in one thread, sorting there once per log; a failing thread changes nothing', async () => {
    const plain = new Session();
    await plain.load(noCtx(), sources());
    const want = (await plain.analyze(noCtx(), params)).result;
    expect(want.nodes.some((n) => n.mc !== null && n.mc > 1)).toBe(true);
    for (const fail of [false, true]) {
      const { pool, calls, made } = sortingPool(fail);
      const s = new Session({ pool });
      await s.load(noCtx(), sources());
      const r = (await s.analyze(noCtx(), params)).result;
      expect(r).toEqual(want);
      expect(calls).toEqual([s.log!.n]);
      // the thread's sequence is the log's own (nothing was sorted or built here)
      expect(made.length).toBe(fail ? 0 : 1);
      if (!fail) expect(s.logIndex!.sequence.seq).toBe(made[0]);
      // the sequence is built now: a mapping change sorts nowhere
      await s.analyze(noCtx(), { ...params, mapping: { ...DEFAULT_MAPPING, depth: 3 } });
      expect(calls.length).toBe(1);
    }
  });

  it('sorts once, from the start of the analysis, also when per-process paths are normalised (a new pair table, the same columns)', async () => {
    const dir = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
    // the same traces, their files under /proc/self (normalised to /proc/PID by the default mapping)
    const procs = (): LoadItem[] =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.st'))
        .map((f) => bytesSource(f, new TextEncoder().encode(readFileSync(join(dir, f), 'latin1').replaceAll('/tmp/phases', '/proc/self/phases'))));
    const plain = new Session();
    await plain.load(noCtx(), procs());
    const want = (await plain.analyze(noCtx(), params)).result;
    expect(want.nodes.some((n) => n.id.includes('/proc/PID'))).toBe(true);
    const { pool, calls, made } = sortingPool(false);
    const s = new Session({ pool });
    await s.load(noCtx(), procs());
    expect((await s.analyze(noCtx(), params)).result).toEqual(want);
    expect(calls).toEqual([s.log!.n]);
    // the sequence of the loaded pairs does not fit the normalised log's pairs: its sort was used (once)
    expect(made.length).toBe(1);
  });

  it('with sortOnLoad, sorts as the load ends (before the summary and the analysis) and the analysis uses that sort', async () => {
    const plain = new Session();
    await plain.load(noCtx(), sources());
    const want = (await plain.analyze(noCtx(), params)).result;
    const { pool, calls, made } = sortingPool(false);
    const s = new Session({ pool, sortOnLoad: true });
    await s.load(noCtx(), sources());
    expect(calls).toEqual([s.log!.n]);
    expect((await s.analyze(noCtx(), params)).result).toEqual(want);
    expect(calls.length).toBe(1);
    expect(s.logIndex!.sequence.seq).toBe(made[0]);
    // without it, nothing is sorted before the analysis asks
    const lazy = sortingPool(false);
    const t = new Session({ pool: lazy.pool });
    await t.load(noCtx(), sources());
    expect(lazy.calls).toEqual([]);
  });

  it('with sortOnLoad, a first analysis of other columns (a case filter) sorts those; its result is the one-thread one', async () => {
    const plain = new Session();
    await plain.load(noCtx(), sources());
    const ids = plain.log!.cases.slice(1).map((c) => c.id);
    const view = { ...params, caseFilters: [{ keep: 'cases' as const, ids }] };
    const want = (await plain.analyze(noCtx(), view)).result;
    const { pool, calls } = sortingPool(false);
    const s = new Session({ pool, sortOnLoad: true });
    await s.load(noCtx(), sources());
    expect((await s.analyze(noCtx(), view)).result).toEqual(want);
    expect(calls[0]).toBe(s.log!.n);
    expect(calls.length).toBe(2);
    expect(calls[1]).toBeLessThan(s.log!.n);
  });

  it('does not sort for a log without durations (strace without -T: no mc)', async () => {
    const { pool, calls } = sortingPool(false);
    const dir = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
    // the same traces with the -T durations cut off
    const noT = readdirSync(dir)
      .filter((f) => f.endsWith('.st'))
      .map((f) => bytesSource(f, new TextEncoder().encode(readFileSync(join(dir, f), 'latin1').replace(/ <\d+\.\d+>$/gm, ''))));
    const s = new Session({ pool });
    await s.load(noCtx(), noT);
    const r = (await s.analyze(noCtx(), params)).result;
    expect(r.hasDurations).toBe(false);
    expect(r.nodes.every((n) => n.mc === null)).toBe(true);
    expect(calls).toEqual([]);
  });
});
