import { describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS, THRESHOLD_NAMES, ThresholdError, changedThresholds, resolveThresholds } from './thresholds';

describe('thresholds', () => {
  test("Drishti's defaults where a Drishti code uses them", () => {
    expect(DEFAULT_THRESHOLDS.small_bytes).toBe(1048576);
    expect(DEFAULT_THRESHOLDS.small_requests).toBe(0.1);
    expect(DEFAULT_THRESHOLDS.small_requests_absolute).toBe(1000);
    expect(DEFAULT_THRESHOLDS.random_operations).toBe(0.2);
    expect(DEFAULT_THRESHOLDS.imbalance_stragglers).toBe(0.15);
    expect(DEFAULT_THRESHOLDS.imbalance_size).toBe(0.3);
    expect(DEFAULT_THRESHOLDS.metadata_time_rank).toBe(30);
    expect(DEFAULT_THRESHOLDS.alignment).toBe(1048576);
  });

  test('JSON text or an object overrides the defaults; empty input gives the defaults', () => {
    expect(resolveThresholds('{"small_requests": 0.25}').small_requests).toBe(0.25);
    expect(resolveThresholds({ alignment: 4096 }).alignment).toBe(4096);
    expect(resolveThresholds('')).toEqual(DEFAULT_THRESHOLDS);
    expect(resolveThresholds(null)).toEqual(DEFAULT_THRESHOLDS);
    expect(changedThresholds(resolveThresholds({ alignment: 4096 }))).toEqual({ alignment: 4096 });
  });

  test('unknown keys are rejected with the nearest name; every problem in one message', () => {
    const err = (x: unknown): string => {
      try {
        resolveThresholds(x);
      } catch (e) {
        expect(e).toBeInstanceOf(ThresholdError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(err('{"small_request": 0.2}')).toContain("unknown threshold 'small_request' (did you mean 'small_requests'?)");
    const m = err({ small_requests: 2, alignment: 1.5, open_churn: 'x', zzz: 1 });
    expect(m).toContain('small_requests must be between 0 and 1, got 2');
    expect(m).toContain('alignment must be a whole number, got 1.5');
    expect(m).toContain('open_churn must be a number, got "x"');
    expect(m).toContain("unknown threshold 'zzz'");
    expect(err('{not json')).toMatch(/^thresholds: not valid JSON/);
    expect(err('[1]')).toContain('expected a JSON object');
  });

  test('every threshold has a default inside its own range', () => {
    for (const k of THRESHOLD_NAMES) expect(resolveThresholds({ [k]: DEFAULT_THRESHOLDS[k] })[k]).toBe(DEFAULT_THRESHOLDS[k]);
  });
});
