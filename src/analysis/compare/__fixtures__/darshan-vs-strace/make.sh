#!/bin/sh
# Regenerates the strace side of darshan-vs-strace/ (README.md): mpi-io-test-like.c on 4 Open MPI ranks, each
# traced by the app's own recorder (src/ui/strace.sh), one file per rank, gzip -9 -n.
# Needs Open MPI (mpicc, mpirun), strace, gzip. Runs as root need --allow-run-as-root; 4 ranks on 2 cores --oversubscribe.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
wrap="$here/../../../../ui/strace.sh"
scratch=${SCRATCH:-/scratch/mpi_io_test}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpicc -O1 -o "$work/mpi-io-test-like" "$here/mpi-io-test-like.c"
mkdir -p "$scratch"
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_coll=basic,libnbc,self
rm -f "$here"/mpi-io-test-like_*.st.gz
(cd "$work" && STRACE_DIR="$here" mpirun --allow-run-as-root --oversubscribe -np 4 "$wrap" mpi-io-test-like ./mpi-io-test-like "$scratch/test.out")
rm -f "$scratch/test.out"
gzip -9 -n "$here"/mpi-io-test-like_*.st
du -sh "$here"
