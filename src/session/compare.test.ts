import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';

const DIR = 'e2e/fixtures/ior-like/';

async function loaded(): Promise<Session> {
  const s = new Session();
  const files = readdirSync(DIR).filter((f) => f.endsWith('.st')).sort();
  await s.load(noCtx(), files.map((f) => bytesSource(f, readFileSync(DIR + f))));
  return s;
}

describe('Session.compare', () => {
  it('compares the sides of the last analysis; its JSON is the documented document', async () => {
    const s = await loaded();
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, caseFilters: [], partition: { green: 'cid:ssf', red: 'cid:fpp' } });
    const r = await s.compare(noCtx());
    expect(r.green.ids).toHaveLength(6);
    expect(r.red.ids).toHaveLength(6);
    expect(r.top[0].text).toMatch(/^red runs took/);
    expect(await s.compare(noCtx())).toBe(r); // cached until the next analysis
    const j = JSON.parse(await s.exportCompareJson(noCtx())) as { activities: Record<string, { green: { count: number[] } }> };
    expect(j.activities['pwrite64:/scratch/iorlike'].green.count).toEqual([64, 64, 64, 64, 64, 64]);
    // a case filter keeps its cases out of both sides
    await s.analyze(noCtx(), { mapping: { ...DEFAULT_MAPPING, depth: 3 }, caseFilters: [{ activity: 'fsync:/scratch/iorlike/fpp', keep: 'without' }], partition: { green: 'cid:ssf', red: 'cid:fpp' } });
    const f = await s.compare(noCtx());
    expect(f.red.ids).toEqual([]);
    expect(f.testable).toBe(false);
    expect(f.note).toMatch(/no tests: 6 green and 0 red cases/);
  });

  it('without a partition it says what to do', async () => {
    const s = await loaded();
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, caseFilters: [], partition: null });
    await expect(s.compare(noCtx())).rejects.toThrow(/no partition: choose the green and the red cases first/);
  });
});
