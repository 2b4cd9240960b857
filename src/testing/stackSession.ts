/** Test helper (Node only): a Session with strace -k fixtures loaded (src/analysis/layers/__fixtures__/README.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TimelineData } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from '../session/session';
import { noCtx, type AnalyzeParams } from '../session/types';
import { testParams } from './phasesSession';
import { STACK_FIXTURES } from './stackFixtures';

/** A Session with the named fixture files loaded (`c/c_all.st`: plain files only). */
export async function stackSession(names: readonly string[]): Promise<Session> {
  const s = new Session();
  await s.load(noCtx(), names.map((n) => bytesSource(n.split('/').pop()!, new Uint8Array(readFileSync(join(STACK_FIXTURES, n))))));
  return s;
}

/** The per-activity timeline of `activity` after an analysis of the fixtures with `over` on the test parameters. */
export async function stackTimeline(names: readonly string[], activity: string, over: Partial<AnalyzeParams> = {}): Promise<TimelineData> {
  const s = await stackSession(names);
  await s.analyze(noCtx(), testParams(over));
  return s.timeline(noCtx(), activity);
}

/** A Session's per-activity timeline of the first mapped activity of the phases fixture (no stacks). */
export async function plainTimeline(s: Session): Promise<TimelineData> {
  const r = await s.analyze(noCtx(), testParams());
  return s.timeline(noCtx(), r.result.nodes.find((n) => n.count > 0 && n.id.includes(':'))!.id);
}
