import { describe, expect, it } from 'vitest';
import { parseSize } from './size';

describe('parseSize', () => {
  it('reads bytes and binary units', () => {
    expect(parseSize('4096')).toBe(4096);
    expect(parseSize('4k')).toBe(4096);
    expect(parseSize('64KiB')).toBe(65536);
    expect(parseSize('1M')).toBe(1048576);
    expect(parseSize('1MiB')).toBe(1048576);
    expect(parseSize('1.5 GB')).toBe(1.5 * 1024 ** 3);
  });
  it('refuses what is not a whole number of bytes', () => {
    expect(parseSize('')).toBeNull();
    expect(parseSize('1.5')).toBeNull();
    expect(parseSize('-4k')).toBeNull();
    expect(parseSize('4 parsecs')).toBeNull();
  });
});
