/**
 * Session.load of gzip'd traces (decompressed as a stream by DecompressionStream, as in the browser) gives
 * the analysis of the uncompressed files; a broken .gz is one error; folder files that are plainly not
 * traces are only counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
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

  it('a truncated, a corrupt and a gzip’d HDF5 file are one error each, naming the file; the rest loads', async () => {
    const bad = ['truncated_vm_0.st.gz', 'corrupt_vm_0.st.gz', 'badheader_node1_1.st.gz', 'h5py_compound.h5.gz'];
    const s = new Session();
    const sum = await s.load(noCtx(), [...gz().slice(0, 3), ...bad.map((f) => bytesSource(`run/${f}`, new Uint8Array(readFileSync(join(FX, f)))))]);
    expect(sum.cases).toBe(3);
    expect(sum.errors.map((e) => e.file)).toEqual(bad.map((f) => `run/${f}`));
    expect(sum.errors[0].message).toMatch(/^run\/truncated_vm_0\.st\.gz: the gzip data is corrupt or truncated \(.+\)$/);
    expect(sum.errors[1].message).toMatch(/^run\/corrupt_vm_0\.st\.gz: the gzip data is corrupt or truncated/);
    expect(sum.errors[2].message).toMatch(/^run\/badheader_node1_1\.st\.gz: the gzip data is corrupt or truncated/);
    expect(sum.errors[3].message).toMatch(/decompress it first/);
  });
});

describe('files in a dropped folder that are plainly not traces', () => {
  it('are listed as skipped, while a file named like a trace that fails is an error', async () => {
    const text = (name: string, s: string) => bytesSource(name, new TextEncoder().encode(s));
    const s = new Session();
    const sum = await s.load(noCtx(), [
      ...gz().slice(0, 2),
      text('ior-ssf-fpp/README.md', '# IOR runs\n\nMade with strace -f -tt -T -y.\n'),
      text('ior-ssf-fpp/params.json', '{"blockSize": 1048576}\n'),
      text('ior-ssf-fpp/run.sh', '#!/bin/sh\nmpirun -n 8 ./ior\n'),
      bytesSource('ior-ssf-fpp/readme.md.gz', new Uint8Array(readFileSync(join(FX, 'readme.md.gz')))),
      text('ior-ssf-fpp/ssf_vm_9.st', 'srun: error: node vm is down\n'),
      text('ior-ssf-fpp/ior_vm_3', 'not a trace\n'),
      text('notes.txt', 'dropped on its own\n'),
    ]);
    expect(sum.cases).toBe(2);
    expect(sum.skipped).toEqual(['ior-ssf-fpp/README.md', 'ior-ssf-fpp/params.json', 'ior-ssf-fpp/run.sh', 'ior-ssf-fpp/readme.md.gz']);
    expect(sum.errors.map((e) => e.message)).toEqual([
      'ior-ssf-fpp/ssf_vm_9.st: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace',
      'ior-ssf-fpp/ior_vm_3: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace',
      'notes.txt: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace',
    ]);
  });
});
