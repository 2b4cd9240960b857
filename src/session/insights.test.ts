import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';

const FX = join(__dirname, '..', 'analysis/insights/__fixtures__');
const sources = (dir: string) => readdirSync(join(FX, dir)).filter((f) => f.endsWith('.st')).sort().map((f) => bytesSource(f, new Uint8Array(readFileSync(join(FX, dir, f)))));

describe('Session.insights', () => {
  it('runs the rules on the last analysis (its partition) and keeps the thresholds until changed', async () => {
    const s = new Session();
    await s.load(noCtx(), [...sources('ranks_imbalanced'), ...sources('seek_99')]);
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: { green: 'cid:imb', red: 'cid:seek99' }, caseFilters: [] });
    const r = await s.insights(noCtx());
    const t06 = r.findings.find((f) => f.code === 'T06');
    expect(t06?.side).toBe('green');
    expect(r.findings.some((f) => f.code === 'T03')).toBe(false);
    // a bad threshold throws and keeps the previous ones
    await expect(s.insights(noCtx(), '{"seek_pair": 99}')).rejects.toThrow(/did you mean 'seek_pairs'/);
    const low = await s.insights(noCtx(), { seek_pairs: 99 });
    expect(low.findings.find((f) => f.code === 'T03')?.side).toBe('red');
    expect((await s.insights(noCtx())).thresholds.seek_pairs).toBe(99);
    // the analysis JSON carries the findings at the current thresholds
    const json = await s.analysisJson(noCtx());
    const t03 = json.insights.find((f) => f.code === 'T03');
    // 99 lseek + write pairs in 10 ms: below material_time, so INFO
    expect(t03).toMatchObject({ level: 'INFO', target: 'developer', side: 'red', numbers: { pairs: 99, files: 1 } });
    expect(t03?.files[0].name).toBe('/tmp/insfx/seek_99/data');
    expect(JSON.parse(JSON.stringify(json)).insights).toEqual(json.insights);
  });

  it('needs an analysis first', async () => {
    await expect(new Session().insights(noCtx())).rejects.toThrow('nothing analysed yet');
  });
});
