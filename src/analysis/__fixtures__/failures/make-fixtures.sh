#!/bin/sh
# Rebuilds fail_node1_1.st and fail_node1_2.st (see README.md). Needs gcc and strace.
set -eu
cd "$(dirname "$0")"
out=$(pwd)
rm -rf /tmp/dfgfx && mkdir /tmp/dfgfx && head -c 1000 /dev/zero >/tmp/dfgfx/data
gcc -O0 -o /tmp/dfgfx-failures failures.c
cd /tmp # the cwd shows in openat(AT_FDCWD</tmp>, …) lines
strace -f -tt -T -y -e trace=openat,read,write,close -o "$out/fail_node1_1.st" /tmp/dfgfx-failures 5 other
strace -f -tt -T -y -e trace=openat,read,write,close -o "$out/fail_node1_2.st" /tmp/dfgfx-failures 2
rm -rf /tmp/dfgfx /tmp/dfgfx-failures
