/**
 * Test helper: a folder of real strace fixtures (`*.st`, or `*.st.gz` for the large ones) → one EventLog,
 * parsed by the real importer. Lives outside the production folders so that analysis tests can read real
 * traces without the analysis code importing ingest.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseStraceBytes } from '../ingest';
import { mergeLogs, type EventLog } from '../model';

export function loadTraceDir(dir: string): EventLog {
  const names = readdirSync(dir).filter((n) => /\.st(\.gz)?$/.test(n)).sort();
  if (!names.length) throw new Error(`no .st or .st.gz file in ${dir}`);
  return mergeLogs(names.map((n) => {
    const raw = readFileSync(join(dir, n));
    const bytes = n.endsWith('.gz') ? gunzipSync(raw) : raw;
    return parseStraceBytes(n.replace(/\.gz$/, ''), new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }));
}
