import { describe, expect, it } from 'vitest';
import { forEachLimited } from './limit';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('forEachLimited', () => {
  it('runs every item once with at most `limit` in flight', async () => {
    let open = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachLimited(Array.from({ length: 50 }, (_, i) => i), 4, async (i) => {
      open++;
      most = Math.max(most, open);
      await tick(i % 3);
      seen.push(i);
      open--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
  it('rejects with the first error and starts nothing after it', async () => {
    const started: number[] = [];
    await expect(
      forEachLimited([0, 1, 2, 3, 4, 5, 6, 7], 2, async (i) => {
        started.push(i);
        await tick(1);
        if (i === 1) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(started.length).toBeLessThanOrEqual(3);
  });
  it('an empty list and a limit below 1', async () => {
    await forEachLimited([], 3, () => Promise.reject(new Error('never')));
    const seen: number[] = [];
    await forEachLimited([1, 2], 0, async (i) => void seen.push(i));
    expect(seen).toEqual([1, 2]);
  });
});
