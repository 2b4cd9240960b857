/** Command-line parsing for `strace-dfg` (no dependencies; errors are `CliError`s with exit code 2). */

export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface AnalyzeArgs {
  command: 'analyze';
  paths: string[];
  depth: number;
  filters: string[];
  casePerPid: boolean;
  /** Partition selectors for resolvePartition (`cid:a`, `ids:A,B`), or null. */
  partition: { green: string; red: string; label: string } | null;
  json: boolean;
  /** Rows per table in the text output (0 = all). */
  top: number;
  /** Parse threads (null = the default: cores, at most 8). */
  jobs: number | null;
}

export interface ConvertArgs {
  command: 'convert';
  paths: string[];
  out: string;
  casePerPid: boolean;
  force: boolean;
  jobs: number | null;
}

export type Args = AnalyzeArgs | ConvertArgs | { command: 'help' } | { command: 'version' };

export const HELP = `strace-dfg — Directly-Follows Graphs of file-system activity from strace traces

Usage:
  strace-dfg analyze [options] PATH...
  strace-dfg convert [--case-per-pid] [--force] PATH... -o LOG.h5
  strace-dfg --help | --version

PATH is a trace file, an HDF5 event log (.h5), or a folder: every file inside (recursively) that is a
trace by its content (strace text or HDF5) is read, others are named on stderr and skipped. Traces are
recorded with  strace -f -tt -T -y -e trace=<calls> -o {cid}_$(hostname)_$$.st <command>
and each file is one case, named {cid}_{host}_{rid}.st.

analyze options:
  --depth N            path components kept in an activity (default 2: /usr/lib/x/libc.so → /usr/lib;
                       0 = the whole path)
  --filter SUBSTR      keep only events whose path contains SUBSTR (repeat: any of them)
  --case-per-pid       one case per (file, pid) instead of one per file
  --green-cid C --red-cid C
                       colour the graph by a partition of the cases by cid …
  --green ID,ID --red ID,ID
                       … or by lists of case ids
  --json               print one JSON document (format: docs/FORMATS.md "CLI JSON output")
  --top N              rows per table in the text output (default 40, 0 = all)
  --jobs N             parse strace files on N threads (default: the cores, at most 8; 1 = no threads)

convert options:
  -o, --out LOG.h5     the HDF5 event log to write (strace-dfg's native layout, docs/FORMATS.md)
  --case-per-pid       one case per (file, pid)
  --force              overwrite LOG.h5 if it exists
  --jobs N             parse threads, as for analyze

Units are binary (KiB = 1024 B, MiB/s). Exit codes: 0 ok, 1 internal error, 2 bad usage or input.`;

function intArg(name: string, v: string, min: number): number {
  if (!/^\d+$/.test(v) || Number(v) < min) throw new CliError(`${name} expects an integer ≥ ${min}, got '${v}'`);
  return Number(v);
}

/** Parses argv (without `node` and the script). Throws CliError on bad usage. */
export function parseArgs(argv: readonly string[]): Args {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-V') return { command: 'version' };
  const command = argv[0];
  if (command !== 'analyze' && command !== 'convert') {
    throw new CliError(`unknown command '${command}' (expected analyze or convert; see strace-dfg --help)`);
  }
  const paths: string[] = [];
  const filters: string[] = [];
  let depth = 2;
  let casePerPid = false;
  let json = false;
  let force = false;
  let top = 40;
  let out: string | null = null;
  let jobs: number | null = null;
  const side: Record<'green-cid' | 'red-cid' | 'green' | 'red', string | null> = { 'green-cid': null, 'red-cid': null, green: null, red: null };
  const rest = argv.slice(1);
  let onlyPaths = false;
  for (let i = 0; i < rest.length; i++) {
    let a = rest[i];
    if (onlyPaths || !a.startsWith('-') || a === '-') {
      paths.push(a);
      continue;
    }
    if (a === '--') {
      onlyPaths = true;
      continue;
    }
    let inline: string | null = null;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) {
      inline = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    const value = (): string => {
      if (inline !== null) return inline;
      const v = rest[++i];
      if (v === undefined) throw new CliError(`${a} needs a value`);
      return v;
    };
    const analyzeOnly = (): void => {
      if (command !== 'analyze') throw new CliError(`${a} is an option of analyze, not ${command}`);
    };
    switch (a) {
      case '--help':
      case '-h':
        return { command: 'help' };
      case '--depth':
        analyzeOnly();
        depth = intArg('--depth', value(), 0);
        break;
      case '--filter': {
        analyzeOnly();
        const v = value();
        if (v === '') throw new CliError('--filter needs a non-empty substring');
        filters.push(v);
        break;
      }
      case '--top':
        analyzeOnly();
        top = intArg('--top', value(), 0);
        break;
      case '--jobs':
        jobs = intArg('--jobs', value(), 1);
        break;
      case '--case-per-pid':
        casePerPid = true;
        break;
      case '--json':
        analyzeOnly();
        json = true;
        break;
      case '--force':
        force = true;
        break;
      case '-o':
      case '--out':
        if (command !== 'convert') throw new CliError(`${a} is an option of convert, not ${command}`);
        out = value();
        break;
      case '--green-cid':
      case '--red-cid':
      case '--green':
      case '--red': {
        analyzeOnly();
        const v = value();
        if (v === '') throw new CliError(`${a} needs a value`);
        side[a.slice(2) as keyof typeof side] = v;
        break;
      }
      default:
        throw new CliError(`unknown option '${a}' (see strace-dfg --help)`);
    }
  }
  if (paths.length === 0) throw new CliError(`${command} needs at least one PATH (see strace-dfg --help)`);
  if (command === 'convert') {
    if (!out) throw new CliError('convert needs -o LOG.h5');
    return { command, paths, out, casePerPid, force, jobs };
  }
  return { command, paths, depth, filters, casePerPid, partition: partitionArgs(side), json, top, jobs };
}

function partitionArgs(s: Record<'green-cid' | 'red-cid' | 'green' | 'red', string | null>): AnalyzeArgs['partition'] {
  const byCid = s['green-cid'] !== null || s['red-cid'] !== null;
  const byIds = s.green !== null || s.red !== null;
  if (byCid && byIds) throw new CliError('use either --green-cid/--red-cid or --green/--red, not both');
  if (byCid) {
    if (s['green-cid'] === null || s['red-cid'] === null) throw new CliError('--green-cid and --red-cid go together');
    if (s['green-cid'] === s['red-cid']) throw new CliError('--green-cid and --red-cid must differ');
    return { green: `cid:${s['green-cid']}`, red: `cid:${s['red-cid']}`, label: `green = cid ${s['green-cid']}, red = cid ${s['red-cid']}` };
  }
  if (byIds) {
    if (s.green === null || s.red === null) throw new CliError('--green and --red go together');
    const ids = (v: string): string[] => v.split(',').map((x) => x.trim()).filter((x) => x !== '');
    const g = ids(s.green);
    const r = ids(s.red);
    if (!g.length || !r.length) throw new CliError('--green and --red need at least one case id each');
    const both = g.filter((x) => r.includes(x));
    if (both.length) throw new CliError(`case ${both[0]} is in both --green and --red`);
    return { green: `ids:${g.join(',')}`, red: `ids:${r.join(',')}`, label: `green = ${g.length} cases, red = ${r.length} cases` };
  }
  return null;
}
