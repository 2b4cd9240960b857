import { describe, expect, it } from 'vitest';
import { clockLabel, clockTicks, formatInstant, stepDigits, tickStep, timeAxis, toSeconds } from './timeAxis';

describe('timeAxis', () => {
  it('has no axis without timestamps', () => {
    expect(timeAxis('none', 0)).toBeNull();
  });
  it('maps clock seconds onto small axis values relative to a whole second', () => {
    const a = timeAxis('clock', 55315.458466)!;
    expect(a.ref).toBe(55315);
    expect(a.offset + 55315.458466 * a.scale).toBeCloseTo(0.458466, 9);
    expect(toSeconds(a, 0.5)).toBe(55315.5);
  });
  it('names the UTC date of epoch traces', () => {
    expect(timeAxis('epoch', 1753944587.7538)!.title).toContain('2025-07-31');
  });
});

describe('ticks', () => {
  it('picks 1-2-5 steps below a second and clock steps above', () => {
    expect(tickStep(1e-5, 10)).toBe(1e-6);
    expect(tickStep(3e-5, 10)).toBe(5e-6);
    expect(tickStep(100, 10)).toBe(10);
    expect(tickStep(3000, 10)).toBe(300);
    expect(stepDigits(1e-6)).toBe(6);
    expect(stepDigits(0.5)).toBe(1);
    expect(stepDigits(60)).toBe(0);
  });
  it('labels the clock with the decimals the step needs', () => {
    expect(clockLabel('clock', 55315, 0.458466, 6)).toBe('15:21:55.458466');
    expect(clockLabel('clock', 55315, 0.9999996, 6)).toBe('15:21:56.000000');
    expect(clockLabel('clock', 86399, 2, 0)).toBe('00:00:01 +1d');
    expect(clockLabel('epoch', 1753944587, 0.75, 2)).toBe('06:49:47.75');
    expect(clockLabel('relative', 0, 1.5, 1)).toBe('1.5 s');
  });
  it('puts ticks on multiples of the step in absolute time', () => {
    const a = timeAxis('clock', 55315.2)!;
    const t = clockTicks(a, 0.2, 0.3, 10);
    expect(t.ticktext[0]).toBe('15:21:55.20');
    expect(t.ticktext.at(-1)).toBe('15:21:55.30');
    expect(t.tickvals.length).toBe(11);
    // 10 s steps align to the clock even though ref is not a multiple of 10
    const t2 = clockTicks(a, 0, 100, 10);
    expect(t2.ticktext[0]).toBe('15:22:00');
    expect(t2.ticktext[1]).toBe('15:22:10');
    expect(clockTicks(a, 1, 1, 10).tickvals).toEqual([]);
  });
  it('formats hover instants with µs precision', () => {
    expect(formatInstant('clock', 55315.458466)).toBe('15:21:55.458466');
    expect(formatInstant('epoch', 1753944587.753800)).toBe('2025-07-31 06:49:47.753800 UTC');
    expect(formatInstant('relative', 0.002413)).toBe('0.002413 s');
    expect(formatInstant('clock', NaN)).toBe('–');
  });
});
