/**
 * Fuzz (issue #33.4): the real IOR-like run's ranks (e2e/fixtures/ior-ssf-fpp, cid ssf) with their -tt clocks
 * shifted by random amounts (one per run, wrapping at midnight, as src/session/__fixtures__/midnight/shift-clock.py
 * does), and edge shifts that put midnight between or inside the ranks' first calls: the span and the ranks'
 * start offsets are always the unshifted run's, and the load says it aligned the run exactly when its ranks'
 * first clock times are more than 12 h apart as read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const RANKS = [0, 1, 2, 3];
const TEXT = RANKS.map((r) => gunzipSync(readFileSync(join(IOR, `ssf_vm_${r}.st.gz`))).toString('latin1'));
const CLOCK = /^(\d+ +)?(\d\d):(\d\d):(\d\d)\.(\d{6}) /gm;
const DAY_US = 86400e6;

/** The text with every line's clock moved by `us` microseconds, wrapping at midnight. */
function shifted(text: string, us: number): string {
  return text.replace(CLOCK, (_m, pid: string | undefined, h: string, mi: string, s: string, f: string) => {
    const t = (((+h * 3600 + +mi * 60 + +s) * 1e6 + +f + us) % DAY_US + DAY_US) % DAY_US;
    const sec = Math.floor(t / 1e6);
    const p2 = (x: number) => String(x).padStart(2, '0');
    return `${pid ?? ''}${p2(Math.floor(sec / 3600))}:${p2(Math.floor(sec / 60) % 60)}:${p2(sec % 60)}.${String(t % 1e6).padStart(6, '0')} `;
  });
}

/** The first clock time of a text (µs since midnight). */
function first(text: string): number {
  const m = new RegExp(CLOCK.source, 'm').exec(text)!;
  return (+m[2] * 3600 + +m[3] * 60 + +m[4]) * 1e6 + +m[5];
}

async function load(us: number) {
  const s = new Session();
  const sum = await s.load(noCtx(), TEXT.map((t, k) => bytesSource(`ssf_vm_${RANKS[k]}.st`, new TextEncoder().encode(shifted(t, us)))));
  return { sum };
}

/** A seeded generator (mulberry32): the same shifts on every run. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('midnight-crossing rank sets (fuzz)', () => {
  it('random and edge shifts: the span of the unshifted run, a note exactly when the first clocks are > 12 h apart', async () => {
    const base = await load(0);
    const span = base.sum.timeSpan!.end - base.sum.timeSpan!.start;
    const starts = TEXT.map(first);
    const lo = Math.min(...starts);
    const hi = Math.max(...starts);
    const rand = rng(33);
    // midnight just before the last rank's start, just after the first rank's, between the ranks, and random
    const edges = [DAY_US - hi + 1, DAY_US - lo - 1, DAY_US - (lo + hi) / 2, DAY_US - lo - span * 0.5e6];
    const shifts = [...edges, ...Array.from({ length: 6 }, () => Math.floor(rand() * DAY_US))].map(Math.round);
    let crossed = 0;
    for (const us of shifts) {
      const { sum } = await load(us);
      const read = starts.map((t) => (t + us) % DAY_US);
      const crosses = Math.max(...read) - Math.min(...read) > DAY_US / 2;
      expect(sum.timeSpan!.end - sum.timeSpan!.start, `shift ${us} µs`).toBeCloseTo(span, 5);
      expect(sum.events).toBe(base.sum.events);
      if (crosses) crossed++;
      if (crosses) expect(sum.notes, `shift ${us} µs`).toEqual([expect.stringMatching(/^run ssf: its cases' clock times \(-t\/-tt, no date\) start on both sides of midnight: /)]);
      else expect(sum.notes, `shift ${us} µs`).toBeUndefined();
    }
    expect(crossed).toBeGreaterThanOrEqual(3); // the edge shifts put midnight between the ranks' starts
  }, 120_000);
});
