import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate } from '../../model';
import { FILE_CALLS } from './filecalls';
import { parseStraceBytes } from './index';
import { accounted, parseChunked, rows } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');
const load = (name: string) => {
  const bytes = new Uint8Array(readFileSync(join(FX, name)));
  const log = parseStraceBytes(name, bytes);
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  return log;
};

describe('%file calls are mapped to the file they name (real traces, strace -f -tt -T -y without -e)', () => {
  const W = '/tmp/strace-fx/pathcalls';
  const r = rows(load('path_calls.st'));
  const sig = (from: string, to: string, after = 0): string[] => {
    const a = r.findIndex((e, i) => i >= after && e.call === from);
    const b = r.findIndex((e, i) => i > a && e.call === to);
    return r.slice(a, b + 1).map((e) => `${e.call} ${e.fp} ${e.errno}`.trim());
  };

  test('plain path calls → their path argument (relative kept as given, failing ones keep it)', () => {
    expect(sig('stat', 'rmdir')).toEqual([
      'stat sub/f', 'stat ./sub/../sub/nope ENOENT', 'lstat sub/f', 'access sub/f', 'access /nonexistent/x ENOENT', 'truncate sub/f',
      'chmod sub/f', 'chown sub/f', 'lchown sub/f', 'utime sub/f', 'utimes sub/f', 'statfs sub', 'link sub/f', 'symlink sub/sym',
      'readlink sub/sym', 'rename sub/hard', 'unlink sub/hard2', 'mknod sub/fifo', 'setxattr sub/f', 'getxattr sub/f', 'lgetxattr sub/f',
      'listxattr sub/f', 'removexattr sub/f', 'mkdir sub/dd', 'rmdir sub/dd',
    ]);
    expect(sig('chdir', 'chroot')).toEqual(['chdir sub', 'stat f', 'chdir ..', 'chroot /nonexistent-root ENOENT']);
    expect(r.filter((e) => e.call.startsWith('execve')).map((e) => `${e.call} ${e.fp} ${e.errno}`.trim())).toEqual([
      'execve ../bin/pathcalls', 'execve /nonexistent/true ENOENT', 'execveat /bin/true',
    ]);
  });

  test('*at calls → the path made absolute with the dirfd annotation; empty or NULL path → the fd itself', () => {
    expect(sig('newfstatat', 'name_to_handle_at', r.findIndex((e) => e.call === 'rmdir'))).toEqual([
      `newfstatat ${W}/sub/f`, `newfstatat ${W}/sub/f`, `newfstatat ${W}/sub/missing ENOENT`, `newfstatat ${W}/sub`,
      `statx ${W}/sub/f`, `statx ${W}/sub/f`, `faccessat ${W}/sub/f`, `faccessat2 ${W}/sub/f`, `mkdirat ${W}/sub/e`,
      `mknodat ${W}/sub/fifo2`, `fchmodat ${W}/sub/f`, `fchownat ${W}/sub/f`, `futimesat ${W}/sub/f`, `utimensat ${W}/sub/f`,
      `utimensat ${W}/sub`, `symlinkat ${W}/sub/sym2`, `readlinkat ${W}/sub/sym2`, `linkat ${W}/sub/f`, `renameat ${W}/sub/hard3`,
      `renameat2 ${W}/sub/hard4`, `unlinkat ${W}/sub/hard5`, `unlinkat ${W}/sub/e`, `unlinkat ${W}/sub/gone ENOENT`,
      `name_to_handle_at ${W}/sub/f`,
    ]);
    // AT_EMPTY_PATH on a file fd (the dynamic loader's fstat) → the file
    expect(r.filter((e) => e.call === 'newfstatat' && e.fp.includes('libc.so')).length).toBe(2);
  });

  test('the same in 1- and 7-byte chunks', () => {
    const bytes = new Uint8Array(readFileSync(join(FX, 'path_calls.st')));
    for (const size of [1, 7]) expect(rows(parseChunked('path_calls.st', bytes, size))).toEqual(r);
  });
});

test('a shell searching PATH: every %file line has its fp; absolute paths as written (independent regex check)', () => {
  const name = 'path_shell.st';
  const log = load(name);
  const r = rows(log);
  const text = readFileSync(join(FX, name), 'latin1').split('\n');
  const fileCall = new RegExp(`^\\d+ [\\d:.]+ (${[...FILE_CALLS.keys()].join('|')})\\((.*)`);
  let checked = 0;
  let enoent = 0;
  for (const e of r) {
    const m = fileCall.exec(text[e.line - 1]);
    if (!m) continue;
    expect(e.call).toBe(m[1]);
    expect(e.fp).not.toBe('');
    // the first string argument when it is absolute and has no escapes
    const abs = /"(\/[^"\\]*)"/.exec(m[2]);
    if (abs && !/^(symlink|symlinkat)$/.test(m[1])) {
      expect(e.fp).toBe(abs[1].replace(/\/+$/, '') || '/');
      checked++;
    }
    if (e.errno === 'ENOENT') enoent++;
  }
  expect(checked).toBeGreaterThan(25);
  // the PATH search: /nonexistent/bin first for each of the 4 external commands
  expect(r.filter((e) => e.fp.startsWith('/nonexistent/bin/') && e.errno === 'ENOENT').map((e) => e.fp)).toEqual(
    ['/nonexistent/bin/mkdir', '/nonexistent/bin/ln', '/nonexistent/bin/rm', '/nonexistent/bin/stat'],
  );
  expect(enoent).toBeGreaterThan(10);
  // relative paths of the *at calls are made absolute with the cwd annotation
  expect(r.some((e) => e.call === 'symlinkat' && e.fp === '/tmp/strace-fx/pathshell/d/l')).toBe(true);
  expect(r.some((e) => e.call === 'unlinkat' && e.fp === '/tmp/strace-fx/pathshell/d/l')).toBe(true);
  expect(r.some((e) => e.call === 'statx' && e.fp === '/etc/hostname')).toBe(true);
});
