import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate } from '../../model';
import { StraceParser, parseStraceBytes } from './index';
import { accounted, rows } from '../../testing/straceTestkit';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

const FX = join(__dirname, '__fixtures__');
const load = (name: string) => {
  const log = parseStraceBytes(name, new Uint8Array(readFileSync(join(FX, name))));
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  return log;
};
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9);

describe('hand-written edge cases', () => {
  test('strace messages spliced into call lines (stderr output): the rest of the call still parses', () => {
    const log = load('edge_spliced_messages.st');
    const r = rows(log);
    expect(r.map((e) => `${e.pid} ${e.call} ${e.fp} ${e.size}`)).toEqual([
      '4321 openat /tmp/a NaN', '4321 clone  NaN', '4322 read /tmp/a 3', '4321 write /dev/pts/0 1', '4321 read /tmp/a 0', '4323 read /tmp/b 0',
    ]);
    // the clone started on line 2, its rest came on line 3; the merged read started on line 7
    expect(r[1].line).toBe(2);
    close(r[1].dur, 0.0001);
    expect(r[4].line).toBe(7);
    close(r[4].dur, 0.0003);
    const f = log.files[0];
    expect(f.lines).toBe(11);
    expect(f.dropped).toEqual({ 'strace-message': 4, resumed: 1 });
    expect(f.flags?.pids).toBe('bracket');
    expect(f.warnings.join()).not.toMatch(/pid 0/);
  });

  test('a non-call line mentioning "strace: " does not swallow the next line', () => {
    const log = parseStraceBytes('s.st', enc('1 10:00:00.1 hello strace: x\n1 10:00:00.2 read(3</a>, "", 1) = 0 <0.1>\n'));
    expect(log.n).toBe(1);
    expect(log.files[0].dropped).toEqual({ unparsable: 1 });
  });

  test('result split at the last top-level ") = ", not one inside strings or annotations', () => {
    const r = rows(load('edge_result_in_args.st'));
    expect(r.map((e) => [e.call, e.fp, e.size])).toEqual([
      ['write', '/tmp/out.txt', 9], ['openat', '/tmp/a) = b', NaN], ['read', '/tmp/a) = b', 6], ['fcntl', '/tmp/a) = b', NaN],
      ['wait4', '', NaN], ['read', '/tmp/a) = b', 6],
    ]);
    close(r[4].dur, 0.0001);
  });

  test('escaped quotes and backslashes end strings where strace ended them; fd annotations that change are seen', () => {
    const log = load('edge_string_escapes.st');
    expect(rows(log).map((e) => [e.call, e.fp, e.size, e.line])).toEqual([
      ['read', '/tmp/ab', 3, 1], ['write', '/tmp/ab', 7, 2], ['read', '/tmp/abc', 1, 4], ['read', '/tmp/ab', 1, 5],
      ['read', '/dev/null', 0, 6], ['read', '/dev/null', 0, 7], ['read', '/dev/nullx', 0, 8], ['read', '/dev/null', 1, 9],
    ]);
    expect(log.files[0].dropped).toEqual({ unparsable: 1 });
    expect(log.files[0].unparsable[0].line).toBe(3);
  });

  test('CRLF line endings', () => {
    const log = load('edge_crlf.st');
    expect(rows(log).map((e) => [e.fp, e.size, e.line])).toEqual([['/etc/passwd', 4, 1], ['/dev/pts/1', 3, 4]]);
    expect(log.files[0].dropped).toEqual({ signal: 1, blank: 1, exit: 1 });
  });

  test('a truncated last line is dropped and reported; a complete one without newline is kept', () => {
    const t = load('edge_truncated_last_line.st');
    expect(t.n).toBe(2);
    expect(t.files[0].dropped).toEqual({ 'truncated-last-line': 1 });
    expect(t.files[0].warnings.join()).toMatch(/last line is incomplete/);
    const k = load('edge_no_final_newline.st');
    expect(rows(k).map((e) => e.call)).toEqual(['read', 'write']);
    expect(k.files[0].dropped).toEqual({});
  });

  test('invalid UTF-8 and escapes in paths are decoded leniently', () => {
    expect(rows(load('edge_invalid_utf8.st')).map((e) => e.fp)).toEqual(['/data/caf\uFFFD\uFFFD', '/data/été', '/data/<b> "q" \\', '/data/oké']);
  });

  test('midnight crossing: time going back > 12 h adds 24 h; small steps back do not', () => {
    const log = load('edge_midnight_wrap.st');
    const s = rows(log).map((e) => e.start);
    // sorted by start: the pid-8 event (23:59:59.9998) comes before 23:59:59.9999
    close(s[0], 86399.999);
    close(s[1], 86399.9998);
    close(s[2], 86399.9999);
    close(s[3], 86400.0001);
    close(s[4], 86400.5);
    expect(log.timeBase).toBe('clock');
    expect(log.files[0].warnings.join()).toMatch(/midnight/);
  });

  test('orphans, ERESTART*, <unavailable>, exits during a call, #N ids', () => {
    const log = load('edge_orphans_and_drops.st');
    const r = rows(log);
    expect(r.map((e) => `${e.pid} ${e.call} ${e.fp} ${e.errno} ${e.size} ${e.line}`)).toEqual([
      '200 read /a  3 3', '201 write /b  1 5', '203 restart_syscall   NaN 13', '206 read /g EAGAIN 0 19', '209 exit_group   NaN 24',
    ]);
    close(r[0].dur, 0.000002);
    expect(Number.isNaN(r[4].dur)).toBe(true);
    expect(log.files[0].dropped).toEqual({
      'orphan-resumed': 2, 'orphan-unfinished': 4, resumed: 2, 'unfinished-exited': 3, erestart: 3, signal: 1, unavailable: 3, exit: 1,
    });
  });

  test('open family: fp = opened file; failed → path argument made absolute with the dirfd', () => {
    const r = rows(load('edge_open_family.st'));
    expect(r.map((e) => `${e.call} ${e.fp} ${e.errno}`)).toEqual([
      'open rel/file.txt ENOENT', 'openat /home/v/x ENOENT', 'openat /scratch/dir/sub/f ', 'openat /scratch/dir/sub/g EACCES',
      'creat /tmp/new ', 'openat2 /x/y ', 'openat plain ', 'openat /w/unf ENOENT', 'openat /w/unf2 ', 'read /tmp/x ', 'read /tmp/x ',
      'newfstatat /w/f ', 'openat /etc/p ENOENT',
    ]);
  });

  test('sizes of the read/write variants, failing → 0, others none; -y/-yy annotations', () => {
    const r = rows(load('edge_sizes_and_annotations.st'));
    expect(r.map((e) => `${e.call} ${e.fp} ${e.size}`)).toEqual([
      'pread64 /d/f 4', 'pwrite64 /d/f 4', 'readv /d/f 4', 'writev /d/f 2', 'preadv2 /d/f 2', 'pwritev2 /d/f 2', 'write /d/f 0', 'lseek /d/f NaN',
      'sendfile TCP:[127.0.0.1:40667->127.0.0.1:44108] 10', 'read /dev/pts/0 0', 'recvfrom UNIX-STREAM:[16742->16741] 1',
      'read anon_inode:[eventfd] 8', 'write pipe:[36590] 2', 'read /d/f 0',
    ]);
    expect(Number.isNaN(r[13].dur)).toBe(true);
    expect(r[6].errno).toBe('ENOSPC');
  });

  test('markup in paths stays data (decoded, never interpreted)', () => {
    expect(rows(load('edge_markup_paths.st')).map((e) => e.fp)).toEqual(['/srv/<img src=x onerror=alert(1)>', '/srv/<b>bold</b>']);
  });

  test('unparsable lines are counted and reported with line numbers', () => {
    const log = load('edge_unparsable_lines.st');
    expect(log.n).toBe(2);
    const f = log.files[0];
    expect(f.dropped).toEqual({ unparsable: 7, blank: 2 });
    expect(f.unparsable.map((u) => u.line)).toEqual([2, 4, 5, 6, 7, 8, 9]);
    expect(f.unparsable[0].text).toBe('hello world');
  });

  test('not a trace / empty file: no case, a clear warning', () => {
    const a = load('edge_not_strace.txt');
    expect(a.cases).toEqual([]);
    expect(a.files[0].warnings.join()).toMatch(/no strace output/);
    const b = load('edge_empty.st');
    expect(b.cases).toEqual([]);
    expect(b.files[0].warnings).toEqual(['empty file']);
  });

  test('-r alone: start = running sum of the deltas over every line (signals and exits included)', () => {
    const text = '1 0.000000 read(3</a>, "", 1) = 0 <0.000001>\n1 0.5 --- SIGCHLD {} ---\n1 0.25 read(3</a>, "", 1) = 0 <0.000001>\n1 1.000000 +++ exited with 0 +++\n';
    const log = parseStraceBytes('r.st', enc(text));
    expect(log.timeBase).toBe('relative');
    expect(Array.from(log.start)).toEqual([0, 0.75]);
    expect(log.files[0].flags?.timestamps).toBe('r');
  });

  test('pathFilter is applied while parsing (once per distinct fp)', () => {
    const seen: string[] = [];
    const bytes = new Uint8Array(readFileSync(join(FX, 'edge_sizes_and_annotations.st')));
    const log = parseStraceBytes('f.st', bytes, { pathFilter: (fp) => (seen.push(fp), fp.startsWith('/d/')) });
    expect(rows(log).every((e) => e.fp === '/d/f')).toBe(true);
    expect(log.n).toBe(9);
    expect(log.files[0].dropped.filtered).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('huge lines are reported, not buffered without bound', () => {
    const big = new Uint8Array(1_200_000).fill(0x61);
    const log = parseStraceBytes('big.st', big);
    expect(log.files[0].dropped).toEqual({ unparsable: 1 });
    expect(log.files[0].unparsable[0].text).toMatch(/longer than/);
  });

  test('bad use is a clear error', () => {
    const p = new StraceParser('x.st');
    p.push(enc('1 10:00:00.1 read(3</a>, "", 1) = 0 <0.1>\n'));
    expect(p.finish().n).toBe(1);
    expect(() => p.push(enc('x'))).toThrow(/after finish/);
    expect(() => p.finish()).toThrow(/twice/);
  });
});
