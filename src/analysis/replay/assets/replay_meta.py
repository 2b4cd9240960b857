#!/usr/bin/env python3
"""strace-dfg metadata replayer: makes one case's recorded metadata calls under a replay root.

usage: replay_meta.py --root DIR [--phase pre|during|post]... [--think] LIST.tsv

LIST.tsv (written by strace-dfg replay): '#' comment lines, then one call per line, tab-separated:
microseconds since the case's start, phase, action, name under the root, argument, recorded call, recorded errno.
Only the Python 3 standard library is used, so it runs on any Linux system with python3.
"""
import errno
import os
import sys
import time


def parse_args(argv):
    root, phases, think, lists = None, set(), False, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--root':
            root = argv[i + 1]
            i += 2
            continue
        if a == '--phase':
            phases.add(argv[i + 1])
            i += 2
            continue
        if a == '--think':
            think = True
        elif a.startswith('-'):
            sys.exit('replay_meta.py: unknown option ' + a)
        else:
            lists.append(a)
        i += 1
    if root is None or len(lists) != 1:
        sys.exit(__doc__)
    return root, phases or {'pre', 'during', 'post'}, think, lists[0]


class Replayer:
    def __init__(self, root):
        self.root = root
        self.fds = {}

    def fd_of(self, path):
        stack = self.fds.get(path)
        return stack[-1] if stack else None

    def do(self, action, path, arg, call):
        if action == 'open':
            flags = {'d': os.O_RDONLY | os.O_DIRECTORY, 'r': os.O_RDONLY, 'x': os.O_RDWR | os.O_CREAT | os.O_EXCL}.get(arg, os.O_RDONLY | os.O_CREAT)
            self.fds.setdefault(path, []).append(os.open(path, flags, 0o644))
        elif action == 'close':
            stack = self.fds.get(path)
            if stack:
                os.close(stack.pop())
        elif action in ('sync', 'datasync'):
            fd = self.fd_of(path)
            own = fd is None
            if own:
                fd = os.open(path, os.O_RDONLY)
            try:
                (os.fsync if action == 'sync' else os.fdatasync)(fd)
            finally:
                if own:
                    os.close(fd)
        elif action == 'stat':
            (os.lstat if call.startswith('lstat') else os.stat)(path)
        elif action == 'access':
            if not os.access(path, os.F_OK):
                raise OSError(errno.ENOENT, 'access')
        elif action == 'mkdir':
            os.mkdir(path)
        elif action == 'rmdir':
            os.rmdir(path)
        elif action == 'unlink':
            os.unlink(path)
        elif action == 'rename':
            os.rename(path, path + '.renamed')
        elif action == 'readdir':
            os.listdir(path)
        elif action == 'truncate':
            os.truncate(path, int(arg or 0))
        elif action == 'chmod':
            os.chmod(path, int(arg or '644', 8))
        elif action == 'chown':
            os.chown(path, -1, -1)
        elif action == 'utime':
            os.utime(path)
        elif action == 'readlink':
            os.readlink(path)
        elif action == 'symlink':
            os.symlink('.strace-dfg-target', path)
        elif action == 'link':
            os.link(path, path + '.link')
        elif action == 'statfs':
            os.statvfs(path)
        elif action == 'xattr':
            if 'list' in call:
                os.listxattr(path)
            else:
                os.getxattr(path, 'user.strace-dfg')
        else:
            raise ValueError('unknown action ' + action)


def main():
    root, phases, think, listing = parse_args(sys.argv[1:])
    r = Replayer(root)
    done = same = 0
    differ = []
    start = None
    t0 = time.monotonic()
    with open(listing, encoding='utf-8', errors='surrogateescape') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            us, phase, action, name, arg, call, want = line.rstrip('\n').split('\t')
            if phase not in phases:
                continue
            if think:
                if start is None:
                    start = int(us)
                wait = (int(us) - start) / 1e6 - (time.monotonic() - t0)
                if wait > 0:
                    time.sleep(wait)
            path = os.path.join(root, name)
            got = ''
            try:
                r.do(action, path, arg, call)
            except OSError as e:
                got = errno.errorcode.get(e.errno, str(e.errno))
            done += 1
            if got == want:
                same += 1
            elif len(differ) < 10:
                differ.append('%s %s: %s, recorded %s' % (action, name, got or 'ok', want or 'ok'))
    msg = 'replay_meta.py: %s (%s): %d calls, %d as recorded' % (os.path.basename(listing), '+'.join(sorted(phases)), done, same)
    sys.stderr.write(msg + ''.join('\n  ' + d for d in differ) + '\n')


if __name__ == '__main__':
    main()
