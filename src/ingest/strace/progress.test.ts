/** The progress of one file smaller than a read chunk (16 MiB): reported while it parses, not only at its end. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../source';
import { parseStraceBytes } from './index';
import { PROGRESS_STEP, straceImporter } from './importer';

describe('progress within one chunk', () => {
  it('a 5 MiB trace reports its bytes at least every PROGRESS_STEP, and parses to the same log', async () => {
    // the real `ls -l` trace of the fixtures, repeated to 5 MiB (one file, one case)
    const one = readFileSync(join(__dirname, '__fixtures__', 'b_node1_1.st'));
    const bytes = new Uint8Array(Buffer.concat(Array.from({ length: Math.ceil((5 << 20) / one.length) }, () => one)));
    const steps: number[] = [];
    const source = bytesSource('b_node1_1.st', bytes);
    const log = await straceImporter.read(source, bytes.subarray(0, 4096), {}, { cancel: { cancelled: false }, onBytes: (n) => steps.push(n) });
    expect(steps.length).toBeGreaterThanOrEqual(5);
    for (const n of steps) expect(n).toBeLessThanOrEqual(PROGRESS_STEP);
    expect(steps.reduce((a, b) => a + b, 0)).toBe(bytes.length);
    const whole = parseStraceBytes('b_node1_1.st', bytes);
    expect(log.n).toBe(whole.n);
    expect(Array.from(log.start)).toEqual(Array.from(whole.start));
    expect(log.paths).toEqual(whole.paths);
  });
});
