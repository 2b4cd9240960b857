import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration, formatPercent, formatRate } from './format';

describe('format', () => {
  it('uses binary units', () => {
    expect(formatBytes(192 * 1024 * 1024)).toBe('192 MiB');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(null)).toBe('–');
    expect(formatRate(185 * 1024 * 1024)).toBe('185 MiB/s');
  });
  it('formats percent, durations and counts', () => {
    expect(formatPercent(0.679)).toBe('67.9%');
    expect(formatDuration(0.000203)).toBe('203 µs');
    expect(formatDuration(0.0123)).toBe('12.30 ms');
    expect(formatDuration(2)).toBe('2.00 s');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
