import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unfoldRuns, type CliJson } from '../analysis/cliJson';
import { runCli as run, tempDir } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const tmp = tempDir('cli');

async function json(...argv: string[]): Promise<CliJson> {
  const r = await run('analyze', '--json', ...argv);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as CliJson;
}

describe('strace-dfg analyze: the paper’s Figure 3 from real ls / ls -l traces', () => {
  it('gives one variant ×3 per command', async () => {
    const doc = await json(FIG1);
    expect(doc.cases).toBe(6);
    expect(doc.variants).toHaveLength(2);
    const ls0 = doc.variants.find((v) => v.cases.every((c) => c.startsWith('a_')))!;
    const lsl0 = doc.variants.find((v) => v.cases.every((c) => c.startsWith('b_')))!;
    const ls = { ...ls0, trace: unfoldRuns(ls0.trace) };
    const lsl = { ...lsl0, trace: unfoldRuns(lsl0.trace) };
    expect(ls.count).toBe(3);
    expect(ls.cases.sort()).toEqual(['a_node1_1', 'a_node1_2', 'a_node1_3']);
    expect(lsl.count).toBe(3);
    expect(ls.trace[0]).toBe('●');
    expect(ls.trace.at(-1)).toBe('■');
    expect(ls.trace[1]).toBe('read:/usr/lib');
    expect(ls.trace.at(-2)).toBe('write:/dev/pts');
    expect(ls.trace).toContain('read:/etc/locale.alias');
    expect(lsl.trace).toEqual(expect.arrayContaining(['read:/etc/nsswitch.conf', 'read:/etc/passwd', 'read:/etc/group']));
  });

  it('with G = cid a (ls) and R = cid b (ls -l): no green node, the ls -l lookups red, one green edge', async () => {
    const doc = await json('--green-cid', 'a', '--red-cid', 'b', FIG1);
    const p = doc.partition!;
    expect(p.green_nodes).toEqual([]);
    expect(p.red_nodes).toEqual(expect.arrayContaining(['read:/etc/nsswitch.conf', 'read:/etc/passwd', 'read:/etc/group']));
    expect(p.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
    expect(p.red_edges).toContain('read:/etc/locale.alias -> read:/etc/nsswitch.conf');
  });

  it('gives the same Figure 3 on the strace importer’s own ls / ls -l fixtures', async () => {
    const dir = join(__dirname, '..', 'ingest', 'strace', '__fixtures__');
    const files = ['a', 'b'].flatMap((c) => [1, 2, 3].map((i) => join(dir, `${c}_node1_${i}.st`)));
    const doc = await json('--green-cid', 'a', '--red-cid', 'b', ...files);
    expect(doc.variants.map((v) => v.count)).toEqual([3, 3]);
    expect(doc.partition!.green_nodes).toEqual([]);
    expect(doc.partition!.red_nodes).toEqual(expect.arrayContaining(['read:/etc/nsswitch.conf', 'read:/etc/passwd', 'read:/etc/group']));
    expect(doc.partition!.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
  });

  it('prints the JSON document of docs/FORMATS.md: nodes without ● ■, edges `A -> B`, rd a fraction, rates in B/s', async () => {
    const doc = await json(FIG1);
    expect(Object.keys(doc)).toEqual(['view', 'cases', 'events', 'dropped', 'left_out', 'nodes', 'edges', 'variants', 'files', 'insights', 'unobservable']);
    expect((doc as CliJson & { view: string }).view).toBe(''); // the default view
    expect(doc.events).toBe(3 * 8 + 3 * 16); // ls: 8 read/write lines each; ls -l: 16 each
    expect(doc.dropped).toEqual({ exit: 6 });
    expect(Object.keys(doc.nodes)).not.toContain('●');
    expect(Object.keys(doc.nodes)).not.toContain('■');
    expect(doc.edges['● -> read:/usr/lib']).toBe(6);
    expect(doc.edges['read:/usr/lib -> read:/usr/lib']).toBe(12);
    expect(doc.edges['write:/dev/pts -> ■']).toBe(6);
    const rdSum = Object.values(doc.nodes).reduce((s, n) => s + (n.rd ?? 0), 0);
    expect(rdSum).toBeCloseTo(1, 9);
    const passwd = doc.nodes['read:/etc/passwd'];
    expect(passwd.count).toBe(3);
    expect(passwd.bytes).toBe(3 * 1294);
    expect(passwd.mc).toBe(1);
    expect(passwd.dr).toBeGreaterThan(1e6); // 1294 B in tens of µs: MB/s, in bytes per second
    expect(passwd.DR).toBeCloseTo(passwd.dr!, 6);
  });

  it('--depth and --filter change the mapping; --green/--red take case ids', async () => {
    const deep = await json('--depth', '3', FIG1);
    expect(Object.keys(deep.nodes)).toContain('read:/usr/lib/x86_64-linux-gnu');
    const etc = await json('--filter', '/etc/', FIG1);
    expect(Object.keys(etc.nodes).sort()).toEqual(['read:/etc/group', 'read:/etc/locale.alias', 'read:/etc/nsswitch.conf', 'read:/etc/passwd']);
    const ids = await json('--green', 'a_node1_1,a_node1_2', '--red', 'b_node1_3', FIG1);
    expect(ids.partition!.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
  });

  it('--case-per-pid names cases <case>_<pid> when a file has several pids, and keeps single-pid files', async () => {
    expect((await json('--case-per-pid', FIG1)).cases).toBe(6);
    const multi = join(__dirname, '__fixtures__', 'multi', 'sh_node1_1.st');
    expect((await json(multi)).cases).toBe(1);
    const doc = await json('--case-per-pid', multi);
    expect(doc.cases).toBe(3);
    const ids = doc.variants.flatMap((v) => v.cases).sort();
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^sh_node1_1_\d+$/);
    const traces = doc.variants.map((v) => unfoldRuns(v.trace).join(' '));
    expect(traces).toContain('● read:/usr/lib ■'); // the shell itself
    expect(traces).toContain('● read:/usr/lib read:/etc/locale.alias read:/etc/locale.alias read:/etc/hostname write:/dev/null read:/etc/hostname ■'); // cat
  });

  it('prints a readable table in binary units without --json', async () => {
    const r = await run('analyze', '--green-cid', 'a', '--red-cid', 'b', FIG1);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^6 files, 6 cases, 72 events/);
    expect(r.out).toMatch(/read:\/etc\/passwd\s+3\s+[\d.]+%\s+3\.79 KiB\s+[\d.]+ [KMG]iB\/s/);
    expect(r.out).toContain('green edges (1):\n  read:/etc/locale.alias -> write:/dev/pts');
    expect(r.out).toContain('green nodes (0): none');
    expect(r.out).toMatch(/ {5}3× {2}● → read:\/usr\/lib ×3 → /);
  });
});

describe('strace-dfg errors: one line on stderr, exit code 2', () => {
  const oneLine = (r: { code: number; out: string; err: string }, re: RegExp): void => {
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(re);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).not.toMatch(/\bat .*:\d+:\d+/); // no stack trace
  };

  it('a missing path', async () => {
    oneLine(await run('analyze', join(tmp, 'nope.st')), /^strace-dfg: no such file or folder: .*nope\.st$/m);
  });

  it('an empty folder', async () => {
    const d = join(tmp, 'empty');
    mkdirSync(d);
    oneLine(await run('analyze', '--json', d), /^strace-dfg: folder .*empty holds no files$/m);
  });

  it('a file that is not a trace (text, gzip, empty)', async () => {
    const txt = join(tmp, 'notes.st');
    writeFileSync(txt, 'This is not a trace.\nJust some notes about the run.\n');
    oneLine(await run('analyze', txt), /notes\.st: not a strace trace or an HDF5 event log$/m);
    const gz = join(tmp, 'notes.st.gz');
    writeFileSync(gz, gzipSync('This is not a trace either.\n'));
    oneLine(await run('analyze', gz), /notes\.st\.gz: not a strace trace/m);
    const empty = join(tmp, 'empty.st');
    writeFileSync(empty, '');
    oneLine(await run('analyze', empty), /empty\.st: empty file$/m);
  });

  it('a folder holding only non-trace files', async () => {
    const d = join(tmp, 'docs');
    mkdirSync(d);
    writeFileSync(join(d, 'README.md'), '# run notes\n');
    oneLine(await run('analyze', d), /folder .*docs holds no trace files \(1 other file: README\.md\)$/m);
  });

  it('bad usage: unknown option, partition sides incomplete or unknown cid', async () => {
    oneLine(await run('analyze', '--bogus', FIG1), /unknown option '--bogus'/);
    oneLine(await run('analyze', '--green-cid', 'a', FIG1), /--green-cid and --red-cid go together/);
    oneLine(await run('analyze', '--green-cid', 'a', '--red-cid', 'zz', FIG1), /no case has cid 'zz'/);
    oneLine(await run('analyze', '--depth', 'x', FIG1), /--depth expects an integer/);
    oneLine(await run('frobnicate'), /unknown command 'frobnicate'/);
  });
});

