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

test('fd numbers near the process limit: offsets equal what the program read from /proc/self/fdinfo (fd 19998, its dup, a child)', () => {
  const bytes = new Uint8Array(readFileSync(join(FX, 'fd_near_limit.st')));
  const log = parseStraceBytes('fd_near_limit.st', bytes);
  validate(log);
  const got: string[] = [];
  const text = readFileSync(join(FX, 'fd_near_limit.st'), 'latin1').split('\n');
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    if (log.calls[log.pairCall[p]] !== 'read' || !log.paths[log.pairFp[p]].endsWith('/big.dat')) continue;
    const fd = /read\((\d+)</.exec(text[log.line[i] - 1])![1];
    got.push(`read ${fd} ${Number.isNaN(log.offset[i]) ? 'nan' : log.offset[i]}`);
  }
  const want = readFileSync(join(FX, 'fd_near_limit_prog.txt'), 'utf8').trim().split('\n');
  expect(want.length).toBe(207);
  expect(want.filter((l) => l.startsWith('read 19998 ')).length).toBeGreaterThan(200);
  expect(got).toEqual(want);
});

test('the cost of an fd does not depend on its number: fd 2^31-1 opened, a read through another fd forgets it at once', () => {
  const line = (t: number, s: string): string => `1234 10:00:00.${String(t).padStart(6, '0')} ${s}`;
  for (const fd of [2147483647, 1048575]) {
    const lines = [line(1, `openat(AT_FDCWD</tmp>, "/tmp/x.dat", O_RDONLY) = ${fd}</tmp/x.dat> <0.000003>`)];
    for (let k = 0; k < 1000; k++) {
      lines.push(line(2 + 2 * k, `lseek(${fd}</tmp/x.dat>, ${k}, SEEK_SET) = ${k} <0.000002>`));
      lines.push(line(3 + 2 * k, `read(${fd}</tmp/x.dat>, "abc", 3) = 3 <0.000002>`));
    }
    lines.push(line(9000, 'read(3</tmp/x.dat>, "abc", 3) = 3 <0.000002>'));
    lines.push(line(9001, `read(${fd}</tmp/x.dat>, "abc", 3) = 3 <0.000002>`));
    const t0 = performance.now();
    const log = parseStraceBytes('bigfd.st', new TextEncoder().encode(lines.join('\n') + '\n'));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(log.n).toBe(2003);
    expect(log.offset[0]).toBe(0);
    // lseek k → k, the read after it at k; the read through fd 3 (an unknown description of the file) forgets fd's
    for (let k = 0; k < 1000; k++) expect([log.offset[1 + 2 * k], log.offset[2 + 2 * k]]).toEqual([k, k]);
    expect(Number.isNaN(log.offset[2001])).toBe(true);
    expect(Number.isNaN(log.offset[2002])).toBe(true);
  }
});
