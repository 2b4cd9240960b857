/**
 * Session.load of gzip'd traces (decompressed as a stream by DecompressionStream, as in the browser) gives
 * the analysis of the uncompressed files; a broken .gz is one error; folder files that are plainly not
 * traces are only counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesSource, type ByteSource } from '../ingest/source';
import { Session } from './session';
import { noCtx, type Progress } from './types';
import { analyzeParams, parseView } from './view';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const FX = join(__dirname, '..', 'ingest', '__fixtures__');
const names = readdirSync(IOR).filter((f) => f.endsWith('.st.gz')).sort();
const gz = (): ByteSource[] => names.map((f) => bytesSource(`ior-ssf-fpp/${f}`, new Uint8Array(readFileSync(join(IOR, f)))));
const plain = (): ByteSource[] => names.map((f) => bytesSource(`ior-ssf-fpp/${f.slice(0, -3)}`, new Uint8Array(gunzipSync(readFileSync(join(IOR, f))))));
const VIEW = analyzeParams(parseView('v=1&green=cid:ssf&red=cid:fpp'));

async function analysis(inputs: ByteSource[], chunk?: number) {
  const s = new Session(chunk ? { chunk } : {});
  const progress: Progress[] = [];
  const summary = await s.load({ progress: (p) => progress.push(p), cancel: { cancelled: false } }, inputs);
  await s.analyze(noCtx(), VIEW);
  return { summary, json: JSON.parse((await s.exportJson(noCtx())).join('')), progress };
}

describe('gzip’d traces in a Session', () => {
  it('the 16 real IOR runs as .st.gz give the analysis of the uncompressed files (also in tiny reads)', async () => {
    const want = await analysis(plain());
    for (const chunk of [undefined, 4096]) {
      const got = await analysis(gz(), chunk);
      expect(got.summary.errors).toEqual([]);
      expect(got.summary.cases).toBe(16);
      expect(got.summary.caseList).toEqual(want.summary.caseList);
      expect(got.summary.files.map((f) => [f.name, f.bytes, f.lines, f.events])).toEqual(want.summary.files.map((f) => [f.name, f.bytes, f.lines, f.events]));
      expect(got.json).toEqual(want.json);
      // progress counts compressed bytes
      const total = gz().reduce((s, f) => s + f.size, 0);
      const parse = got.progress.filter((p) => p.phase === 'parse');
      expect(parse.every((p) => p.total === total && p.done <= total)).toBe(true);
      expect(got.progress.at(-1)).toMatchObject({ phase: 'merge', done: total, total });
    }
    expect(want.json.cases).toBe(16);
    expect(Object.keys(want.json.nodes).length).toBeGreaterThan(5);
  });

  it('a corrupt, a bad-header and a gzip’d HDF5 file are one error each, naming the file; a truncated one loads with a warning; the rest loads', async () => {
    const bad = ['corrupt_vm_0.st.gz', 'badheader_node1_1.st.gz', 'h5py_compound.h5.gz'];
    const s = new Session();
    const sum = await s.load(noCtx(), [...gz().slice(0, 3), ...['truncated_vm_0.st.gz', ...bad].map((f) => bytesSource(`run/${f}`, new Uint8Array(readFileSync(join(FX, f)))))]);
    expect(sum.cases).toBe(4);
    expect(sum.errors.map((e) => e.file)).toEqual(bad.map((f) => `run/${f}`));
    expect(sum.errors[0].message).toMatch(/^run\/corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \(incorrect data check\)$/);
    expect(sum.errors[1].message).toBe('run/badheader_node1_1.st.gz: the gzip data is corrupt at byte 4 (unknown compression method)');
    expect(sum.errors[2].message).toMatch(/decompress it first/);
    expect(sum.warnings.filter((w) => w.includes('truncated_vm_0'))).toEqual([expect.stringMatching(/^run\/truncated_vm_0\.st: run\/truncated_vm_0\.st\.gz is cut short: /)]);
  });

  it('members one after the other, zero padding and a cut member load as their decompressed bytes do (#33.8)', async () => {
    const edges = ['multimember_vm_2.st.gz', 'padded_vm_1.st.gz', 'cutmember_vm_2.st.gz'];
    const fromGz = await new Session().load(noCtx(), edges.map((f) => bytesSource(`run/${f}`, new Uint8Array(readFileSync(join(FX, f))))));
    const plain = edges.map((f) => bytesSource(`run/${f.replace(/\.gz$/, '')}`, new Uint8Array(gunzipSync(readFileSync(join(FX, f)), { finishFlush: constants.Z_SYNC_FLUSH }))));
    const fromPlain = await new Session().load(noCtx(), plain);
    expect(fromGz.errors).toEqual([]);
    expect(fromGz.files.map((f) => [f.name, f.lines, f.events])).toEqual(fromPlain.files.map((f) => [f.name, f.lines, f.events]));
    expect(fromGz.dropped).toEqual(fromPlain.dropped);
    expect(fromGz.events).toBeGreaterThan(3000);
    expect(fromGz.warnings).toEqual([expect.stringMatching(/^run\/cutmember_vm_2\.st: run\/cutmember_vm_2\.st\.gz is cut short: its gzip data ends inside a member/)]);
  });
});
