/** The real Darshan logs of src/ingest/darshan/__fixtures__ as EventLogs (for tests outside src/ingest). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHeader } from '../ingest/darshan/header';
import { readDarshanLog } from '../ingest/darshan/index';
import type { EventLog } from '../model/eventlog';

export const DARSHAN_FIXTURES = join(__dirname, '../ingest/darshan/__fixtures__');

/** The log at `rel` (a path under the fixtures folder). */
export function darshanFixture(rel: string): EventLog {
  return readDarshanLog(rel, new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, rel))));
}

/** Every log under the fixtures folder (paths relative to it, sorted). */
export function darshanLogs(): string[] {
  return readdirSync(DARSHAN_FIXTURES, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.darshan')).sort();
}

/** The modules with data that the log's own header lists (e.g. POSIX, STDIO, DXT_POSIX). */
export function darshanModules(rel: string): string[] {
  const bytes = new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, rel)));
  return readHeader(rel, bytes, bytes.length).modules.map((m) => m.name);
}
