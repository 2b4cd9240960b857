import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { fixtureFiles } from '../testing/mpiFixtures';
import { Session } from './session';
import { noCtx } from './types';

const ior = () => fixtureFiles('ior-ssf-fpp').map(([name, bytes]) => bytesSource(name, bytes));

describe('Session.access', () => {
  it('is computed on request for the last analysis, cached until the next one, and in the analysis JSON', async () => {
    const s = new Session();
    await s.load(noCtx(), ior());
    await expect(s.access(noCtx())).rejects.toThrow('nothing analysed yet');
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] });
    const a = await s.access(noCtx());
    expect(await s.access(noCtx())).toBe(a); // cached
    expect(a.hasOffsets).toBe(true);
    expect(a.files[0]).toMatchObject({ fp: '/scratch/ior/ssf', cases: 8, shared: true });
    expect(a.activities.map((x) => x.id)).toContain('pwrite64:/scratch/ior');
    // structured-cloneable as the worker sends it
    expect(structuredClone(a)).toEqual(a);

    const json = await s.analysisJson(noCtx());
    const keys = Object.keys(json);
    expect(keys.indexOf('files')).toBe(keys.indexOf('variants') + 1); // then the insights
    expect(json.nodes['pwrite64:/scratch/ior'].access).toEqual({ requests: 96, consecutive: 80, sequential: 7, random: 9, sizes: [0, 0, 96, 0, 0, 0, 0, 0, 0, 0] });
    expect(json.nodes['close:/scratch/ior'].access).toBeUndefined();
    expect(json.files['/scratch/ior/ssf'].shared).toBe(true);
    expect(json.files['/scratch/ior/fpp.00000000']).toMatchObject({ cases: 1, shared: false, bytes: 49152 });
    // the parts are the document's text
    expect((await s.exportJson(noCtx())).join('')).toBe(JSON.stringify(json, null, 2));

    // another mapping: a new analysis, a new report (the same files)
    await s.analyze(noCtx(), { mapping: { ...DEFAULT_MAPPING, depth: 0 }, partition: null, caseFilters: [] });
    const b = await s.access(noCtx());
    expect(b).not.toBe(a);
    expect(b.activities.find((x) => x.id === 'pwrite64:/scratch/ior/ssf')?.write.requests).toBe(48); // depth 0: whole paths
    expect(b.files).toEqual(a.files);
  });
});
