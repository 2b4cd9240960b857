/** gzip'd traces in the CLI: zlib as a stream (nodeInflate), `analyze` of .st.gz = of the uncompressed files. */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipSource } from '../../ingest/gzip';
import { bytesSource, chunksOf, FileFormatError } from '../../ingest/source';
import { fsSource } from './fsSource';
import { nodeInflate } from './gunzip';
import { runCli as run, tempDir } from '../../testing/cliRun';

const IOR = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const FX = join(__dirname, '..', '..', 'ingest', '__fixtures__');
const FIG1 = join(__dirname, '..', '__fixtures__', 'fig1');
const tmp = tempDir('gz');

describe('nodeInflate', () => {
  it('streams a real trace from disk in pieces (the file source reuses its buffer)', async () => {
    const path = join(IOR, 'fpp_vm_5.st.gz');
    const want = gunzipSync(readFileSync(path));
    let counted = 0;
    const src = gunzipSource(fsSource(path, 'fpp_vm_5.st.gz'), { inflate: nodeInflate, onCompressed: (n) => (counted += n) });
    const parts: Buffer[] = [];
    let largest = 0;
    for await (const c of chunksOf(src, 1000)) {
      parts.push(Buffer.from(c));
      largest = Math.max(largest, c.byteLength);
    }
    expect(Buffer.concat(parts).equals(want)).toBe(true);
    expect(counted).toBe(readFileSync(path).length);
    expect(largest).toBeLessThan(want.length / 2);
    expect(Buffer.from(await src.read(0, 4096)).equals(want.subarray(0, 4096))).toBe(true);
  });

  it('names the file and byte of corrupt data; keeps what decompressed of a truncated file, with a warning', async () => {
    const corrupt = gunzipSource(bytesSource('corrupt_vm_0.st.gz', new Uint8Array(readFileSync(join(FX, 'corrupt_vm_0.st.gz')))), { inflate: nodeInflate });
    const err = await (async () => {
      for await (const c of chunksOf(corrupt)) void c;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileFormatError);
    expect((err as Error).message).toMatch(/^corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \([a-z ]+\)$/);
    const gz = readFileSync(join(FX, 'truncated_vm_0.st.gz'));
    const warnings: string[] = [];
    const cut = gunzipSource(bytesSource('truncated_vm_0.st.gz', new Uint8Array(gz)), { inflate: nodeInflate, onWarning: (w) => warnings.push(w) });
    const parts: Buffer[] = [];
    for await (const c of chunksOf(cut)) parts.push(Buffer.from(c));
    expect(Buffer.concat(parts).equals(gunzipSync(gz, { finishFlush: constants.Z_SYNC_FLUSH }))).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});

describe('strace-dfg analyze of .st.gz files', () => {
  it('gives the document of the uncompressed files (a folder of 16 real IOR runs)', async () => {
    const plain = join(tmp, 'ior-ssf-fpp');
    mkdirSync(plain);
    for (const f of readdirSync(IOR)) writeFileSync(join(plain, f.replace(/\.gz$/, '')), gunzipSync(readFileSync(join(IOR, f))));
    const args = ['analyze', '--json', '--green', 'cid:ssf', '--red', 'cid:fpp'];
    const fromGz = await run(...args, IOR);
    const fromPlain = await run(...args, plain);
    expect(fromGz.err).toBe('');
    expect(fromGz.code).toBe(0);
    expect(fromGz.out).toBe(fromPlain.out);
    const doc = JSON.parse(fromGz.out);
    expect(doc.cases).toBe(16);
    expect(doc.view).toBe('v=1&green=cid:ssf&red=cid:fpp');
  });

  it('a broken .gz in a folder is named with its reason, the rest loads; named explicitly it is fatal', async () => {
    const d = join(tmp, 'withbad');
    mkdirSync(d);
    for (const f of ['a_node1_1.st', 'a_node1_2.st']) copyFileSync(join(FIG1, f), join(d, f));
    for (const f of ['corrupt_vm_0.st.gz', 'h5py_compound.h5.gz', 'readme.md.gz']) copyFileSync(join(FX, f), join(d, f));
    const r = await run('analyze', '--json', d);
    expect(r.code).toBe(0);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('strace-dfg: 1 other file skipped (not traces): withbad/readme.md.gz');
    expect(lines[1]).toMatch(/^strace-dfg: could not load 2 files: /);
    expect(lines[1]).toContain('withbad/h5py_compound.h5.gz (a gzip-compressed HDF5 file is not read as a stream: decompress it first (gunzip))');
    expect(lines[1]).toMatch(/withbad\/corrupt_vm_0\.st\.gz \(withbad\/corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \(incorrect data check\)\)/);
    expect(JSON.parse(r.out).cases).toBe(2);
    const one = await run('analyze', join(FX, 'corrupt_vm_0.st.gz'));
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/^strace-dfg: .*corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \([a-z ]+\)\n$/);
    const head = await run('analyze', join(FX, 'badheader_node1_1.st.gz'));
    expect(head.code).toBe(2);
    expect(head.err).toMatch(/badheader_node1_1\.st\.gz: the gzip data is corrupt at byte 4 \(unknown compression method\)/);
  });

  it('members one after the other and zero padding load as the plain trace; a cut file keeps its events with one warning (#33.8)', async () => {
    const plain = join(tmp, 'plain');
    mkdirSync(plain);
    // the same traces uncompressed, under the fixtures' names (cases are named after their files)
    for (const [f, as] of [['ssf_vm_2', 'multimember_vm_2'], ['ssf_vm_1', 'padded_vm_1']]) writeFileSync(join(plain, `${as}.st`), gunzipSync(readFileSync(join(IOR, `${f}.st.gz`))));
    const events = async (...p: string[]) => {
      const x = await run('analyze', '--json', ...p);
      expect(x.code).toBe(0);
      return { doc: JSON.parse(x.out) as { events: number; cases: number }, err: x.err };
    };
    expect((await events(join(FX, 'multimember_vm_2.st.gz'))).doc).toEqual((await events(join(plain, 'multimember_vm_2.st'))).doc);
    expect((await events(join(FX, 'padded_vm_1.st.gz'))).doc).toEqual((await events(join(plain, 'padded_vm_1.st'))).doc);
    const cut = join(tmp, 'cutmember_vm_2.st');
    writeFileSync(cut, gunzipSync(readFileSync(join(FX, 'cutmember_vm_2.st.gz')), { finishFlush: constants.Z_SYNC_FLUSH }));
    const fromGz = await events(join(FX, 'cutmember_vm_2.st.gz'));
    expect(fromGz.doc.events).toBe((await events(cut)).doc.events);
    expect(fromGz.doc.events).toBeGreaterThan(0);
    expect(fromGz.err.trimEnd().split('\n')).toEqual([expect.stringMatching(/^strace-dfg: warning \(.*cutmember_vm_2\.st\): .*cutmember_vm_2\.st\.gz is cut short: its gzip data ends inside a member \(after 5322 bytes\)/)]);
  });
});
