import { describe, expect, it } from 'vitest';
import { LOWER_MAX, lowerSizes } from './Panes';

describe('the main column panes', () => {
  it('keeps what the user chose while details and tables fit in half the column', () => {
    expect(lowerSizes(null, 30)).toEqual({ detail: 0, tables: 30 });
    expect(lowerSizes(20, 30)).toEqual({ detail: 20, tables: 30 });
    expect(lowerSizes(null, null)).toEqual({ detail: 0, tables: 0 });
  });

  it('scales details and tables down together so that the graph keeps at least half', () => {
    const s = lowerSizes(30, 50);
    expect(s.detail + s.tables).toBeCloseTo(LOWER_MAX, 10);
    expect(s.detail / s.tables).toBeCloseTo(30 / 50, 10);
    expect(lowerSizes(60, null)).toEqual({ detail: 50, tables: 0 });
  });
});
