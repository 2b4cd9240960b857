#!/bin/sh
# Regenerates rwapi-ns/ (README.md here): src/rwapi.c `pos` traced with nanosecond timestamps and durations
# (strace --absolute-timestamps=format:unix,precision:ns --syscall-times=ns), 4 runs as cid `pos` and 4 more
# as cid `again` (the same program: no real difference), interleaved. Needs gcc, strace (>= 5.18 for ns), gzip.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=${SCRATCH:-/scratch/cmp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O1 -o "$work/rwapi" "$here/src/rwapi.c"
out="$here/rwapi-ns"
rm -rf "$out" && mkdir -p "$out" "$scratch/rwns"
for r in 0 1 2 3; do
  for cid in pos again; do
    (cd "$work" && strace -f --absolute-timestamps=format:unix,precision:ns --syscall-times=ns -y \
      -e trace=%file,%desc,sync,msync,close_range -o "$out/${cid}_vm_$r.st" ./rwapi pos "$scratch/rwns" 32 >/dev/null)
  done
done
rm -rf "$scratch/rwns"
gzip -9 -n "$out"/*.st
du -sh "$out"
