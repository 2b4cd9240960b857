/** `strace-dfg convert`: traces → strace-dfg's native HDF5 event log. */
import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, type CliIO } from '../errors';
import { refuseInput, staleNote } from '../node/outputs';
import { settled, tempBeside } from '../node/temps';
import { loadPaths } from '../node/load';
import { jobsOf, needPaths, type Command } from '../command';
import { has, last, LOAD_OPTIONS } from '../options';
import { withStackNotes } from '../../analysis/layers/notes';

export interface ConvertArgs {
  command: 'convert';
  paths: string[];
  out: string;
  casePerPid: boolean;
  force: boolean;
  jobs: number | null;
}

/** Why a write failed, in one line: the OS error code, or the reason inside HDF5's message (no stack). */
function writeReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code) return code === 'ENOSPC' ? 'no space left on the device (ENOSPC)' : code;
  const msg = e instanceof Error ? e.message : String(e);
  const os = /error message = '([^']+)'/.exec(msg)?.[1] ?? /errno = (\d+)/.exec(msg)?.[0];
  if (os) return /no space/i.test(os) ? 'no space left on the device (ENOSPC)' : os;
  return 'the HDF5 write failed (disk full?)';
}

export async function runConvert(a: ConvertArgs, io: CliIO): Promise<number> {
  refuseInput(a.out, a.paths);
  if (!a.force && existsSync(a.out)) throw new CliError(`${a.out} exists (use --force to overwrite)`);
  staleNote(io, a.out);
  const t0 = performance.now();
  const { session, files } = await loadPaths(io, a.paths, { splitByPid: a.casePerPid, jobs: a.jobs, output: a.out });
  // (with stacks: each stack's layer, call site and entry by the rule table, for readers elsewhere)
  const log = withStackNotes(session.log!);
  const { writeHdf5File } = await import('../node/hdf5');
  // Written to a new file beside the target, renamed over it only when complete: a failed write (full
  // disk, no access) leaves an existing file as it was.
  const out = resolve(a.out);
  const tmp = tempBeside(out);
  try {
    closeSync(openSync(tmp, 'wx')); // a clean error (ENOENT, ENOTDIR, EACCES, EROFS) before HDF5 tries
    await writeHdf5File(log, tmp);
    renameSync(tmp, out);
    settled(tmp);
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing was created (ENOTDIR, EACCES)
    }
    settled(tmp);
    throw new CliError(`cannot write ${a.out}: ${writeReason(e)}${existsSync(a.out) ? ' (the existing file is unchanged)' : ''}`);
  }
  const s = (performance.now() - t0) / 1000;
  io.stderr.write(`strace-dfg: wrote ${a.out}: ${log.cases.length} cases, ${log.n} events from ${files} files in ${s.toFixed(2)} s\n`);
  return 0;
}

export const convert: Command<ConvertArgs> = {
  usage: 'convert [--case-per-pid] [--force] PATH... -o LOG.h5',
  options: {
    out: { type: 'string', short: 'o', value: 'LOG.h5', help: "the HDF5 event log to write (strace-dfg's native layout, docs/FORMATS.md)" },
    ...LOAD_OPTIONS,
    force: { type: 'boolean', help: 'overwrite LOG.h5 if it exists' },
  },
  args: (p) => {
    const paths = needPaths('convert', p);
    const out = last(p, 'out');
    if (!out) throw new CliError('convert needs -o LOG.h5');
    return { command: 'convert', paths, out, casePerPid: has(p, 'case-per-pid'), force: has(p, 'force'), jobs: jobsOf(p) };
  },
  run: runConvert,
};
