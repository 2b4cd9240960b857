/**
 * The insights and access patterns of an analysis on a pool thread (Session.wantReports, ParsePool.reports;
 * the CLI): the same findings and patterns as one thread, taken only when they are of that analysis.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { importerById } from '../ingest/registry';
import { bytesSource } from '../ingest/source';
import { runReports, type Reports } from './offload';
import { Session } from './session';
import { noCtx, type AnalyzeParams, type LoadItem, type ParsePool } from './types';

const PHASES = join(__dirname, '..', '..', 'e2e', 'fixtures', 'phases');
const sources = (): LoadItem[] =>
  readdirSync(PHASES)
    .filter((f) => f.endsWith('.st'))
    .map((f) => bytesSource(f, new Uint8Array(readFileSync(join(PHASES, f)))));
const params: AnalyzeParams = { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null };
const split: AnalyzeParams = { ...params, partition: { green: 're:.*_[024]$', red: 're:.*_[135]$' } };

/** A pool whose threads share memory with this one: each job runs on a structured clone of it after a turn of the event loop (as a thread would), or fails. */
function reportingPool(fail = false) {
  const jobs: number[] = [];
  const made: Reports[] = [];
  const pool: ParsePool = {
    size: 2,
    offloadFrom: 0,
    sharedColumns: true,
    parse: (source, importer, head, _opts, onBytes) => importerById(importer).read(source, head, {}, { cancel: { cancelled: false }, onBytes }),
    cancelAll: () => {},
    watch: () => () => {},
    reports: async (job) => {
      jobs.push(job.log.n);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('the thread died');
      const r = runReports(structuredClone(job));
      made.push(r);
      return r;
    },
  };
  return { pool, jobs, made };
}

async function plain(p: AnalyzeParams, thresholds?: string) {
  const s = new Session();
  await s.load(noCtx(), sources());
  await s.analyze(noCtx(), p);
  return { insights: await s.insights(noCtx(), thresholds), access: await s.access(noCtx()) };
}

describe('insights and access patterns on a pool thread', () => {
  it('gives the findings and patterns of one thread, from the thread, on shared columns; a failing thread changes nothing', async () => {
    for (const p of [params, split]) {
      const want = await plain(p);
      expect(want.insights.findings.length).toBeGreaterThan(0);
      expect(want.access.files.length).toBeGreaterThan(0);
      for (const fail of [false, true]) {
        const { pool, jobs, made } = reportingPool(fail);
        const s = new Session({ pool });
        await s.load(noCtx(), sources());
        expect(s.log!.start.buffer).toBeInstanceOf(SharedArrayBuffer);
        s.wantReports();
        await s.analyze(noCtx(), p);
        expect(jobs).toEqual([s.log!.n, s.log!.n]);
        expect(await s.insights(noCtx())).toEqual(want.insights);
        expect(await s.access(noCtx())).toEqual(want.access);
        // taken from the thread, not made again here
        if (!fail) expect(await s.insights(noCtx())).toBe(made.find((m) => m.insights)!.insights);
        if (!fail) expect(await s.access(noCtx())).toBe(made.find((m) => m.access)!.access);
      }
    }
  });

  it('takes the thread’s findings only at the thresholds they were made with; each analysis asks again', async () => {
    const t = '{"small_requests":0.01,"small_requests_absolute":1}';
    const { pool, jobs } = reportingPool();
    const s = new Session({ pool });
    await s.load(noCtx(), sources());
    s.wantReports(t);
    await s.analyze(noCtx(), params);
    const at = await plain(params, t);
    expect(await s.insights(noCtx(), t)).toEqual(at.insights);
    // other thresholds: computed here, the same as one thread at those
    const other = '{"small_requests":0.5}';
    expect(await s.insights(noCtx(), other)).toEqual((await plain(params, other)).insights);
    expect(jobs.length).toBe(2);
    await s.analyze(noCtx(), { ...params, mapping: { ...DEFAULT_MAPPING, depth: 3 } });
    expect(jobs.length).toBe(4);
    expect(() => s.wantReports('{"no_such_threshold":1}')).toThrow(/no_such_threshold/);
  });

  it('asks only for the insights when the access patterns are not wanted (the insights command)', async () => {
    const { pool, made } = reportingPool();
    const s = new Session({ pool });
    await s.load(noCtx(), sources());
    s.wantReports(undefined, false);
    await s.analyze(noCtx(), params);
    expect(await s.insights(noCtx())).toBe(made[0].insights);
    expect(made.map((m) => Object.keys(m))).toEqual([['insights']]);
    expect(await s.access(noCtx())).toEqual((await plain(params)).access);
  });

  it('an Analysis answers once: its reply is the one analyze gave, and answering again asks the pool for nothing', async () => {
    const { pool, jobs } = reportingPool();
    const s = new Session({ pool });
    await s.load(noCtx(), sources());
    s.wantReports();
    const reply = await s.analyze(noCtx(), params);
    const a = s.analysis!;
    expect(a.reply).toBe(reply);
    expect(await a.answer()).toBe(reply);
    expect(jobs).toEqual([s.log!.n, s.log!.n]);
  });

  it('asks nothing of the pool unless reports are wanted', async () => {
    const { pool, jobs } = reportingPool();
    const s = new Session({ pool });
    await s.load(noCtx(), sources());
    await s.analyze(noCtx(), params);
    await s.insights(noCtx());
    await s.access(noCtx());
    expect(jobs).toEqual([]);
  });
});
