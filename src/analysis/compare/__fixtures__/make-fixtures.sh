#!/bin/sh
# Regenerates the comparison's real runs (README.md here). Needs gcc, strace, gzip; ssf-fpp-dirs/ needs
# Open MPI (mpicc, mpirun). Run from anywhere; as root (mpirun --allow-run-as-root).
#   ./make-fixtures.sh [rwapi] [dirs]    (default both)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
wrap="$here/../../../ui/strace.sh"   # the app's own recorder: {cid}_{host}_{rank}.st, rank from PMI_RANK here
scratch=${SCRATCH:-/scratch}
parts=${*:-rwapi dirs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

case " $parts " in *" rwapi "*)
# rwapi/: 4 runs each of four variants, one process each, interleaved (seek pos dsync again, seek pos …) so
# that the machine's load drifts over every variant alike
gcc -O1 -o "$work/rwapi" "$here/src/rwapi.c"
out="$here/rwapi"
rm -rf "$out" && mkdir -p "$out" "$scratch/cmp/rw"
for r in 0 1 2 3; do
  for cid in seek pos dsync again; do
    mode=$cid
    [ "$cid" = again ] && mode=pos   # the same program as pos, run again: no real difference
    (cd "$work" && PMI_RANK=$r STRACE_DIR="$out" "$wrap" "$cid" ./rwapi "$mode" "$scratch/cmp/rw" 32 >/dev/null)
  done
done
rm -f "$scratch/cmp/rw/data"
gzip -9 -n "$out"/*.st
;; esac

case " $parts " in *" dirs "*)
# ssf-fpp-dirs/: the IOR-like program of e2e/fixtures (src/ior-like.c) with 4 ranks, the shared file under
# $scratch/ssf, the files per process under $scratch/fpp (two directories: the same role in two places)
mpicc -O1 -o "$work/ior-like" "$here/../../../../e2e/fixtures/src/ior-like.c"
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_coll=basic,libnbc,self
out="$here/ssf-fpp-dirs"
rm -rf "$out" && mkdir -p "$out" "$scratch/ssf" "$scratch/fpp"
(cd "$work" && STRACE_DIR="$out" mpirun --allow-run-as-root --oversubscribe -np 4 "$wrap" ssf ./ior-like ssf posix "$scratch/ssf")
(cd "$work" && STRACE_DIR="$out" mpirun --allow-run-as-root --oversubscribe -np 4 "$wrap" fpp ./ior-like fpp posix "$scratch/fpp")
rm -rf "$scratch/ssf" "$scratch/fpp"
gzip -9 -n "$out"/*.st
;; esac
du -sh "$here/rwapi" "$here/ssf-fpp-dirs"
