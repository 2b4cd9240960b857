/**
 * Layers end to end in the CLI (strace -k fixtures, src/analysis/layers/__fixtures__): the JSON's layers and
 * call sites, the layer in the activity (--by-layer), user rules, and the same document as the app's; the
 * Layer links of Darshan DXT logs (one traced layer: nothing to link, the layer named).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { appAnalysisJson } from '../testing/appJson';
import { runCli, tempDir } from '../testing/cliRun';
import { DARSHAN_FIXTURES, darshanModules } from '../testing/darshanFixtures';
import { referenceValues } from '../testing/refdata';
import { parsedStackFixtures, programTruth, STACK_FIXTURES } from '../testing/stackFixtures';
import { digest } from '../testing/straceTestkit';

const OMPIO = join(STACK_FIXTURES, 'mpi-ompio');
const C = join(STACK_FIXTURES, 'c');

interface Node {
  count: number;
  layers?: Record<string, number>;
  sites?: Record<string, number>;
}

async function json(...args: string[]): Promise<{ nodes: Record<string, Node>; call_sites?: { site: string; calls: number; layers: Record<string, number> }[]; layers?: Record<string, { calls: number }>; view: string }> {
  const r = await runCli('analyze', '--json', ...args);
  expect(r.err).not.toMatch(/error/i);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

describe('strace-dfg analyze on strace -k traces', () => {
  test('a gzip\'d -k folder loads; each activity has its layers and call sites', async () => {
    const doc = await json(OMPIO);
    const w = doc.nodes['pwrite64:/tmp/layers-fx'];
    expect(w.layers).toEqual({ mpiio: w.count });
    expect(Object.keys(w.sites!).every((s) => /^write_(collective|independent) \(layers_mpiio\+0x[0-9a-f]+\)$/.test(s))).toBe(true);
    expect(Object.values(w.sites!).reduce((a, b) => a + b, 0)).toBe(w.count);
    expect(doc.call_sites!.length).toBeGreaterThan(3);
    expect(doc.layers!.mpiio.calls).toBeGreaterThan(0);
  });

  test('--by-layer: the layer in each activity (the view key layer=1)', async () => {
    const doc = await json('--by-layer', OMPIO);
    expect(doc.view).toContain('layer=1');
    expect(Object.keys(doc.nodes)).toContain('mpiio › pwrite64:/tmp/layers-fx');
    expect(Object.keys(doc.nodes)).toContain('stdio › write:/tmp/layers-fx');
    expect(Object.keys(doc.nodes).every((a) => / › /.test(a))).toBe(true);
    // the calls are still the calls: the files' access patterns and the insights are those without layers
    const plain = (await json(OMPIO)) as unknown as Record<string, unknown>;
    const layered = doc as unknown as Record<string, unknown>;
    expect(layered.files).toEqual(plain.files);
    const codes = (d: Record<string, unknown>): string[] => (d.insights as { code: string }[]).map((f) => f.code).sort();
    expect(codes(layered)).toEqual(codes(plain));
  });

  test('--layer-rule and --layer-rules FILE go before the table; a bad rule is one line, exit 2', async () => {
    const doc = await json('--by-layer', '--layer-rule', 'fcoll bin=^mca_fcoll_', OMPIO);
    expect(Object.keys(doc.nodes)).toContain('fcoll › pwrite64:/tmp/layers-fx');
    const dir = tempDir('layer-rules');
    writeFileSync(join(dir, 'rules.txt'), '# my rules\nfcoll bin=^mca_fcoll_\n');
    expect(await json('--by-layer', '--layer-rules', join(dir, 'rules.txt'), OMPIO)).toEqual(doc);
    const bad = await runCli('analyze', '--json', '--layer-rule', 'x bin=(', OMPIO);
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/--layer-rule: layer rule 'x bin=\(': Invalid regular expression/);
  });

  test('the app\'s analysis JSON of the same files and link is the CLI\'s', async () => {
    // the folder as dropped: its files and its subfolder ff/'s (-ff: one file per thread)
    const names = [...readdirSync(C).filter((f) => /\.st(\.gz)?$/.test(f)), ...readdirSync(join(C, 'ff')).map((f) => `ff/${f}`)].sort();
    const files = names.map((f) => [join(C, f), `c/${f}`] as [string, string]);
    for (const link of ['', 'v=1&layer=1&depth=0', 'v=1&layer=1&lrule=mine+sym%3D%5Ewrite_&green=re:all&red=re:io']) {
      const cli = await json('--view', link, C);
      const app = await appAnalysisJson(files, link);
      expect(app).toEqual(cli);
    }
  });

  test('the report counts the frame lines read into the calls\' stacks apart: they are not dropped lines', async () => {
    const file = join(C, 'c_all.st');
    // the trace's own frame lines: strace -k prints each stack one frame a line, ` > …`
    const frameLines = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith(' > ')).length;
    const { dropped } = (await json(file)) as unknown as { dropped: Record<string, number> };
    const read = dropped['stack-frame'];
    const orphans = dropped['orphan-stack-frame'] ?? 0;
    expect(read).toBeGreaterThan(1000);
    expect(orphans).toBeGreaterThan(0); // the frames of a call that gave no event: those are dropped
    expect(read + orphans).toBe(frameLines);
    const report = (await runCli('analyze', file)).out.split('\n');
    expect(report).toContain(`${read.toLocaleString('en-US')} stack frame lines (strace -k: each call's stack, read with its call)`);
    const droppedLine = report.find((l) => l.startsWith('dropped lines: '))!;
    expect(droppedLine).toContain(`orphan-stack-frame ${orphans}`);
    expect(droppedLine).not.toMatch(/(^|[ ,])stack-frame/);
  });
});

test('the text report has the Layers and Call sites tables', async () => {
  const r = await runCli('analyze', OMPIO);
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/^Layers \(/m);
  expect(r.out).toMatch(/^mpiio +\d+ /m);
  expect(r.out).toMatch(/^write_collective \(layers_mpiio\+0x[0-9a-f]+\) +1 +1\.00 MiB .* mpiio 1 +PMPI_File_write_at_all 1 /m);
  // a trace without stacks: no such tables
  expect((await runCli('analyze', join(STACK_FIXTURES, '..', '..', '..', 'cli', '__fixtures__', 'fig1'))).out).not.toMatch(/^Layers/m);
});

test('convert writes the stacks and each stack\'s layer, site and entry: h5py reads them; the .h5 analyses as the traces', async () => {
  const dir = tempDir('layers-h5');
  const out = join(dir, 'c_all.h5');
  const r = await runCli('convert', join(C, 'c_all.st'), '-o', out);
  expect(r.code).toBe(0);
  const [log] = parsedStackFixtures(['c/c_all.st']);
  const D = '/tmp/layers-fx/c';
  const calls = [['write', `${D}/stdio.dat`], ['write', `${D}/direct.dat`], ['pwrite64', `${D}/thread.dat`]];
  const got = referenceValues(import.meta.url).get<{ stacks: number; frames: number; dtype: string; calls: Record<string, { events: number; layers: string[]; functions: string[]; entries: string[]; first: string[] }> }>(
    'h5py reads the stacks of c_all.st converted', 'tools/refdata/h5py_stacks.py', { stdin: { calls }, files: [{ path: out, madeFrom: digest(log) }] });
  expect(got.stacks).toBe(log.stacks!.start.length - 1);
  expect(got.frames).toBe(log.stacks!.frames.length);
  expect(got.dtype).toBe('<u2');
  const t = programTruth('c/c_all_prog.txt');
  const n = (fn: string): number => Number(t.find((x) => x[0] === fn)![2]);
  expect(got.calls[`write ${D}/stdio.dat`]).toMatchObject({ events: 8, layers: ['stdio'], functions: ['write_stdio'], entries: ['_IO_fclose', '_IO_fwrite'] });
  expect(got.calls[`write ${D}/direct.dat`]).toMatchObject({ events: n('write_direct'), layers: ['app'], functions: ['write_direct'] });
  expect(got.calls[`pwrite64 ${D}/thread.dat`]).toMatchObject({ events: n('thread_direct'), layers: ['app'], functions: ['thread_direct'] });
  expect(got.calls[`write ${D}/direct.dat`].first[0]).toMatch(/^\/usr\/lib\/x86_64-linux-gnu\/libc\.so\.6\(__write\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$/);
  // the .h5 loads back with its stacks: the same analysis (layers and call sites) as the trace
  const a = await json(join(C, 'c_all.st'));
  const b = await json(out);
  expect(b.nodes).toEqual(a.nodes);
  expect(b.call_sites).toEqual(a.call_sites);
});

describe('strace-dfg flame', () => {
  test('folded stacks (µs, bytes, calls) that sum to the analysis; --json the app\'s tree', async () => {
    const r = await runCli('flame', '--weight', 'bytes', '--activity', 'write:/tmp/layers-fx', '--depth', '2', join(C, 'c_all.st'));
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    const t = programTruth('c/c_all_prog.txt');
    const bytes = (fn: string): number => Number(t.find((x) => x[0] === fn)![3]);
    const under = (fn: string): number => lines.filter((l) => l.includes(`;${fn};`)).reduce((a, l) => a + Number(l.split(' ').pop()), 0);
    expect(under('write_stdio')).toBe(bytes('write_stdio'));
    expect(under('write_direct')).toBe(bytes('write_direct'));
    expect(lines.every((l) => /^[^ ].* \d+$/.test(l))).toBe(true);
    const j = await runCli('flame', '--json', '--weight', 'calls', join(C, 'c_all.st'));
    const tree = JSON.parse(j.out) as { root: { value: [number, number] }; weight: string };
    expect(tree.weight).toBe('calls');
    expect(tree.root.value[0]).toBe((await json(join(C, 'c_all.st'))).call_sites!.reduce((a, s) => a + s.calls, 0) + (await json(join(C, 'c_all.st'))).layers!.loader?.calls);
  });

  test('--diff: two columns per stack; without sides or stacks: one line, exit 2', async () => {
    const r = await runCli('flame', '--diff', '--green-cid', 'ompio', '--red-cid', 'romio', OMPIO, join(STACK_FIXTURES, 'mpi-romio'));
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n').every((l) => / \d+ \d+$/.test(l))).toBe(true);
    const bad = await runCli('flame', '--diff', OMPIO);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--diff needs the sides/);
    const none = await runCli('flame', join(STACK_FIXTURES, '..', '..', '..', 'cli', '__fixtures__', 'fig1'));
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no stacks in these traces: record them with strace -k/);
  });
});

describe('strace-dfg analyze on Darshan DXT logs: the Layer links', () => {
  const NONMPI_REL = 'nonmpi_dxt_anonymized/nonmpi_dxt_anonymized.darshan';
  const MPI_IO_REL = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
  const [NONMPI, MPI_IO] = [NONMPI_REL, MPI_IO_REL].map((rel) => join(DARSHAN_FIXTURES, rel));

  test('a log whose DXT traced POSIX alone (its header: DXT_POSIX, no DXT_MPIIO): the report names the one layer, nothing to link', async () => {
    expect(darshanModules(NONMPI_REL).filter((m) => m.startsWith('DXT_'))).toEqual(['DXT_POSIX']);
    const r = await runCli('analyze', NONMPI);
    expect(r.code).toBe(0);
    expect(r.out).toContain('only one layer is traced, POSIX, so there is nothing to link: no call has a traced layer above it');
    expect(r.out).not.toContain('no call of the events analysed is linked');
    const doc = JSON.parse((await runCli('analyze', '--json', NONMPI)).out) as { layer_links: { rows: unknown[]; onlyLayer: string | null } };
    expect(doc.layer_links.rows).toEqual([]);
    expect(doc.layer_links.onlyLayer).toBe('POSIX');
  });

  test('a log of both (DXT_POSIX and DXT_MPIIO): the links table, no one-layer line', async () => {
    expect(darshanModules(MPI_IO_REL).filter((m) => m.startsWith('DXT_'))).toEqual(['DXT_POSIX', 'DXT_MPIIO']);
    const r = await runCli('analyze', MPI_IO);
    expect(r.out).toMatch(/MPIIO\s+MPIIO write\s+->\s+POSIX\s+POSIX write\s+128\s+2.00 GiB/);
    expect(r.out).not.toContain('only one layer is traced');
  });
});
