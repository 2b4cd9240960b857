/** A Session with the phases fixture (phasesFixture.ts) loaded, and the analyse parameters of its tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from '../session/session';
import { noCtx, type AnalyzeParams } from '../session/types';
import { PHASES_DIR } from './phasesFixture';

export async function phasesSession(): Promise<Session> {
  const s = new Session();
  const names = readdirSync(PHASES_DIR).filter((f) => f.endsWith('.st')).sort();
  await s.load(noCtx(), names.map((f) => bytesSource(f, new Uint8Array(readFileSync(join(PHASES_DIR, f))))));
  return s;
}

/** The default mapping, no partition, no case filter, with `over` on top. */
export const testParams = (over: Partial<AnalyzeParams> = {}): AnalyzeParams => ({ mapping: DEFAULT_MAPPING, partition: null, caseFilters: [], ...over });
