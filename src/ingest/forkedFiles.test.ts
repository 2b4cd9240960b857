/** strace -ff: the per-process files of one prefix are joined into one case by joinForkedFiles. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinForkedFiles, mergeLogs, validate } from '../model';
import { parseStraceBytes } from './strace';

const FX = join(__dirname, 'strace', '__fixtures__');

describe('joinForkedFiles on a real strace -ff run', () => {
  const names = readdirSync(FX).filter((f) => f.startsWith('flags_ff.st.')).sort();
  const parts = names.map((f) => parseStraceBytes(f, readFileSync(join(FX, f))));
  const plain = parseStraceBytes('a_node1_1.st', readFileSync(join(FX, 'a_node1_1.st')));

  it('joins every PREFIX.<pid> file into one case sorted by start, and leaves other cases alone', () => {
    expect(names.length).toBeGreaterThan(1);
    const merged = mergeLogs([...parts, plain]);
    expect(merged.cases.length).toBe(names.length + 1);
    const joined = joinForkedFiles(merged);
    validate(joined);
    expect(joined.cases.map((c) => c.id)).toEqual(['flags_ff', 'a_node1_1']);
    const total = parts.reduce((s, l) => s + l.n, 0);
    expect(joined.caseOffsets[1]).toBe(total);
    expect(new Set(joined.pid.subarray(0, total)).size).toBe(new Set(parts.flatMap((l) => [...l.pid])).size);
    expect(joined.n).toBe(merged.n);
  });

  it('returns a log without -ff files unchanged', () => {
    expect(joinForkedFiles(plain)).toBe(plain);
  });
});
