#!/bin/sh
# strace-dfg replay (README.md): prepares the replay root, then runs every case at once on this machine, or
# under srun/mpirun the case of this rank (SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK).
#
# usage: sh run.sh [--root DIR] [--think] [--case K] [--sparse] [--prepare-only]
#   --root DIR      where the recorded paths are replayed (default: root/ beside this script):
#                   /scratch/ssf/test is replayed as DIR/scratch/ssf/test
#   --think         keep the recorded time between calls (default: as fast as possible, in order)
#   --case K        run case K only (cases.tsv)
#   --sparse        create the files the run reads as sparse files (default: written with zeros)
#   --prepare-only  prepare the root and stop
# STRACE_DFG_TRACE=TRDIR: each case runs under strace -f -tt -T -y, writing TRDIR/{cid}_{host}_{rid}.st
# (strace-dfg replay --check THIS_FOLDER TRDIR compares them with the recording).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$HERE/root
THINK=0
ONE=
PREPARE=1
ONLY_PREPARE=0
SPARSE=0
while [ $# -gt 0 ]; do
  case $1 in
    --root) ROOT=$2; shift 2 ;;
    --root=*) ROOT=${1#--root=}; shift ;;
    --think) THINK=1; shift ;;
    --case) ONE=$2; shift 2 ;;
    --sparse) SPARSE=1; shift ;;
    --prepare-only) ONLY_PREPARE=1; shift ;;
    --no-prepare) PREPARE=0; shift ;;
    -h | --help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (sh run.sh --help)" >&2; exit 2 ;;
  esac