describe('strace-dfg with a folder of traces and other files', () => {
  it('counts the plainly non-trace files on one stderr line and analyzes the rest', async () => {
    const d = join(tmp, 'mixed');
    mkdirSync(join(d, 'sub'), { recursive: true });
    copyFileSync(join(FIG1, 'a_node1_1.st'), join(d, 'a_node1_1.st'));
    copyFileSync(join(FIG1, 'b_node1_1.st'), join(d, 'sub', 'b_node1_1.st'));
    writeFileSync(join(d, 'job.out'), 'srun: job 123 queued\n');
    writeFileSync(join(d, 'sub', 'notes.txt'), 'x\n');
    mkdirSync(join(d, '.git'));
    writeFileSync(join(d, '.git', 'HEAD'), 'ref: refs/heads/main\n'); // hidden: skipped silently
    writeFileSync(join(d, '.DS_Store'), '\x00\x00\x00\x01Bud1');
    const r = await run('analyze', '--json', d);
    expect(r.code).toBe(0);
    expect(r.err).toBe('strace-dfg: 2 other files skipped (not traces): mixed/job.out, mixed/sub/notes.txt\n');
    const doc = JSON.parse(r.out) as CliJson;
    expect(doc.cases).toBe(2);
    expect(doc.variants.flatMap((v) => v.cases).sort()).toEqual(['a_node1_1', 'b_node1_1']);
  });

  it('reports unparsable lines once, with file and line number, and still analyzes the file', async () => {
    const lines = readFileSync(join(FIG1, 'a_node1_3.st'), 'utf8').split('\n');
    lines.splice(4, 0, 'garbage in the middle of a trace');
    const f = join(tmp, 'a_node1_9.st');
    writeFileSync(f, lines.join('\n'));
    const r = await run('analyze', '--json', f);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`strace-dfg: 1 unparsable line skipped (counted in dropped), e.g. ${f}:5: garbage in the middle of a trace\n`);
    const doc = JSON.parse(r.out) as CliJson;
    expect(doc.dropped).toEqual({ exit: 1, unparsable: 1 });
    expect(doc.events).toBe(8);
  });

  it('reads a file named twice (directly and through its folder) once', async () => {
    const doc = await json(FIG1, join(FIG1, 'a_node1_1.st'), join(FIG1, '.', 'a_node1_1.st'));
    expect(doc.cases).toBe(6);
  });

  it('--help prints the usage', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('strace-dfg analyze [options] PATH...');
    expect(r.out).toContain('--green-cid C --red-cid C');
  });
});

