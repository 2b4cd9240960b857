/**
 * The time views' replies cross to the UI with their typed arrays transferred (worker.ts): a reply must
 * not share a buffer with what the Session keeps, or the next request finds it detached (phases run).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from '../session/session';
import { noCtx } from '../session/types';
import { PHASES_DIR } from '../testing/phasesFixture';
import { transferables } from './protocol';

/** What posting with transfer does to the sender's buffers. */
const post = <T>(value: T): T => structuredClone(value, { transfer: transferables(value) });

describe('time replies are transferable again and again', () => {
  it('runTimeline, fileOffsets, timeOverview and timeline: a second request after transferring the first', async () => {
    const s = new Session();
    const names = readdirSync(PHASES_DIR).filter((f) => f.endsWith('.st')).sort();
    await s.load(noCtx(), names.map((f) => bytesSource(f, new Uint8Array(readFileSync(join(PHASES_DIR, f))))));
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: { green: 'cid:phases', red: '' }, caseFilters: [] });
    for (const byPid of [false, true, false]) {
      const first = post(await s.runTimeline(noCtx(), { pixels: 500, byPid }));
      const again = post(await s.runTimeline(noCtx(), { pixels: 500, byPid, from: 0.3, to: 1.2 }));
      expect(again.rowPid.length).toBe(first.rowPid.length);
      expect(again.rowSide.length).toBe(first.rowSide.length);
      expect(Array.from(again.rowSide)).toEqual(Array.from(first.rowSide));
    }
    for (let k = 0; k < 2; k++) {
      expect(post(await s.fileOffsets(noCtx(), '/tmp/phases/data/rank0.dat')).start.length).toBe(64);
      expect(post(await s.timeOverview(noCtx(), { metric: 'busy' })).overview.rows).toBe(6);
      expect(post(await s.timeline(noCtx(), 'write:/tmp/phases')).errno!.length).toBeGreaterThan(0);
    }
  });
});
