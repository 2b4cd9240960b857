import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { identifyOrWhy, importerFor, namedLikeTrace } from './registry';
import { bytesSource, type ByteSource } from './source';
import { looksLikeStrace } from './strace';

const FX = join(__dirname, 'strace', '__fixtures__');
const head = (b: Uint8Array) => b.subarray(0, 1024);
const enc = (s: string) => new TextEncoder().encode(s);
const sniff = (name: string, h: Uint8Array) => importerFor(h, name)?.id ?? null;

test('real strace heads are recognised, whatever the flags', () => {
  for (const f of ['a_node1_1.st', 'flags_t.st', 'flags_ttt.st', 'flags_r.st', 'flags_r_tt.st', 'flags_nots.st', 'flags_nof.st', 'flags_stderr.st',
    'flags_yy.st', 'multiproc_f_tt_T_y.st', 'edge_crlf.st', 'edge_spliced_messages.st']) {
    const b = new Uint8Array(readFileSync(join(FX, f)));
    expect(looksLikeStrace(head(b)), f).toBe(true);
    expect(sniff(f, head(b)), f).toBe('strace');
  }
});

test('other content is not strace', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  expect(sniff('x.png', png)).toBe(null);
  expect(sniff('a.csv', enc('pid,call,start,dur,fp,size\n1,read,0.1,0.01,/etc/passwd,10\n2,write,0.2,0.01,/dev/pts/0,3\n'))).toBe(null);
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'));
  expect(sniff('README.md', head(new Uint8Array(readme)))).toBe(null);
  expect(sniff('notes.txt', enc('# Notes\n\nRun strace like this:\n\n    strace -f -tt -T -y -o x.st ls\n\nthen load x.st.\n'))).toBe(null);
  expect(sniff('x.st', new Uint8Array(0))).toBe('strace');
  expect(sniff('x.bin', new Uint8Array(0))).toBe(null);
  expect(looksLikeStrace(Uint8Array.from([0x31, 0, 0x32]))).toBe(false);
});

test('a head cut inside a very long first line still reads as strace', () => {
  const line = `123 10:00:00.000001 write(1</dev/pts/0>, "${'x'.repeat(3000)}", 3000) = 3000 <0.000001>\n`;
  expect(looksLikeStrace(head(enc(line)))).toBe(true);
});

test('HDF5 by signature, also after a user block', () => {
  const sig = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
  expect(sniff('log.h5', Uint8Array.from([...sig, 0, 0]))).toBe('hdf5');
  const ub = new Uint8Array(1024);
  ub.set(sig, 512);
  expect(sniff('log.bin', ub)).toBe('hdf5');
});

test('names that look like traces (a folder file that fails to load is then an error, else only counted)', () => {
  for (const n of ['run/a_node1_1.st', 'x.st.gz', 'x.strace', 'trace.st.12345', 'log.h5', 'log.hdf5.gz', 'ior_jrc0401_3', 'ior_jrc0401_3.out', 'run/ssf_n1.cluster_7.txt'])
    expect(namedLikeTrace(n), n).toBe(true);
  for (const n of ['README', 'README.md', 'run/notes.json', 'make.sh', 'ior-like.c', 'plot_rank_0.png', 'ior_run_config.json', 'job.out', 'readme.md.gz', 'Makefile'])
    expect(namedLikeTrace(n), n).toBe(false);
});

test('identifyOrWhy: the importer of a real file, or why it is not read in a few words', async () => {
  const st = new Uint8Array(readFileSync(join(FX, 'flags_t.st')));
  const h5 = new Uint8Array(readFileSync(join(__dirname, 'hdf5', '__fixtures__', 'h5py_columns.h5')));
  const readme = new Uint8Array(readFileSync(join(__dirname, '..', '..', 'README.md')));
  const id = await identifyOrWhy(bytesSource('flags_t.st', st));
  expect('importer' in id && id.importer.id).toBe('strace');
  // a gzip-compressed strace trace is read as a stream, named without .gz
  const gz = await identifyOrWhy(bytesSource('flags_t.st.gz', gzipSync(st)));
  expect('importer' in gz && [gz.importer.id, gz.source.name]).toEqual(['strace', 'flags_t.st']);
  expect(await identifyOrWhy(bytesSource('empty.st', new Uint8Array(0)))).toEqual({ reason: 'empty file' });
  expect(await identifyOrWhy(bytesSource('README.md', readme))).toEqual({ reason: 'not a strace trace or an HDF5 event log' });
  expect(await identifyOrWhy(bytesSource('log.h5.gz', gzipSync(h5)))).toEqual({ reason: 'a gzip-compressed HDF5 file is not read as a stream: decompress it first (gunzip)' });
  // a read that fails: its code when it has one, else its message
  const failing = (e: Error): ByteSource => ({ name: 'x.st', size: 10, read: () => Promise.reject(e) });
  expect(await identifyOrWhy(failing(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })))).toEqual({ reason: 'cannot read (EACCES)' });
  expect(await identifyOrWhy(failing(new Error('gone')))).toEqual({ reason: 'cannot read (gone)' });
});
