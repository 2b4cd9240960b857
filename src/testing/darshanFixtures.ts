/** The real Darshan logs of src/ingest/darshan/__fixtures__ as EventLogs (for tests outside src/ingest). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDarshanLog } from '../ingest/darshan/index';
import type { EventLog } from '../model/eventlog';

export const DARSHAN_FIXTURES = join(__dirname, '../ingest/darshan/__fixtures__');

/** The log at `rel` (a path under the fixtures folder). */
export function darshanFixture(rel: string): EventLog {
  return readDarshanLog(rel, new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, rel))));
}
