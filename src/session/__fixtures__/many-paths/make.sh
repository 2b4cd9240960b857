#!/usr/bin/env bash
# Makes the many-paths traces (README.md beside this script): real strace runs, gzipped.
# Needs strace, sh, dd, gzip.  Usage: src/session/__fixtures__/many-paths/make.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
W=/tmp/many-paths            # fixed working dir: the paths in the traces stay the same between runs
FILES=12000
rm -rf "$W" && mkdir -p "$W/work"
cd "$W/work"
# mdtest-like: a shell loop creating FILES empty files, a new path every few calls
env -i PATH=/usr/bin:/bin strace -f -tt -T -y -o "$W/mdtest_node1_0.st" \
  sh -c "i=0; while [ \$i -lt $FILES ]; do : > f\$i; i=\$((i+1)); done" </dev/null >/dev/null 2>>"$W/stderr"
# about as many bytes of trace on two paths: dd copying byte by byte
env -i PATH=/usr/bin:/bin strace -f -tt -T -y -o "$W/dd_node1_0.st" \
  dd if=/dev/zero of="$W/work/copy" bs=1 count=$((FILES * 5 / 2)) status=none </dev/null >/dev/null 2>>"$W/stderr"
for f in mdtest_node1_0 dd_node1_0; do gzip -9 -n < "$W/$f.st" > "$HERE/$f.st.gz"; done
cat "$W/stderr"
rm -rf "$W"
ls -l "$HERE"
