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
import { replyTransfer, transferables } from './protocol';

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

describe('what the Analysis keeps is never given away', () => {
  it('every memoised follow-up, alone and in followUps, is the same on the second request after transferring the first', async () => {
    const s = new Session();
    const names = readdirSync(PHASES_DIR).filter((f) => f.endsWith('.st')).sort();
    await s.load(noCtx(), names.map((f) => bytesSource(f, new Uint8Array(readFileSync(join(PHASES_DIR, f))))));
    const first = await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: { green: 're:_[0-2]$', red: 're:_[3-5]$' }, caseFilters: [] });
    const ask = {
      of: first.analysis, complete: true, compare: true, overview: { metric: 'busy' as const }, insights: true, access: true, timeline: 'write:/tmp/phases',
      phases: { activities: null }, untraced: true, layers: true, runTimeline: { pixels: 500 }, fileOffsets: { path: '/tmp/phases/data/rank0.dat' },
    };
    const sent = <T>(method: string, v: T): T => structuredClone(v, { transfer: replyTransfer(method, v) });
    const kept = (v: unknown) => structuredClone(v);
    for (const [method, call] of [
      ['compare', () => s.compare(noCtx())],
      ['phases', () => s.phases(noCtx())],
      ['untraced', () => s.untraced(noCtx())],
      ['insights', () => s.insights(noCtx())],
      ['access', () => s.access(noCtx())],
      ['layers', () => s.layers(noCtx())],
      ['followUps', () => s.followUps(noCtx(), ask)],
    ] as const) {
      const expected = kept(await call());
      sent(method, await call());
      expect(kept(await call()), method).toEqual(expected);
    }
    // the per-request parts' buffers are given away, none of the memoised parts'
    const reply = await s.followUps(noCtx(), ask);
    const given = new Set(replyTransfer('followUps', reply));
    expect(given.size).toBeGreaterThan(0);
    const buffers = (v: unknown, out = new Set<unknown>()): Set<unknown> => {
      if (ArrayBuffer.isView(v)) out.add(v.buffer);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) buffers(x, out);
      return out;
    };
    for (const part of [reply.overview, reply.timeline, reply.runTimeline, reply.fileOffsets]) for (const b of buffers(part)) if (b instanceof ArrayBuffer && given.has(b)) given.delete(b);
    expect(given.size).toBe(0);
    const memoised = [reply.complete, reply.compare, reply.insights, reply.access, reply.phases, reply.untraced, reply.layers];
    for (const b of buffers(memoised)) expect(new Set(replyTransfer('followUps', reply)).has(b as ArrayBuffer)).toBe(false);
    const f = sent('followUps', await s.followUps(noCtx(), ask));
    expect(f.compare && 'green' in f.compare).toBe(true);
    expect(f.overview!.overview.rows).toBe(6);
    expect(f.runTimeline!.rowPid.length).toBeGreaterThan(0);
    expect(f.fileOffsets!.start.length).toBe(64);
    expect(f.stale).toBeUndefined();
    // a newer analysis: the follow-ups of the old one are stale
    await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] });
    expect(await s.followUps(noCtx(), ask)).toEqual({ stale: true });
  });
});