describe('strace-dfg convert: traces → native .h5 → analyze gives the same document', () => {
  it('round-trips the Figure 1 traces, refuses to overwrite without --force', async () => {
    const h5 = join(tmp, 'fig1.h5');
    const c = await run('convert', FIG1, '-o', h5);
    expect(c.code).toBe(0);
    expect(c.err).toMatch(/^strace-dfg: wrote .*fig1\.h5: 6 cases, 72 events from 6 files/);
    expect(readFileSync(h5).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]));
    const fromH5 = await json('--green-cid', 'a', '--red-cid', 'b', h5);
    const fromText = await json('--green-cid', 'a', '--red-cid', 'b', FIG1);
    expect(fromH5).toEqual(fromText);
    const again = await run('convert', FIG1, '-o', h5);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/exists \(use --force to overwrite\)/);
    expect((await run('convert', '--force', FIG1, '-o', h5)).code).toBe(0);
    expect((await run('convert', FIG1)).err).toMatch(/convert needs -o LOG\.h5/);
  });

  it('a truncated .h5: exit 2 with one line naming the file; inside a folder it is named and skipped', async () => {
    const good = join(tmp, 'good.h5');
    expect((await run('convert', FIG1, '-o', good)).code).toBe(0);
    const bad = join(tmp, 'cut.h5');
    writeFileSync(bad, readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2)));
    const r = await run('analyze', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: .*cut\.h5: .*(truncated|corrupt)/);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    const d = join(tmp, 'withbad');
    mkdirSync(d);
    copyFileSync(bad, join(d, 'cut.h5'));
    copyFileSync(join(FIG1, 'a_node1_2.st'), join(d, 'a_node1_2.st'));
    const m = await run('analyze', '--json', d);
    expect(m.code).toBe(0);
    expect(m.err).toMatch(/^strace-dfg: could not load 1 file: withbad\/cut\.h5 \(/);
    expect((JSON.parse(m.out) as CliJson).cases).toBe(1);
  });
});
