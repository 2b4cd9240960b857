/**
 * `strace-dfg replay`: a traced run's own I/O as a benchmark (docs/METHOD.md "Replay", docs/FORMATS.md "The
 * replay folder"):
 *   replay --out DIR [what-ifs] [view options] PATH...   the replay folder (fio I/O logs, metadata lists, run.sh)
 *   replay --check DIR TRDIR                              a traced replay against its folder: the fidelity score
 *   replay --pattern [view options] PATH...               each case's I/O as nested loops, and an IOR command
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { refuseInput } from '../node/outputs';
import { join } from 'node:path';
import type { WhatIfs } from '../../analysis/replay/index';
import { parseSize } from '../../lib/size';
import { viewArgs } from '../cliView';
import { CliError, type CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { jobsOf, needPaths, type Command } from '../command';
import { has, last, LOAD_OPTIONS, VIEW_OPTIONS, type ParsedLine } from '../options';
import { runPattern } from './pattern';
import { checkReport, replaySummary } from './replayReport';

export interface ReplayArgs extends OpenViewArgs {
  command: 'replay';
  mode: 'out' | 'check' | 'pattern';
  /** --out DIR, or --check's DIR. */
  dir: string;
  /** --check's TRDIR. */
  traces: string;
  force: boolean;
  json: boolean;
  whatIfs: Partial<WhatIfs>;
}

function sizeOf(p: ParsedLine, name: string): number {
  const v = last(p, name);
  if (v === undefined) return 0;
  const n = parseSize(v);
  if (n === null || n < 1) throw new CliError(`--${name} expects a size in bytes (4096, 64KiB, 1MiB), got '${v}'`);
  return n;
}

function whatIfsOf(p: ParsedLine): Partial<WhatIfs> {
  if (has(p, 'file-per-process') && has(p, 'shared-file')) throw new CliError('--file-per-process and --shared-file exclude each other');
  return {
    coalesce: sizeOf(p, 'coalesce'),
    align: sizeOf(p, 'align'),
    layout: has(p, 'file-per-process') ? 'fpp' : has(p, 'shared-file') ? 'ssf' : null,
    pread: has(p, 'pread'),
    noSync: has(p, 'no-sync'),
  };
}

function argsOf(p: ParsedLine): ReplayArgs {
  const modes = (['out', 'check', 'pattern'] as const).filter((m) => has(p, m));
  if (modes.length !== 1) throw new CliError('replay needs one of --out DIR, --check DIR TRDIR or --pattern (see strace-dfg replay --help)');
  const mode = modes[0];
  const base = { command: 'replay' as const, mode, force: has(p, 'force'), json: has(p, 'json'), jobs: jobsOf(p), whatIfs: whatIfsOf(p) };
  if (mode === 'check') {
    if (p.positionals.length !== 2) throw new CliError('replay --check needs the replay folder and the folder of its traces: replay --check DIR TRDIR');
    return { ...base, ...viewArgs(p), paths: [p.positionals[1]], dir: p.positionals[0], traces: p.positionals[1] };
  }
  return { ...base, ...viewArgs(p), paths: needPaths('replay', p), dir: mode === 'out' ? last(p, 'out')! : '', traces: '' };
}

/** The folder's text files the check reads: replay.json, iolog/*, meta/*. */
function readFolder(dir: string): Record<string, string> {
  if (!existsSync(join(dir, 'replay.json'))) throw new CliError(`${dir}: no replay.json (not a folder written by strace-dfg replay --out)`);
  const files: Record<string, string> = { 'replay.json': readFileSync(join(dir, 'replay.json'), 'utf8') };
  for (const sub of ['iolog', 'meta']) {
    const d = join(dir, sub);
    if (!existsSync(d)) continue;
    for (const n of readdirSync(d)) files[`${sub}/${n}`] = readFileSync(join(d, n), 'utf8');
  }
  return files;
}

/** Before anything is loaded: the --out folder is new, empty, or --force. */
function outReady(dir: string, force: boolean): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new CliError(`--out ${dir} is a file, not a folder`);
  if (readdirSync(dir).length && !force) throw new CliError(`--out ${dir} is not empty (use --force to write into it)`);
}

function writeFolder(dir: string, files: readonly { path: string; text: string; executable?: boolean }[]): void {
  try {
    for (const f of files) {
      const p = join(dir, f.path);
      mkdirSync(join(p, '..'), { recursive: true });
      writeFileSync(p, f.text, { mode: f.executable ? 0o755 : 0o644 });
    }
  } catch (e) {
    throw new CliError(`cannot write ${dir}: ${(e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e))}`);
  }
}

export async function runReplay(a: ReplayArgs, io: CliIO): Promise<number> {
  if (a.mode === 'pattern') return runPattern(a, io);
  if (a.mode === 'check') {
    const folder = readFolder(a.dir);
    const { session, ctx } = await openView(io, a);
    let report;
    try {
      report = await session.replayCheck(ctx, { folder });
    } catch (e) {
      if (e instanceof Error && e.name === 'ReplayFolderError') throw new CliError(`${a.dir}: ${e.message}`);
      throw e;
    }
    io.stdout.write(a.json ? JSON.stringify(report, null, 2) + '\n' : checkReport(report));
    return 0;
  }
  refuseInput(a.dir, a.paths, '--out');
  outReady(a.dir, a.force);
  const t0 = performance.now();
  const { session, ctx, read } = await openView(io, a);
  const reply = await session.replay(ctx, { whatIfs: a.whatIfs });
  // with --force into a folder that holds traces: never over a file the load read
  for (const f of reply.files) refuseInput(join(a.dir, f.path), [...a.paths, ...read], '--out');
  writeFolder(a.dir, reply.files);
  io.stderr.write(replaySummary(reply, a.dir, (performance.now() - t0) / 1000));
  return 0;
}

export const replay: Command<ReplayArgs> = {
  usage: 'replay --out DIR [what-ifs] [options] PATH...  |  replay --check DIR TRDIR  |  replay --pattern [options] PATH...',
  options: {
    out: { type: 'string', value: 'DIR', help: "write the replay of the view's cases to DIR: per case a fio I/O log and the metadata calls, run.sh, README.md (docs/FORMATS.md \"The replay folder\")" },
    check: { type: 'boolean', help: 'compare the traces of a replay (TRDIR, from STRACE_DFG_TRACE=TRDIR sh DIR/run.sh) with its folder DIR: the fidelity score and every difference' },
    pattern: { type: 'boolean', help: "each case's I/O as nested loops, offsets across ranks as a·rank + b, and an IOR command line when they fit exactly" },
    coalesce: { type: 'string', value: 'SIZE', help: 'what-if: merge contiguous requests of a file and direction up to SIZE (e.g. 1MiB)' },
    align: { type: 'string', value: 'SIZE', help: 'what-if: every request starts and ends on a SIZE boundary' },
    'file-per-process': { type: 'boolean', help: 'what-if: every shared file replayed as one file per case' },
    'shared-file': { type: 'boolean', help: 'what-if: the files each case has alone (one name pattern) replayed as one shared file' },
    pread: { type: 'boolean', help: 'what-if: lseek + read/write replayed as pread/pwrite' },
    'no-sync': { type: 'boolean', help: 'what-if: leave out fsync and fdatasync' },
    force: { type: 'boolean', help: 'write into a --out folder that is not empty' },
    json: { type: 'boolean', help: 'print the check or the pattern as JSON' },
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
  },
  args: argsOf,
  run: runReplay,
};
