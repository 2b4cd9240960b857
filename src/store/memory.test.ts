import { describe, expect, it } from 'vitest';
import { estimateLoad } from './memory';

describe('estimateLoad', () => {
  it('lets a 1 GB load through on an 8 GiB machine and stops 10 GB', () => {
    const gb1 = estimateLoad(1e9, 8);
    expect(gb1.events).toBe(1e7);
    expect(gb1.peak).toBeGreaterThan(1e9);
    expect(gb1.fits).toBe(true);
    const gb10 = estimateLoad(1e10, 8);
    expect(gb10.fits).toBe(false);
    expect(gb10.budget).toBe(4 * 1024 ** 3);
  });
  it('is more careful on small or unknown machines', () => {
    expect(estimateLoad(3e9, 2).fits).toBe(false);
    expect(estimateLoad(3e9, 2).budget).toBe(1024 ** 3);
    expect(estimateLoad(1e9).budget).toBe(2 * 1024 ** 3);
    expect(estimateLoad(0).fits).toBe(true);
  });
});
