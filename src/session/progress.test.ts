/** The progress throttle (e2e/cancel.spec.ts: a load's progress line once stayed at its first '0 B' report). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from './progress';
import type { Progress } from './types';

describe('Throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('trailing: the last report of a burst is sent once the interval has passed, and nothing after close()', () => {
    const sent: Progress[] = [];
    const t = new Throttle((p) => sent.push(p), 100, true);
    t.report('parse', 0, 100, 'a', true);
    // a burst: 16 pieces of a chunk reported within the interval of the forced '0 B'
    for (let n = 1; n <= 16; n++) t.report('parse', n, 100, 'a');
    expect(sent.map((p) => p.done)).toEqual([0]);
    vi.advanceTimersByTime(100);
    expect(sent.map((p) => p.done)).toEqual([0, 16]);
    // a report sent on time cancels nothing it should not: one per interval, the newest
    vi.advanceTimersByTime(150);
    t.report('parse', 20, 100, 'a');
    t.report('parse', 30, 100, 'a');
    expect(sent.map((p) => p.done)).toEqual([0, 16, 20]);
    t.close();
    vi.advanceTimersByTime(1000);
    expect(sent.map((p) => p.done)).toEqual([0, 16, 20]);
  });

  it('without trailing (the mapping heartbeat), a dropped report stays dropped', () => {
    const sent: Progress[] = [];
    const t = new Throttle((p) => sent.push(p), 100);
    t.report('mapping', 0, 0, 're', true);
    t.report('mapping', 1, 0, 're');
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });
});
