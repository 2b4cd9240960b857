#!/bin/sh
# The replay fixtures (README.md here): io-ranks.c built with gcc, each rank run under its own strace at once
# (as an MPI launcher starts ranks), traces named {cid}_node1_{rank}.st, the program's own account beside them.
# Paths are rewritten: the data folder → /scratch/replay, the work folder → /scratch/run.
# Needs gcc and strace. Run from anywhere: sh src/analysis/replay/__fixtures__/make-fixtures.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/replay-fx.XXXXXX")
gcc -O2 -Wall -o "$work/io-ranks" "$here/io-ranks.c"

# rec FOLDER MODE RANKS CID
rec() {
  out=$here/$1
  w=$work/$1
  rm -rf "$out"
  mkdir -p "$out" "$w/data"
  r=0
  while [ $r -lt "$3" ]; do
    strace -f -tt -T -y -o "$w/$4_node1_$r.st" "$work/io-ranks" $r "$w/data" "$2" >"$w/account.$r.json" &
    r=$((r + 1))
  done
  wait
  for f in "$w"/*.st; do sed -e "s#$w/data#/scratch/replay#g" -e "s#$work#/scratch/run#g" "$f" >"$out/$(basename "$f")"; done
  { printf '['; sep=; for f in "$w"/account.*.json; do printf '%s' "$sep"; sed -e "s#$w/data#/scratch/replay#g" "$f" | tr -d '\n'; sep=,; done; printf ']\n'; } >"$out/accounts.json"
}

rec normal normal 4 run
rec small small 2 small
rec mmap mmap 1 mapped
rm -rf "$work"
