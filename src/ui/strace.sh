#!/bin/sh
# strace.sh — trace one process (e.g. one MPI rank) for strace-dfg, one file per process:
#   srun   ./strace.sh CID ./my_app args…
#   mpirun -n 4 ./strace.sh CID ./my_app args…
# writes $STRACE_DIR/CID_HOST_PID.st (default directory ./traces); drop the directory on strace-dfg.
# Set STRACE_CALLS to narrow the traced calls (default: every file and file-descriptor call).
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 CID COMMAND [ARGS...]" >&2
  exit 2
fi
cid=$1
shift
dir=${STRACE_DIR:-traces}
mkdir -p "$dir"
exec strace -f -tt -T -y -e trace="${STRACE_CALLS:-%file,%desc}" -o "$dir/${cid}_$(hostname)_$$.st" "$@"
