/** Finding the trace files behind the CLI's PATH arguments, and loading them into one EventLog. */
import { closeSync, lstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { joinForkedFiles, mergeLogs, type EventLog } from '../model';
import { importerFor } from '../ingest/registry';
import { CliError } from './args';
import { canUseWorkers, parseInWorkers } from './parallel';
import { parseStraceFile } from './parseFile';

export type InputKind = 'strace' | 'hdf5';

export interface InputFile {
  /** Path to open. */
  path: string;
  /** Name reported and used for the case id: the path as given, or `folder/rel/path` inside a folder. */
  name: string;
  kind: InputKind;
  bytes: number;
  /** Named on the command line (its errors are fatal) rather than found in a folder (skipped with a note). */
  explicit: boolean;
}

export interface Skipped {
  name: string;
  reason: string;
}

export interface Discovery {
  files: InputFile[];
  /** Files inside folders that are not traces. */
  skipped: Skipped[];
}

/** Bytes read from the head of a file to recognise its kind by content. */
const HEAD = 4096;

function readHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = new Uint8Array(HEAD);
    const n = readSync(fd, buf, 0, HEAD, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** What a file is, by content; or why it is not a trace. */
function classify(path: string, name: string, bytes: number): InputKind | { reason: string } {
  if (bytes === 0) return { reason: 'empty file' };
  let head: Uint8Array;
  try {
    head = readHead(path);
  } catch (e) {
    return { reason: `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  const kind = importerFor(head, name)?.id;
  return kind === 'strace' || kind === 'hdf5' ? kind : { reason: 'not a strace trace or an HDF5 event log' };
}

/** Regular files under `dir`, depth first, names sorted; hidden entries skipped, symlinked folders not followed. */
function walk(dir: string, out: string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    throw new CliError(`cannot read folder ${dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  for (const n of names) {
    if (n.startsWith('.')) continue; // hidden files and folders (.git, .DS_Store, …)
    const p = join(dir, n);
    let st;
    try {
      st = lstatSync(p);
      if (st.isSymbolicLink()) st = statSync(p);
    } catch {
      continue; // dangling link
    }
    if (st.isDirectory()) {
      if (!lstatSync(p).isSymbolicLink()) walk(p, out);
    } else if (st.isFile()) out.push(p);
  }
}

/**
 * The input files behind PATH arguments. Throws CliError for a missing path, an empty folder, a folder
 * without traces, or a file named on the command line that is not a trace.
 */
export function discover(paths: readonly string[]): Discovery {
  const files: InputFile[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>(); // absolute paths: a file named twice (or via its folder) is read once
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new CliError(code === 'ENOENT' ? `no such file or folder: ${p}` : `cannot open ${p} (${code ?? (e as Error).message})`);
    }
    if (st.isDirectory()) {
      const found: string[] = [];
      walk(p, found);
      if (found.length === 0) throw new CliError(`folder ${p} holds no files`);
      const top = basename(p.replace(/[\\/]+$/, '')) || p;
      let traces = 0;
      const notTraces: Skipped[] = [];
      for (const f of found) {
        const name = join(top, relative(p, f));
        const bytes = statSync(f).size;
        const kind = classify(f, name, bytes);
        if (typeof kind === 'object') {
          notTraces.push({ name, reason: kind.reason });
          continue;
        }
        traces++;
        if (!seen.has(resolve(f))) files.push({ path: f, name, kind, bytes, explicit: false });
        seen.add(resolve(f));
      }
      if (traces === 0) {
        const some = notTraces.slice(0, 3).map((s) => basename(s.name)).join(', ');
        throw new CliError(`folder ${p} holds no trace files (${notTraces.length} other file${notTraces.length === 1 ? '' : 's'}: ${some}${notTraces.length > 3 ? ', …' : ''})`);
      }
      skipped.push(...notTraces);
    } else if (st.isFile()) {
      const kind = classify(p, p, st.size);
      if (typeof kind === 'object') throw new CliError(`${p}: ${kind.reason}`);
      if (!seen.has(resolve(p))) files.push({ path: p, name: p, kind, bytes: st.size, explicit: true });
      seen.add(resolve(p));
    } else {
      throw new CliError(`${p} is not a file or a folder`);
    }
  }
  return { files, skipped };
}

export interface LoadResult {
  log: EventLog;
  /** Files found in folders that failed to load (skipped), with the reason. */
  failed: Skipped[];
  /** Worker threads used to parse strace files (0 = parsed in this thread). */
  threads: number;
}

/**
 * Loads every input file (strace text or HDF5) and merges them into one EventLog, in input order.
 * With `jobs` > 1 (and from the bundle) strace files are parsed on a pool of worker threads.
 */
export async function loadInputs(files: readonly InputFile[], jobs = 1, onProgress?: (doneBytes: number, totalBytes: number) => void): Promise<LoadResult> {
  const total = files.reduce((s, f) => s + f.bytes, 0);
  let done = 0;
  const step = (bytes: number): void => {
    done += bytes;
    onProgress?.(done, total);
  };
  const strace = files.filter((f) => f.kind === 'strace');
  const pre = new Map<InputFile, EventLog | Error>();
  let threads = 0;
  if (jobs > 1 && strace.length > 1 && canUseWorkers()) {
    threads = Math.min(jobs, strace.length);
    const res = await parseInWorkers(strace, jobs, step);
    strace.forEach((f, i) => pre.set(f, res[i]));
  }
  const logs: EventLog[] = [];
  const failed: Skipped[] = [];
  for (const f of files) {
    try {
      let log = pre.get(f);
      if (log instanceof Error) throw log;
      if (!log && f.kind === 'strace') {
        log = parseStraceFile(f.path, f.name);
        step(f.bytes);
      }
      if (!log) {
        const { readHdf5File } = await import('./hdf5');
        log = await readHdf5File(f.path, f.name);
        step(f.bytes);
      }
      logs.push(log);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (f.explicit) throw new CliError(msg.includes(f.name) ? msg : `${f.name}: ${msg}`);
      failed.push({ name: f.name, reason: msg });
    }
  }
  if (logs.length === 0) throw new CliError(`no input could be loaded (${failed.map((s) => `${s.name}: ${s.reason}`).join('; ')})`);
  // strace -ff: the per-process files of one prefix form one case.
  return { log: logs.length === 1 ? logs[0] : joinForkedFiles(mergeLogs(logs)), failed, threads };
}
