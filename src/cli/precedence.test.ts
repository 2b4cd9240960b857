/**
 * Which message wins, and its exit code, when several things are wrong at once. The order: the options
 * (`--depth 100`: when the line is parsed), then the files the view options name (`--thresholds FILE`),
 * then the view itself and the command's own check (`--view`, compare's two sides) — usage errors, before any
 * problem of the PATH arguments — then the PATH arguments in the order given (missing, no trace files, a
 * named file that is not a trace, an archive's orphans), then whether the distinct paths fit the heap, then
 * the load. Every case is one line on stderr (with the notes written before it), exit 2.
 * Traces: the ls / ls -l strace fixtures, the OTF2 archive of src/ingest/otf2/__fixtures__ (made by its
 * make script) and the mdtest-like strace trace of src/session/__fixtures__/many-paths.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeManyPathsTraces } from '../testing/manyPaths';
import { runCli, tempDir } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const OTF2 = join(__dirname, '..', 'ingest', 'otf2', '__fixtures__', 'layered', 'traces.otf2');
const tmp = tempDir('precedence');
const MISSING = join(tmp, 'no-such-run');
const DOCS = join(tmp, 'docs');
const README = join(DOCS, 'README.md');
const ANCHOR = join(tmp, 'anchor', 'traces.otf2');
const MIXED = join(tmp, 'mixed');
const BAD_VIEW = ['--view', 'v=1&depth=100'];
const BAD_VIEW_LINE = "--view: depth expects an integer from 0 to 99 (0 = the whole path), got '100'";
const ORPHAN = 'the OTF2 anchor file without its definitions (traces.def and the folder traces/): drop or name the folder that holds all three';

/** A POSIX tar (ustar) of `files`, in order: what GNU tar writes for regular files. */
function tar(files: [name: string, data: Uint8Array][]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, data] of files) {
    const h = new Uint8Array(512);
    const put = (off: number, s: string): void => void h.set(new TextEncoder().encode(s), off);
    put(0, name);
    put(100, '0000644\0');
    put(108, '0000000\0');
    put(116, '0000000\0');
    put(124, `${data.length.toString(8).padStart(11, '0')}\0`);
    put(136, '00000000000\0');
    put(148, '        ');
    put(156, '0');
    put(257, 'ustar\0');
    put(263, '00');
    put(148, `${h.reduce((a, b) => a + b, 0).toString(8).padStart(6, '0')}\0 `);
    blocks.push(h, data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  const out = new Uint8Array(blocks.reduce((a, b) => a + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

let MANY = '';
beforeAll(() => {
  mkdirSync(DOCS);
  writeFileSync(README, '# notes of the run\n');
  mkdirSync(join(tmp, 'anchor'));
  copyFileSync(OTF2, ANCHOR);
  mkdirSync(MIXED);
  copyFileSync(join(FIG1, 'a_node1_1.st'), join(MIXED, 'a_node1_1.st'));
  copyFileSync(OTF2, join(MIXED, 'traces.otf2'));
  const otf2 = new Uint8Array(readFileSync(OTF2));
  writeFileSync(join(tmp, 'anchor-only.tar'), tar([['traces.otf2', otf2]]));
  writeFileSync(join(tmp, 'members.tar'), tar([['a_node1_1.st', new Uint8Array(readFileSync(join(FIG1, 'a_node1_1.st')))], ['notes.txt', new TextEncoder().encode('x\n')], ['traces.otf2', otf2]]));
  MANY = makeManyPathsTraces(join(tmp, 'paths')).many;
});

/** The CLI's stderr lines and exit code (stdout must be empty: nothing was analysed). */
async function fails(...argv: string[]): Promise<{ lines: string[]; code: number }> {
  const r = await runCli(...argv);
  expect(r.out).toBe('');
  return { lines: r.err.split('\n').filter((l) => l !== ''), code: r.code };
}

async function heap(mb: string, ...argv: string[]): Promise<{ lines: string[]; code: number }> {
  const old = process.env.STRACE_DFG_HEAP_MB;
  process.env.STRACE_DFG_HEAP_MB = mb;
  try {
    return await fails(...argv);
  } finally {
    if (old === undefined) delete process.env.STRACE_DFG_HEAP_MB;
    else process.env.STRACE_DFG_HEAP_MB = old;
  }
}

const line = (s: string): { lines: string[]; code: number } => ({ lines: [`strace-dfg: ${s}`], code: 2 });

describe('CLI error precedence', () => {
  it('an option out of range (--depth 100) is refused as the line is read, before any path', async () => {
    expect(await fails('analyze', '--depth', '100', MISSING)).toEqual(line("--depth expects an integer ≤ 99, got '100' (0 = the whole path)"));
    expect(await fails('analyze', '--depth', '100', FIG1)).toEqual(line("--depth expects an integer ≤ 99, got '100' (0 = the whole path)"));
  });

  it('a file a view option names that cannot be read comes before a bad --view and a missing path', async () => {
    const thr = join(tmp, 'no-thresholds.json');
    expect(await fails('analyze', '--thresholds', thr, ...BAD_VIEW, MISSING)).toEqual(line(`--thresholds ${thr}: cannot read (ENOENT)`));
  });

  it('a bad --view (a usage error) comes before the problems of the PATH arguments', async () => {
    expect(await fails('analyze', ...BAD_VIEW, MISSING)).toEqual(line(BAD_VIEW_LINE));
    expect(await fails('analyze', ...BAD_VIEW, DOCS)).toEqual(line(BAD_VIEW_LINE));
    expect(await fails('analyze', ...BAD_VIEW, README)).toEqual(line(BAD_VIEW_LINE));
    expect(await fails('analyze', ...BAD_VIEW, ANCHOR)).toEqual(line(BAD_VIEW_LINE));
  });

  it("a command's own check of the view (compare's two sides) comes before the PATH arguments", async () => {
    expect(await fails('compare', MISSING)).toEqual(line('compare needs both sides: --green SEL --red SEL (e.g. --green cid:a --red cid:b) or a --view with green= and red='));
  });

  it('the PATH arguments in the order given: the first one with a problem is reported', async () => {
    expect(await fails('analyze', MISSING, DOCS)).toEqual(line(`no such file or folder: ${MISSING}`));
    expect(await fails('analyze', DOCS, MISSING)).toEqual(line(`folder ${DOCS} holds no trace files (1 other file: README.md)`));
    expect(await fails('analyze', FIG1, README, MISSING)).toEqual(line(`${README}: not a strace trace or an HDF5 event log`));
    expect(await fails('analyze', FIG1, MISSING, README)).toEqual(line(`no such file or folder: ${MISSING}`));
  });

  it('archive orphans: an OTF2 anchor named without its folder is fatal; in a folder it is skipped with a note', async () => {
    expect(await fails('analyze', ANCHOR, FIG1)).toEqual(line(`${ANCHOR}: ${ORPHAN}`));
    // alone in its folder: nothing else loads
    expect(await fails('analyze', join(tmp, 'anchor'))).toEqual(line(`no input could be loaded (anchor/traces.otf2: ${ORPHAN})`));
    // beside a trace: noted, and the trace loads
    const r = await runCli('analyze', '--json', MIXED);
    expect(r.err).toBe(`strace-dfg: could not load 1 file: mixed/traces.otf2 (mixed/traces.otf2: ${ORPHAN})\n`);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { cases: number }).cases).toBe(1);
  });

  it('archive orphans: a tar member — the anchor alone is fatal; a member that is not a trace is noted first', async () => {
    const only = join(tmp, 'anchor-only.tar');
    expect(await fails('analyze', only)).toEqual(line(`${only}/traces.otf2: ${ORPHAN}`));
    const members = join(tmp, 'members.tar');
    expect(await fails('analyze', members)).toEqual({ lines: [`strace-dfg: 1 other file skipped (not traces): ${members}/notes.txt`, `strace-dfg: ${members}/traces.otf2: ${ORPHAN}`], code: 2 });
  });

  it('a load too big for the heap: after a bad option and the PATH arguments, before the load', async () => {
    const tooBig = /^strace-dfg: this load holds about [\d,]+ distinct paths \(estimated from 8 slices of 1 file\), which need about [\d.]+ MiB of heap, more than its budget of 2\.10 MiB/;
    const alone = await heap('3', 'analyze', MANY);
    expect(alone.code).toBe(2);
    expect(alone.lines).toHaveLength(1);
    expect(alone.lines[0]).toMatch(tooBig);
    expect(await heap('3', 'analyze', ...BAD_VIEW, MANY)).toEqual(line(BAD_VIEW_LINE));
    expect(await heap('3', 'analyze', '--depth', '100', MANY)).toEqual(line("--depth expects an integer ≤ 99, got '100' (0 = the whole path)"));
    expect(await heap('3', 'analyze', MANY, MISSING)).toEqual(line(`no such file or folder: ${MISSING}`));
    expect(await heap('3', 'analyze', MANY, README)).toEqual(line(`${README}: not a strace trace or an HDF5 event log`));
  }, 60_000);
});
