import { describe, expect, it } from 'vitest';
import { appText, durationSlot, fillDurations, formatBytes, formatCount, formatDuration, formatPercent, formatRate, formatSeconds, formatUtc, formatUtcDate, reportText } from './format';

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

  it("writes the app's durations with three significant digits (the Summary read '191.00 ms')", () => {
    const cases: [number | null, string][] = [
      [0.191, '191 ms'], [1.234, '1.23 s'], [12.3e-6, '12.3 µs'], [12.34, '12.3 s'], [0.0123, '12.3 ms'], [0.000203, '203 µs'],
      [5e-7, '500 ns'], [2, '2.00 s'], [99.96, '100 s'], [1234.4, '1234 s'], [0, '0 s'], [-0.0123, '-12.3 ms'], [null, '–'], [NaN, '–'],
      // rounded before the unit is chosen: never "1000 ms"
      [0.9996, '1.00 s'], [0.0009996, '1.00 ms'], [9.996e-7, '1.00 µs'],
    ];
    for (const [s, text] of cases) expect(formatSeconds(s), String(s)).toBe(text);
  });

  it('groups counts as toLocaleString does (without loading ICU for safe integers)', () => {
    const xs = [0, -0, 1, -1, 12, 123, 999, 1000, -1000, 1234.5, -1234.5, 99999.4, 100000, 999999.5, 1e9, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1e21, Infinity, -Infinity];
    for (let d = 0; d <= 16; d++) xs.push(10 ** d - 1, 10 ** d, -(10 ** d) + 1, 7 * 10 ** d + 0.5);
    for (const x of xs) expect(formatCount(x), String(x)).toBe(Math.round(x).toLocaleString('en-US'));
    expect(formatCount(-1234567)).toBe('-1,234,567');
    expect(formatCount(1000)).toBe('1,000');
  });
});

describe('UTC times never throw', () => {
  it('formats epoch seconds with microseconds', () => {
    expect(formatUtc(1717245296 + 0.123456)).toBe('2024-06-01 12:34:56.123456 UTC');
    expect(formatUtc(1717245296 + 0.9999996)).toBe('2024-06-01 12:34:57.000000 UTC');
    expect(formatUtc(0)).toBe('1970-01-01 00:00:00.000000 UTC');
    expect(formatUtcDate(1717245296.5)).toBe('2024-06-01');
  });
  it('a time a Date cannot hold is said, not thrown', () => {
    for (const s of [1e308, 99999999999999 + 0.000001, -1e20, Infinity, NaN]) {
      expect(() => formatUtc(s)).not.toThrow();
      expect(formatUtc(s)).toMatch(/ s \(out of range\)$/);
      expect(formatUtcDate(s)).toMatch(/ s \(out of range\)$/);
    }
    expect(formatUtc(1e308)).toBe('1e+308 s (out of range)');
    expect(formatUtc(99999999999999 + 0.000001)).toBe('1e+14 s (out of range)');
    expect(formatUtc(8.64e12)).toBe('+275760-09-13 00:00:00.000000 UTC');
  });
});

describe("an analysis sentence's durations: written once, read with each caller's precision", () => {
  const sentence = `${durationSlot(0.191)} between write:/x (line 4) and openat:/x; ${durationSlot(2.2866)} of ${durationSlot(13.0)} wall, ${durationSlot(0.0000123)}`;
  it('the CLI and the JSON documents: formatDuration, byte for byte as before', () => {
    expect(reportText(sentence)).toBe('191.00 ms between write:/x (line 4) and openat:/x; 2.29 s of 13.00 s wall, 12.3 µs');
  });
  it('the app: formatSeconds, as its own numbers', () => {
    expect(appText(sentence)).toBe('191 ms between write:/x (line 4) and openat:/x; 2.29 s of 13.0 s wall, 12.3 µs');
  });
  it('every number comes back as it went in', () => {
    const xs = [0, -0, 1e-9, 0.1 + 0.2, 1 / 3, -2.5e-7, 123456.789, Number.MAX_VALUE, Number.MIN_VALUE, Infinity, -Infinity, NaN];
    for (const x of xs) expect(fillDurations(durationSlot(x), String), String(x)).toBe(String(x));
    expect(fillDurations(durationSlot(1 / 3), (v) => String(v === 1 / 3))).toBe('true');
  });
  it('null and undefined read "–" (as both formatters write them); text without slots stays as it is', () => {
    expect(durationSlot(null)).toBe('–');
    expect(durationSlot(undefined)).toBe('–');
    const plain = 'read:/tmp/x (1.00 ms) \u0001 [2] {3}';
    expect(appText(plain)).toBe(plain);
    expect(reportText(plain)).toBe(plain);
  });
});
