#!/bin/sh
# strace.sh — trace one process (e.g. one MPI rank) for strace-dfg, one file per process:
#   chmod +x strace.sh
#   srun   ./strace.sh CID ./my_app args…
#   mpirun -n 4 ./strace.sh CID ./my_app args…
#   mpirun -n 4 ./strace.sh -k CID ./my_app args…   # with the stack of every call (strace -k): which
#                                                   # library (stdio, HDF5, MPI-IO…) and line issued it
# writes $STRACE_DIR/CID_HOST_RANK.st (default directory ./traces): RANK is the MPI rank the launcher
# sets (SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK or PMIX_RANK), else the shell's pid.
# Drop the directory on strace-dfg.
# Set STRACE_CALLS to narrow the traced calls (default: every file and file-descriptor call — with close and
# fsync, fdatasync, sync_file_range, syncfs in %desc — and sync, msync, close_range, which neither class
# holds; a narrower filter turns the time spent in the calls it leaves out into untraced time).
# -k makes strace walk the stack at every traced call: the program runs slower under it than under plain
# strace (docs/GUIDE.md "Layers"), so narrow the calls (STRACE_CALLS) for long runs.
set -eu
stacks=
if [ "${1:-}" = "-k" ]; then
  stacks=-k
  shift
fi
if [ $# -lt 2 ]; then
  echo "usage: $0 [-k] CID COMMAND [ARGS...]" >&2
  exit 2
fi
cid=$1
shift
dir=${STRACE_DIR:-traces}
rank=${SLURM_PROCID:-${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${PMIX_RANK:-$$}}}}
mkdir -p "$dir"
exec strace -f -tt -T -y $stacks -e trace="${STRACE_CALLS:-%file,%desc,sync,msync,close_range}" -o "$dir/${cid}_$(hostname)_${rank}.st" "$@"
