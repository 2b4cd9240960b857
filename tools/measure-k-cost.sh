#!/usr/bin/env bash
# What strace -k costs a traced program (docs/BENCHMARKS.md "Layers"): wall time of real programs run bare,
# under `strace -f -tt -T -y` and under the same with -k, best of N runs each. Run it under the bench lock:
#   tools/measure-k-cost.sh [N [ROW...]]     (ROW: dd, layers_c, h5py; default all)
# Programs: dd writing 20,000 blocks of 4 KiB (one write(2) each, shallow stacks), the C fixture program
# (src/analysis/layers/__fixtures__/src/layers_c.c: direct, stdio and two threads) and h5py writing a chunked
# dataset (layers_h5py.py: Python's interpreter, 30-60 frames a call), all from /tmp/kcost.
set -euo pipefail
N=${1:-5}
shift || true
ROWS=" ${*:-dd layers_c h5py} "
HERE=$(cd "$(dirname "$0")/.." && pwd)
W=/tmp/kcost
rm -rf "$W" && mkdir -p "$W" && cd "$W"
gcc -g -O0 -pthread -o layers_c "$HERE/src/analysis/layers/__fixtures__/src/layers_c.c"
cp "$HERE/src/analysis/layers/__fixtures__/src/layers_h5py.py" .
best() { # best wall seconds of N runs of "$@"
  local b=999999 s e t
  for _ in $(seq "$N"); do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc); if (( $(echo "$t < $b" | bc) )); then b=$t; fi
  done
  echo "$b"
}
row() { # name, command...
  local name=$1; shift
  [[ $ROWS == *" $name "* ]] || return 0
  local bare st k
  bare=$(best "$@")
  st=$(best strace -qq -f -tt -T -y -o "$W/t.st" "$@")
  k=$(best strace -qq -f -tt -T -y -k -o "$W/t.st" "$@")
  local lines frames
  lines=$(grep -vc '^ > ' "$W/t.st" || true); frames=$(grep -c '^ > ' "$W/t.st" || true)
  printf '%-10s bare %7.3f s   strace %7.3f s (x%.1f)   strace -k %7.3f s (x%.1f, x%.1f of strace)   %s call lines, %s frames\n' \
    "$name" "$bare" "$st" "$(echo "$st / $bare" | bc -l)" "$k" "$(echo "$k / $bare" | bc -l)" "$(echo "$k / $st" | bc -l)" "$lines" "$frames"
}
row dd dd if=/dev/zero of="$W/dd.out" bs=4k count=20000
row layers_c ./layers_c
row h5py /usr/bin/python3 layers_h5py.py
