/** Loads every `*.st` file of a fixture folder (name order) into one EventLog, as the CLI would. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
