import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validate } from '../../model';
import { parseStraceBytes } from './index';
import { accounted, parseChunked } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');

test('offsets equal what the traced program read from /proc/self/fdinfo (dup, fork, thread, pread, O_APPEND, sendfile, fd reuse)', () => {
  const bytes = new Uint8Array(readFileSync(join(FX, 'offsets.st')));
  const log = parseStraceBytes('offsets.st', bytes);
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  const DATA = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev']);
  const got: string[] = [];
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    const call = log.calls[log.pairCall[p]];
    const fp = log.paths[log.pairFp[p]];
    if (!DATA.has(call) && call !== 'sendfile') continue;
    if (!/\/offsets\/(a|b)\.dat$/.test(fp)) continue;
    if (call === 'sendfile') continue; // not reported by the program: its offset is the out file's position
    got.push(`${call} ${Number.isNaN(log.offset[i]) ? 'nan' : log.offset[i]}`);
  }
  // the program's report: "<call> <fd> <offset>" in program order (the traced order: the child and the thread
  // ran while the main thread waited)
  const want = readFileSync(join(FX, 'offsets_prog.txt'), 'utf8').trim().split('\n').map((l) => {
    const [call, , off] = l.split(' ');
    return `${call} ${off}`;
  });
  expect(want.length).toBe(28);
  expect(got).toEqual(want);
  // the same in 1-byte chunks
  const again = parseChunked('offsets.st', bytes, 1);
  expect(Array.from(again.offset)).toEqual(Array.from(log.offset));
});

test('opens are at 0, lseek at its result; pipes, ttys, /proc and calls without an fd have no offset', () => {
  const bytes = new Uint8Array(readFileSync(join(FX, 'offsets.st')));
  const log = parseStraceBytes('offsets.st', bytes);
  const text = readFileSync(join(FX, 'offsets.st'), 'latin1').split('\n');
  let opens = 0;
  let seeks = 0;
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    const call = log.calls[log.pairCall[p]];
    const fp = log.paths[log.pairFp[p]];
    const o = log.offset[i];
    const line = text[log.line[i] - 1];
    if (call === 'openat' && /\/offsets\/(a|b)\.dat$/.test(fp) && !line.includes('O_APPEND') && log.errno[i] === 0) {
      expect(o).toBe(0);
      opens++;
    }
    if (call === 'lseek' && /\/offsets\//.test(fp)) {
      expect(o).toBe(Number(/\) = (\d+)/.exec(line)![1]));
      seeks++;
    }
    if (fp.startsWith('/proc/') || fp === '' || call === 'close' || call === 'mmap') expect(Number.isNaN(o)).toBe(true);
  }
  expect(opens).toBeGreaterThanOrEqual(4);
  expect(seeks).toBeGreaterThanOrEqual(5);
});
