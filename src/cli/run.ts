/** `strace-dfg` commands. `main` takes argv and output streams so tests can call it in-process. */
import { existsSync } from 'node:fs';
import { analyze, resolvePartition } from '../analysis';
import { toCliJson } from '../analysis/cliJson';
import { DEFAULT_MAPPING, type MappingSpec } from '../analysis/types';
import { splitCasesByPid, type EventLog } from '../model';
import { CliError, HELP, parseArgs, type AnalyzeArgs, type ConvertArgs } from './args';
import { discover, loadInputs, type Skipped } from './inputs';
import { defaultJobs } from './parallel';
import { safe, textReport } from './report';

export interface Out {
  write(s: string): unknown;
}
export interface CliIO {
  stdout: Out;
  stderr: Out;
}

export const VERSION = '0.1.0';

/** One stderr line for a list of skipped files (named, up to 10). */
function noteSkipped(io: CliIO, what: string, list: readonly Skipped[]): void {
  if (!list.length) return;
  const names = list.slice(0, 10).map((s) => `${safe(s.name)} (${safe(s.reason)})`);
  if (list.length > 10) names.push(`… ${list.length - 10} more`);
  io.stderr.write(`strace-dfg: ${what} ${list.length} file${list.length === 1 ? '' : 's'}: ${names.join(', ')}\n`);
}

/** File warnings and unparsable lines on stderr, identical warnings folded into one line. */
function noteFileReports(io: CliIO, log: EventLog): void {
  const warnings = new Map<string, string[]>();
  let unparsable = 0;
  const firstUnparsable: string[] = [];
  for (const f of log.files) {
    for (const w of f.warnings) {
      if (/^\d+ unparsable line/.test(w)) continue; // summed below, with examples
      warnings.set(w, [...(warnings.get(w) ?? []), f.name]);
    }
    unparsable += f.dropped.unparsable ?? 0;
    for (const u of f.unparsable) if (firstUnparsable.length < 3) firstUnparsable.push(`${f.name}:${u.line}: ${u.text.slice(0, 120)}`);
  }
  for (const [w, names] of warnings) {
    const who = names.length === 1 ? names[0] : `${names.length} files`;
    io.stderr.write(`strace-dfg: warning (${safe(who)}): ${safe(w)}\n`);
  }
  if (unparsable) {
    io.stderr.write(`strace-dfg: ${unparsable} unparsable line${unparsable === 1 ? '' : 's'} skipped (counted in dropped), e.g. ${firstUnparsable.map(safe).join(' | ')}\n`);
  }
}

async function load(io: CliIO, a: AnalyzeArgs | ConvertArgs): Promise<{ log: EventLog; files: number }> {
  const { files, skipped } = discover(a.paths);
  noteSkipped(io, 'skipped (not traces)', skipped);
  const t0 = performance.now();
  // progress on an interactive terminal only, at most every 200 ms
  let shown = 0;
  const progress =
    io.stderr === process.stderr && process.stderr.isTTY
      ? (done: number, total: number): void => {
          const t = performance.now();
          if (t - shown < 200 && done < total) return;
          shown = t;
          const mb = done / 1e6;
          io.stderr.write(`\rstrace-dfg: reading ${Math.floor((100 * done) / (total || 1))}% (${mb.toFixed(0)} MB, ${(mb / ((t - t0) / 1000 || 1)).toFixed(0)} MB/s)${done >= total ? '\n' : ''}`);
        }
      : undefined;
  const { log, failed, threads } = await loadInputs(files, a.jobs ?? defaultJobs(), progress);
  if (process.env.STRACE_DFG_DEBUG) {
    const mb = files.reduce((s, f) => s + f.bytes, 0) / 1e6;
    const s = (performance.now() - t0) / 1000;
    io.stderr.write(`strace-dfg: loaded ${files.length} files (${mb.toFixed(1)} MB, ${log.n} events) on ${threads || 'no worker'} threads in ${s.toFixed(2)} s\n`);
  }
  noteSkipped(io, 'could not load', failed);
  noteFileReports(io, log);
  return { log: a.casePerPid ? splitCasesByPid(log) : log, files: files.length - failed.length };
}

async function runAnalyze(a: AnalyzeArgs, io: CliIO): Promise<number> {
  const { log, files } = await load(io, a);
  const spec: MappingSpec = { ...DEFAULT_MAPPING, depth: a.depth, include: a.filters.map((pattern) => ({ kind: 'substring', pattern })) };
  let partition = null;
  if (a.partition) {
    try {
      partition = resolvePartition(log, a.partition.green, a.partition.red);
    } catch (e) {
      throw new CliError((e as Error).message); // names the selector and the cids / ids present
    }
  }
  const result = analyze(log, spec, partition);
  const doc = toCliJson(result, log.files);
  if (a.json) io.stdout.write(JSON.stringify(doc, null, 2) + '\n');
  else io.stdout.write(textReport(result, doc, { files, top: a.top, partitionLabel: a.partition?.label ?? null }));
  return 0;
}

async function runConvert(a: ConvertArgs, io: CliIO): Promise<number> {
  if (!a.force && existsSync(a.out)) throw new CliError(`${a.out} exists (use --force to overwrite)`);
  const t0 = performance.now();
  const { log, files } = await load(io, a);
  const { writeHdf5File } = await import('./hdf5');
  await writeHdf5File(log, a.out);
  const s = (performance.now() - t0) / 1000;
  io.stderr.write(`strace-dfg: wrote ${a.out}: ${log.cases.length} cases, ${log.n} events from ${files} files in ${s.toFixed(2)} s\n`);
  return 0;
}

/** Runs the CLI; resolves to the exit code. Errors become one line on stderr, never a stack trace. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const args = parseArgs(argv);
    switch (args.command) {
      case 'help':
        io.stdout.write(HELP + '\n');
        return 0;
      case 'version':
        io.stdout.write(`strace-dfg ${VERSION}\n`);
        return 0;
      case 'analyze':
        return await runAnalyze(args, io);
      case 'convert':
        return await runConvert(args, io);
    }
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr.write(`strace-dfg: ${safe(e.message)}\n`);
      return e.code;
    }
    const err = e as Error;
    // Errors of the engine that name the problem (bad regex, bad HDF5, …) are input errors.
    if (err && /^(MappingError|Hdf5FormatError|PartitionError)$/.test(err.name)) {
      io.stderr.write(`strace-dfg: ${safe(err.message)}\n`);
      return 2;
    }
    io.stderr.write(`strace-dfg: internal error: ${safe(err?.message ?? String(e))}${process.env.STRACE_DFG_DEBUG ? `\n${err?.stack ?? ''}` : ' (set STRACE_DFG_DEBUG=1 for details)'}\n`);
    return 1;
  }
}
