#!/usr/bin/env bash
# Makes loop_node1_0.st.gz (README.md beside this script): a real strace run of loop.c reading the same 402
# files twice, gzipped. Needs gcc, strace, gzip.  Usage: src/session/__fixtures__/many-paths/loop.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
W=/tmp/loop-paths            # fixed working dir: the paths in the trace stay the same between runs
rm -rf "$W" && mkdir -p "$W/data"
gcc -O2 -o "$W/loop" "$HERE/loop.c"
for i in $(seq 0 401); do printf 'record %03d of the input\n' "$i" > "$(printf '%s/data/input_%03d.dat' "$W" "$i")"; done
cd "$W"
env -i PATH=/usr/bin:/bin strace -f -tt -T -y -o "$W/loop_node1_0.st" "$W/loop" "$W/data" 402 2 </dev/null >/dev/null
gzip -9 -n < "$W/loop_node1_0.st" > "$HERE/loop_node1_0.st.gz"
wc -lc "$W/loop_node1_0.st"
rm -rf "$W"
ls -l "$HERE/loop_node1_0.st.gz"
