#!/bin/sh
# Regenerates the CLI fixtures (see README.md): fig1/ = 3 runs of `ls` (cid a) and 3 of `ls -l` (cid b),
# each traced with the paper's command line; multi/ = one shell forking two children (3 pids, 1 file).
# `script` gives ls a pseudo-terminal so that its output goes to /dev/pts/N (as in the paper) and not to
# a pipe; LANG=C.UTF-8 makes glibc's setlocale read /etc/locale.alias (with LANG/LC_ALL unset, or
# =C/POSIX, it skips that file and the paper's green edge cannot appear).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/fig1" "$here/multi"
dir=$(mktemp -d)
touch "$dir/x" "$dir/y"
cd "$dir"
for i in 1 2 3; do
  LANG=C.UTF-8 script -qec "strace -f -tt -T -y -e trace=read,write -o $here/fig1/a_node1_$i.st ls" /dev/null >/dev/null
  LANG=C.UTF-8 script -qec "strace -f -tt -T -y -e trace=read,write -o $here/fig1/b_node1_$i.st ls -l" /dev/null >/dev/null
done
LANG=C.UTF-8 strace -f -tt -T -y -e trace=read,write -o "$here/multi/sh_node1_1.st" \
  sh -c 'cat /etc/hostname >/dev/null; ls /etc/hostname >/dev/null' 2>/dev/null
cd /
rm -rf "$dir"
