#!/bin/sh
# strace.sh — trace one process (e.g. one MPI rank) for strace-dfg, one file per process:
#   chmod +x strace.sh
#   srun   ./strace.sh CID ./my_app args…
#   mpirun -n 4 ./strace.sh CID ./my_app args…
# writes $STRACE_DIR/CID_HOST_RANK.st (default directory ./traces): RANK is the MPI rank the launcher
# sets (SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK or PMIX_RANK), else the shell's pid.
# Drop the directory on strace-dfg.
# Set STRACE_CALLS to narrow the traced calls (default: every file and file-descriptor call).
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 CID COMMAND [ARGS...]" >&2
  exit 2
fi
cid=$1
shift
dir=${STRACE_DIR:-traces}
rank=${SLURM_PROCID:-${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${PMIX_RANK:-$$}}}}
mkdir -p "$dir"
exec strace -f -tt -T -y -e trace="${STRACE_CALLS:-%file,%desc}" -o "$dir/${cid}_$(hostname)_${rank}.st" "$@"
