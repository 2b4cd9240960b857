import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StraceParser, parseStraceBytes } from './parser';

const fx = (f: string): Uint8Array => readFileSync(join(__dirname, '__fixtures__', f));

/** The builder of a parser (private: read here only to see what a kept parser still holds). */
const builderOf = (p: StraceParser): { n: number; pid: Int32Array; start: Float64Array; dur: Float64Array; offset: Float64Array } =>
  (p as unknown as { b: { n: number; pid: Int32Array; start: Float64Array; dur: Float64Array; offset: Float64Array } }).b;

describe('the thread keeps its last finished parser (its classes\' maps outlive the file: StraceParser.kept)', () => {
  it('is the parser that finished last, holding no event columns', () => {
    const a = new StraceParser('a_node1_1.st');
    a.push(fx('a_node1_1.st'));
    const logA = a.finish();
    expect(StraceParser.kept).toBe(a);
    const b = new StraceParser('b_node1_1.st');
    b.push(fx('b_node1_1.st'));
    expect(StraceParser.kept).toBe(a);
    b.finish();
    expect(StraceParser.kept).toBe(b);
    expect(logA.n).toBeGreaterThan(0);
    const kept = builderOf(b);
    expect([kept.n, kept.pid.length, kept.start.length, kept.dur.length, kept.offset.length]).toEqual([0, 0, 0, 0, 0]);
  });

  it('lets go of nothing its log holds: the log is the same as a fresh parse of the file', () => {
    const first = parseStraceBytes('a_node1_2.st', fx('a_node1_2.st'));
    const copy = structuredClone(first);
    parseStraceBytes('b_node1_2.st', fx('b_node1_2.st'));
    expect(first).toEqual(copy);
    expect(parseStraceBytes('a_node1_2.st', fx('a_node1_2.st'))).toEqual(copy);
  });
});
