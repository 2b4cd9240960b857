/** Loads every `*.st` file of a fixture folder (name order) into one EventLog, as the CLI would. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseStraceBytes } from '../ingest/strace';
import { mergeLogs, type EventLog } from '../model';

export function traceDirLog(dir: string): EventLog {
  const files = readdirSync(dir).filter((f) => /\.st(\.\d+)?$/.test(f)).sort();
  if (!files.length) throw new Error(`no *.st files in ${dir}`);
  return mergeLogs(files.map((f) => parseStraceBytes(f, readFileSync(join(dir, f)))));
}

/** One strace file → its EventLog, as the CLI would parse it. */
export function traceFileLog(path: string): EventLog {
  return parseStraceBytes(path.replace(/^.*\//, ''), readFileSync(path));
}

/** Every `*.st` and `*.st.gz` file of a folder (name order) into one EventLog (a `.gz` is decompressed; its
 * case is named without `.gz`), with the file names in case order. */
export function traceDirLogGz(dir: string): { log: EventLog; files: string[] } {
  const files = readdirSync(dir).filter((f) => /\.st(\.gz)?$/.test(f)).sort();
  if (!files.length) throw new Error(`no *.st or *.st.gz files in ${dir}`);
  const log = mergeLogs(files.map((f) => {
    const raw = readFileSync(join(dir, f));
    return parseStraceBytes(f.replace(/\.gz$/, ''), f.endsWith('.gz') ? gunzipSync(raw) : raw);
  }));
  return { log, files };
}
