/**
 * `strace-dfg export --chrome -o FILE.json PATH...`: the analysed events of a view (case filters and time
 * window applied) as Chrome Trace Event JSON for Perfetto / chrome://tracing (docs/FORMATS.md "Chrome
 * trace"). Streamed to the file in chunks (never one string), written beside the target and renamed over
 * it only when complete, as `convert` does.
 */
import { closeSync, existsSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { viewArgs } from '../cliView';
import { CliError, type CliIO } from '../errors';
import { refuseInput, staleNote } from '../node/outputs';
import { settled, tempBeside } from '../node/temps';
import { openView, type OpenViewArgs } from '../openView';
import { jobsOf, needPaths, type Command } from '../command';
import { has, last, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface ExportArgs extends OpenViewArgs {
  command: 'export';
  /** The format (only Chrome trace JSON so far). */
  format: 'chrome';
  out: string;
  force: boolean;
}

/** Writes through `write(fd)` to a temporary file, renamed to `out` once complete; one-line errors. */
export function writeAtomically(out: string, write: (fd: number) => void): void {
  const tmp = tempBeside(out);
  let fd = -1;
  try {
    fd = openSync(tmp, 'wx');
    write(fd);
    closeSync(fd);
    fd = -1;
    renameSync(tmp, resolve(out));
    settled(tmp);
  } catch (e) {
    if (fd >= 0) {
      try {
        closeSync(fd);
      } catch {
        // already failing
      }
    }
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing was created (ENOTDIR, EACCES)
    }
    settled(tmp);
    const code = (e as NodeJS.ErrnoException)?.code;
    const why = code === 'ENOSPC' ? 'no space left on the device (ENOSPC)' : (code ?? (e instanceof Error ? e.message : String(e)));
    throw new CliError(`cannot write ${out}: ${why}${existsSync(out) ? ' (the existing file is unchanged)' : ''}`);
  }
}

export async function runExport(a: ExportArgs, io: CliIO): Promise<number> {
  refuseInput(a.out, a.paths);
  if (!a.force && existsSync(a.out)) throw new CliError(`${a.out} exists (use --force to overwrite)`);
  staleNote(io, a.out);
  const t0 = performance.now();
  const { session, reply } = await openView(io, a);
  let events = 0;
  let bytes = 0;
  writeAtomically(a.out, (fd) => {
    events = session.writeChromeTrace({
      write(chunk) {
        const buf = Buffer.from(chunk, 'utf8');
        for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off);
        bytes += buf.length;
      },
    }).events;
  });
  const s = (performance.now() - t0) / 1000;
  io.stderr.write(`strace-dfg: wrote ${a.out}: ${events} events of ${reply.keptCases} cases (Chrome trace JSON, ${(bytes / 1e6).toFixed(1)} MB) in ${s.toFixed(2)} s\n`);
  return 0;
}

export const exportCmd: Command<ExportArgs> = {
  usage: 'export --chrome [options] PATH... -o TRACE.json',
  options: {
    chrome: { type: 'boolean', help: 'Chrome Trace Event JSON for Perfetto / chrome://tracing (docs/FORMATS.md "Chrome trace"): a process per case, a thread per pid, an event per call' },
    out: { type: 'string', short: 'o', value: 'TRACE.json', help: 'the file to write (streamed; replaced only once complete)' },
    force: { type: 'boolean', help: 'overwrite TRACE.json if it exists' },
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
  },
  args: (p) => {
    const paths = needPaths('export', p);
    if (!has(p, 'chrome')) throw new CliError('export needs a format: --chrome');
    const out = last(p, 'out');
    if (!out) throw new CliError('export needs -o TRACE.json');
    return { command: 'export', paths, ...viewArgs(p), format: 'chrome', out, force: has(p, 'force'), jobs: jobsOf(p) };
  },
  run: runExport,
};