done
case $ROOT in /*) ;; *) ROOT=$(pwd)/$ROOT ;; esac
ROOT=${ROOT%/}
case $ROOT in
  '' | *[[:space:]\\]*) echo "run.sh: --root must be a folder other than / without white space or backslashes (fio's I/O log cannot carry them): '$ROOT'" >&2; exit 2 ;;
esac
RUN=${STRACE_DFG_RUN:-$HERE/.run}
export STRACE_DFG_RUN="$RUN"
if [ "$THINK" = 1 ]; then export STRACE_DFG_NO_STALL=0; THINKARG=--think; else export STRACE_DFG_NO_STALL=1; THINKARG=; fi
TAB=$(printf '\t')
need() { command -v "$1" >/dev/null 2>&1 || { echo "run.sh: $1 not found: $2" >&2; exit 2; }; }
col() { awk -F "$TAB" -v c="$1" '$c == 1 { f = 1 } END { exit !f }' "$HERE/cases.tsv"; }
if col 4; then need fio 'install fio (apt-get install fio, dnf install fio, or a module)'; fi
if col 5 || col 6 || col 7; then need python3 'the metadata replayer needs Python 3'; fi
mkdir -p "$RUN"

# the root: what the replay makes is removed, the folders and files it finds ready are made
prepare() {
  mkdir -p "$ROOT"
  while IFS="$TAB" read -r kind size name; do
    p=$ROOT/$name
    case $kind in
      new) rm -f "$p" ;;
      newdir) rm -rf "$p" ;;
    esac
  done <"$HERE/files.tsv"
  while IFS="$TAB" read -r kind size name; do
    p=$ROOT/$name
    case $kind in
      dir) mkdir -p "$p" ;;
      file)
        mkdir -p "$(dirname "$p")"
        if [ "$SPARSE" = 1 ]; then : >"$p"; truncate -s "$size" "$p"; else head -c "$size" /dev/zero >"$p"; fi ;;
    esac
  done <"$HERE/files.tsv"
}

# case K's I/O log with the root in its paths (fio needs absolute names)
iolog() {
  awk -v r="$ROOT/" 'NR == 1 { print; next } { $2 = r $2; print }' "$HERE/iolog/case$1.iolog" >"$RUN/case$1.iolog"
}

meta() { python3 "$HERE/replay_meta.py" --root "$ROOT" --phase "$2" $THINKARG "$HERE/meta/case$1.tsv"; }

# one case: metadata before its I/O, fio (with the metadata calls made while data moved beside it), metadata after
run_case() {
  k=$1; io=$2; pre=$3; during=$4; post=$5
  [ "$pre" = 1 ] && meta "$k" pre
  if [ "$io" = 1 ]; then
    mp=
    if [ "$during" = 1 ]; then meta "$k" during & mp=$!; fi
    rc=0
    fio --section="case$k" --output-format=json --output="$RUN/case$k.fio.json" "$HERE/job.fio" || rc=$?
    [ -n "$mp" ] && wait "$mp"
    [ "$rc" = 0 ] || { echo "run.sh: fio failed for case $k (exit $rc; $RUN/case$k.fio.json)" >&2; return "$rc"; }
  elif [ "$during" = 1 ]; then meta "$k" during
  fi
  [ "$post" = 1 ] && meta "$k" post
  return 0
}

HOST=$(hostname -s 2>/dev/null || uname -n)
HOST=$(printf '%s' "$HOST" | tr '_' '-')

# case K as this machine runs it: traced when STRACE_DFG_TRACE is set
start_case() {
  while IFS="$TAB" read -r k cid rid io pre during post; do
    [ "$k" = "$1" ] || continue
    if [ "$io" = 1 ]; then iolog "$k"; fi
    if [ -n "${STRACE_DFG_TRACE:-}" ]; then
      need strace 'install strace to trace the replay'
      mkdir -p "$STRACE_DFG_TRACE"
      strace -f -tt -T -y -o "$STRACE_DFG_TRACE/${cid}_${HOST}_${rid}.st" sh "$0" --root "$ROOT" --no-prepare --case "$k" $THINKARG
    else
      run_case "$k" "$io" "$pre" "$during" "$post"
    fi
    return $?
  done <"$HERE/cases.tsv"
  echo "run.sh: no case $1 in cases.tsv" >&2
  return 2
}

if [ "$PREPARE" = 0 ] && [ -n "$ONE" ]; then
  # (the traced child of start_case)
  while IFS="$TAB" read -r k cid rid io pre during post; do
    [ "$k" = "$ONE" ] && { run_case "$k" "$io" "$pre" "$during" "$post"; exit $?; }
  done <"$HERE/cases.tsv"
  exit 2
fi

RANK=${SLURM_PROCID:-${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${PMIX_RANK:-}}}}
SIZE=${SLURM_NTASKS:-${OMPI_COMM_WORLD_SIZE:-${PMI_SIZE:-1}}}
if [ -n "$RANK" ] && [ -z "$ONE" ]; then
  # one case per rank (rank, rank + size, …); rank 0 prepares, the others wait for it
  mark="$RUN/prepared.${SLURM_JOB_ID:-}${SLURM_STEP_ID:-}${PMIX_NAMESPACE:-}${OMPI_MCA_ess_base_jobid:-}"
  if [ "$RANK" = 0 ]; then rm -f "$RUN"/prepared.*; prepare; : >"$mark"; else
    n=0; while [ ! -e "$mark" ]; do sleep 0.2; n=$((n + 1)); [ $n -lt 3000 ] || { echo "run.sh: rank $RANK: rank 0 did not prepare $ROOT in 10 minutes" >&2; exit 2; }; done
  fi
  [ "$ONLY_PREPARE" = 1 ] && exit 0
  rc=0
  ncases=$(wc -l <"$HERE/cases.tsv")
  k=$RANK
  while [ "$k" -lt "$ncases" ]; do start_case "$k" || rc=$?; k=$((k + SIZE)); done
  exit $rc
fi

[ "$PREPARE" = 1 ] && prepare
[ "$ONLY_PREPARE" = 1 ] && exit 0
if [ -n "$ONE" ]; then start_case "$ONE"; exit $?; fi
pids=
while IFS="$TAB" read -r k rest; do
  start_case "$k" </dev/null &
  pids="$pids $!"
done <"$HERE/cases.tsv"
rc=0
for p in $pids; do wait "$p" || rc=$?; done
[ "$rc" = 0 ] && echo "run.sh: $(wc -l <"$HERE/cases.tsv") cases replayed under $ROOT${STRACE_DFG_TRACE:+, traces in $STRACE_DFG_TRACE}" >&2
exit $rc
