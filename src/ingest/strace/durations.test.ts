/** Impossible durations (durations.ts): a corrupt <…> value is counted, named and taken as unknown; real traces have none. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validate } from '../../model';
import { parseStraceBytes } from './index';
import { parseChunked } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');
const ROOT = join(__dirname, '..', '..', '..');

test('two corrupt durations of a real run (2^32 s in a 0.1 s trace) are counted, named by file:line and unknown; the rest are untouched', () => {
  const bytes = new Uint8Array(readFileSync(join(FX, 'impossible_durations.st')));
  const orig = parseStraceBytes('threads_f_tt_T_y.st', new Uint8Array(readFileSync(join(FX, 'threads_f_tt_T_y.st'))));
  for (const log of [parseStraceBytes('impossible_durations.st', bytes), parseChunked('impossible_durations.st', bytes, 7)]) {
    validate(log);
    const w = log.files[0].warnings.find((x) => x.includes('impossible duration'));
    expect(w).toContain('2 impossible duration(s)');
    expect(w).toContain('impossible_durations.st:28, impossible_durations.st:33');
    expect(log.n).toBe(orig.n);
    const text = readFileSync(join(FX, 'impossible_durations.st'), 'latin1').split('\n');
    let unknown = 0;
    for (let i = 0; i < log.n; i++) {
      if (Number.isNaN(log.dur[i]) && !Number.isNaN(orig.dur[i])) {
        unknown++;
        // the pwrite64 of line 33, and the fsync that resumed on line 28
        expect(log.line[i] === 33 || /^19412 .*fsync\(.*<unfinished/.test(text[log.line[i] - 1])).toBe(true);
      } else expect(log.dur[i]).toBe(orig.dur[i]);
    }
    expect(unknown).toBe(2);
    let max = 0;
    for (let i = 0; i < log.n; i++) if (log.dur[i] > max) max = log.dur[i];
    expect(max).toBeLessThan(0.1);
  }
});

test('no real trace of the repository has an impossible duration', () => {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      if (f === 'node_modules' || f.startsWith('.')) continue;
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if ((/\.st(\.\d+)?$/.test(f) || f.endsWith('.strace')) && !f.startsWith('impossible_durations')) files.push(p);
    }
  };
  for (const d of ['src', 'e2e', 'public']) walk(join(ROOT, d));
  expect(files.length).toBeGreaterThan(100);
  for (const p of files) {
    const log = parseStraceBytes(p, new Uint8Array(readFileSync(p)));
    expect(log.files[0]?.warnings.filter((x) => x.includes('impossible duration')) ?? [], p).toEqual([]);
  }
});
