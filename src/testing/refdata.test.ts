/**
 * The committed reference values (refdata.ts): read without running anything; a missing or stale one
 * fails with one line saying how to make it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { referenceValues } from './refdata';

const tmp = mkdtempSync(join(tmpdir(), 'refdata-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const PROGRAM = 'tools/refdata/numpy_percentile.py';

/** A test file `x.test.ts` in a scratch folder, with `refs` committed beside it. */
function fakeTest(refs: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmp, 't-'));
  mkdirSync(join(dir, '__fixtures__', 'refs'), { recursive: true });
  writeFileSync(join(dir, '__fixtures__', 'refs', 'x.json'), JSON.stringify({ about: '', made_with: '', refs }));
  return referenceValues(pathToFileURL(join(dir, 'x.test.ts')).href, { read: true });
}

describe('reference values', () => {
  const input = { stdin: { q: 50, lists: [[1, 2, 3]] } };
  it('are kept beside the test, in __fixtures__/refs/<test>.json', () => {
    const refs = fakeTest({});
    expect(refs.file).toMatch(/\/__fixtures__\/refs\/x\.json$/);
  });

  it('a missing one: one line, naming the command and what it needs', () => {
    const refs = fakeTest({});
    expect(() => refs.get('median', PROGRAM, input)).toThrow(
      /^no reference value "median" in \S+x\.json: run npm run refdata \(needs \/usr\/bin\/python3: apt-get install python3-numpy\)$/,
    );
  });

  it('one made from other input (or another program) is refused, not used', () => {
    const refs = fakeTest({ median: { program: PROGRAM, input_sha256: '0'.repeat(64), output: [2] } });
    expect(() => refs.get('median', PROGRAM, input)).toThrow(/^reference value "median" in \S+ was made from other input \(the test's input or tools\/refdata\/numpy_percentile\.py changed\): run npm run refdata/);
  });

  it('a committed one is returned as it was made, for the same input', () => {
    const committed = referenceValues(pathToFileURL(join(__dirname, '..', 'cli', 'metrics.test.ts')).href, { read: true });
    expect(committed.file).toBe(join('src', 'cli', '__fixtures__', 'refs', 'metrics.json'));
    // a different input under a committed name is refused
    expect(() => committed.get('p95 per activity, failures fixture, raw mapping', PROGRAM, input)).toThrow(/was made from other input/);
  });
});
