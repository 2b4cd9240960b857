#!/bin/sh
# Remakes the runs of the insights benchmark (src/analysis/insights/__fixtures__/bench, README.md there):
# real programs traced on this machine, each run a folder of traces (one per case, {cid}_{host}_{rank}.st,
# gzipped) and, for fio, its own truth (truth/: fio's JSON output and write_iolog). The labels
# (labels.json) are written by hand and never touched here.
#   tools/make-insights-bench.sh            # every run
#   tools/make-insights-bench.sh fio-tiny   # only these runs
# Needs strace, fio, gcc, Open MPI (mpicc, mpirun), sqlite3, tar, python3-h5py (/usr/bin/python3).
# The programs work in /tmp/bench (stable paths in the traces; pids and times change from run to run).
# fio's JSON and its write_iolog go to /dev/shm/bench (the iolog through a FIFO read by `cat` outside the
# trace), off the traced data path: /dev/shm is a system path, not the application's.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/src/analysis/insights/__fixtures__/bench
SRC=$OUT/src
W=/tmp/bench
SHM=/dev/shm/bench
HOST=node1
mkdir -p "$W" "$SHM"
gcc -O1 -o "$W/meta" "$SRC/meta.c"
gcc -O1 -o "$W/io" "$ROOT/src/analysis/insights/__fixtures__/io.c"
mpicc -O1 -o "$W/ior" "$SRC/ior.c"

ST() { out=$1; shift; strace -f -tt -T -y -o "$out" "$@" > /dev/null 2>&1; }

# fio_case DIR CID RANK JOBTEXT [STRACE_OPTS]: one fio process (one case) traced into DIR/CID_HOST_RANK.st
fio_case() {
  d=$1 cid=$2 r=$3 job=$4 opts=${5:-}
  c=${cid}_${HOST}_$r
  printf '%s\n' "$job" > "$W/$d/$c.fio"
  rm -f "$SHM/$c.fifo" && mkfifo "$SHM/$c.fifo"
  cat "$SHM/$c.fifo" > "$SHM/$c.iolog" &
  # shellcheck disable=SC2086
  strace -f -tt -T -y $opts -o "$W/$d/$c.st" fio --output-format=json --output="$SHM/$c.json" --write_iolog="$SHM/$c.fifo" "$W/$d/$c.fio" > /dev/null 2>&1
  wait $!
  mkdir -p "$W/$d/truth" && mv "$SHM/$c.json" "$W/$d/truth/$c.json" && mv "$SHM/$c.iolog" "$W/$d/truth/$c.iolog"
  rm -f "$SHM/$c.fifo"
}

# fio_case_jobs DIR CID RANK JOBTEXT: like fio_case for a job file of several jobs (each one a process of the
# case): fio writes one iolog per job, so each section says `write_iolog=IOLOG`, replaced here by its own FIFO
# $SHM/CASE.SECTION.fifo (one `cat` each, outside the trace); the truth is CASE.SECTION.iolog per job
fio_case_jobs() {
  d=$1 cid=$2 r=$3 job=$4
  c=${cid}_${HOST}_$r
  printf '%s\n' "$job" | awk -v p="$SHM/$c." '/^\[.*\]$/ { s = substr($0, 2, length($0) - 2) } { sub(/^write_iolog=IOLOG$/, "write_iolog=" p s ".fifo"); print }' > "$W/$d/$c.fio"
  cats=
  for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$W/$d/$c.fio"); do
    rm -f "$SHM/$c.$s.fifo" && mkfifo "$SHM/$c.$s.fifo"
    cat "$SHM/$c.$s.fifo" > "$SHM/$c.$s.iolog" & cats="$cats $!"
  done
  strace -f -tt -T -y -o "$W/$d/$c.st" fio --output-format=json --output="$SHM/$c.json" "$W/$d/$c.fio" > /dev/null 2>&1
  for p in $cats; do wait "$p"; done
  mkdir -p "$W/$d/truth" && mv "$SHM/$c.json" "$W/$d/truth/$c.json"
  for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$W/$d/$c.fio"); do mv "$SHM/$c.$s.iolog" "$W/$d/truth/$c.$s.iolog" && rm -f "$SHM/$c.$s.fifo"; done
}

# fio_ranks_jobs DIR CID JOB0 JOB1 …: fio_ranks with fio_case_jobs
fio_ranks_jobs() {
  d=$1 cid=$2; shift 2; r=0; pids=
  for job in "$@"; do fio_case_jobs "$d" "$cid" $r "$job" & pids="$pids $!"; r=$((r + 1)); done
  for p in $pids; do wait "$p"; done
}

# fio_ranks DIR CID JOB0 JOB1 …: one fio process per rank, started together (as an MPI launcher would)
fio_ranks() {
  d=$1 cid=$2; shift 2; r=0; pids=
  for job in "$@"; do fio_case "$d" "$cid" $r "$job" & pids="$pids $!"; r=$((r + 1)); done
  for p in $pids; do wait "$p"; done
}

fresh() { rm -rf "${W:?}/$1" && mkdir -p "$W/$1"; }
mkfile() { head -c "$2" /dev/zero | tr '\0' x > "$1"; }   # input data made before the trace starts (compressible: strace prints buffers)
MiB=1048576

# fio_on_data DIR CID MIB OPTIONS [STRACE_OPTS]: a fresh DIR (with an MIB MiB input file `data` unless MIB is
# 0), and one fio process (rank 0) of one job named CID on DIR/data
fio_on_data() {
  fresh "$1"
  if [ "$3" -gt 0 ]; then mkfile "$W/$1/data" $(($3 * MiB)); fi
  fio_case "$1" "$2" 0 "[$2]
filename=$W/$1/data
$4" "${5:-}"
}

run_fio_seq_read() {
  fio_on_data fio-seq-read seqread 16 "rw=read
bs=1M
size=16M
ioengine=psync
zero_buffers=1"
}

run_fio_seq_write() {
  fio_on_data fio-seq-write seqwrite 0 "rw=write
bs=1M
size=16M
ioengine=psync
zero_buffers=1"
}

run_fio_tiny() {
  fresh fio-tiny; mkfile $W/fio-tiny/data 8192
  fio_case fio-tiny tiny 0 "[tiny]
filename=$W/fio-tiny/data
rw=read
bs=4k
size=8k
ioengine=psync
zero_buffers=1"
}

# 3,072 random 4 KiB reads through lseek + read (ioengine=sync), over a 64 MiB file
run_fio_rand_read() {
  fio_on_data fio-rand-read randread 64 "rw=randread
bs=4k
size=64M
io_size=12M
randrepeat=1
ioengine=sync
zero_buffers=1"
}

# the same reads traced without lseek (-e trace=openat,read,close): positions unknown, not sequential
run_fio_rand_read_nolseek() {
  fresh fio-rand-read-nolseek; mkfile $W/fio-rand-read-nolseek/data $((64 * MiB))
  fio_case fio-rand-read-nolseek randnoseek 0 "[randread]
filename=$W/fio-rand-read-nolseek/data
rw=randread
bs=4k
size=64M
io_size=12M
randrepeat=1
ioengine=sync
zero_buffers=1" "-e trace=openat,read,close"
}

# 3,072 random 4 KiB pwrite
run_fio_rand_write() {
  fio_on_data fio-rand-write randwrite 64 "rw=randwrite
bs=4k
size=64M
io_size=12M
randrepeat=1
ioengine=psync
zero_buffers=1"
}

# 1 MiB writes starting 4 KiB into the file: every request 4 KiB off a 1 MiB boundary (256 of them)
run_fio_misaligned() {
  fio_on_data fio-misaligned misaligned 0 "rw=write
bs=1M
offset=4k
size=256M
ioengine=psync
zero_buffers=1"
}

# strided: 1 MiB read, 1 MiB skipped (rw=read:1M): sequential, never consecutive
run_fio_strided() {
  fio_on_data fio-strided strided 64 "rw=read:1M
bs=1M
size=64M
ioengine=psync
zero_buffers=1"
}

# 1,024 writes of 4 KiB, an fsync after each
run_fio_fsync() {
  fio_on_data fio-fsync fsync 0 "rw=write
bs=4k
size=4M
fsync=1
ioengine=psync
zero_buffers=1"
}

# the same 8 MiB read 3 times (loops=3): redundant reads
run_fio_reread() {
  fio_on_data fio-reread reread 8 "rw=read
bs=1M
size=8M
loops=3
ioengine=psync
zero_buffers=1"
}

# the same 8 MiB written 3 times: redundant writes
run_fio_rewrite() {
  fio_on_data fio-rewrite rewrite 0 "rw=write
bs=1M
size=8M
loops=3
ioengine=psync
zero_buffers=1"
}

# 4 ranks, each 16 MiB in 1 MiB writes to its own region of one shared file, or to its own file
run_fio_ssf() {
  fresh fio-ssf; set --
  for r in 0 1 2 3; do set -- "$@" "[ssf]
filename=$W/fio-ssf/shared.dat
rw=write
bs=1M
offset=$((r * 16))M
size=16M
ioengine=psync
zero_buffers=1"; done
  fio_ranks fio-ssf ssf "$@"
}

run_fio_fpp() {
  fresh fio-fpp; set --
  for r in 0 1 2 3; do set -- "$@" "[fpp]
filename=$W/fio-fpp/file.$r
rw=write
bs=1M
size=16M
ioengine=psync
zero_buffers=1"; done
  fio_ranks fio-fpp fpp "$@"
}

# 4 ranks on one shared file, synchronous writes (sync=1: O_SYNC, each write reaches the disk): rank 0 writes
# 64 MiB, ranks 1-3 4 MiB each
run_fio_imbalanced() {
  fresh fio-imbalanced; set --
  for r in 0 1 2 3; do
    if [ $r = 0 ]; then off=0 size=64; else off=$((64 + (r - 1) * 4)) size=4; fi
    set -- "$@" "[imb]
filename=$W/fio-imbalanced/shared.dat
rw=write
bs=1M
offset=${off}M
size=${size}M
sync=1
ioengine=psync
zero_buffers=1"
  done
  fio_ranks fio-imbalanced imb "$@"
}

# 2 ranks, 1,536 writes of 4 KiB each to their own region of one shared file
run_fio_shared_small() {
  fresh fio-shared-small; set --
  for r in 0 1; do set -- "$@" "[sharedsmall]
filename=$W/fio-shared-small/shared.dat
rw=write
bs=4k
offset=$((r * 6))M
size=6M
ioengine=psync
zero_buffers=1"; done
  fio_ranks fio-shared-small sharedsmall "$@"
}

# 2 ranks, 1,536 reads of 4 KiB each from their own region of one shared file (made before the trace)
run_fio_shared_small_read() {
  fresh fio-shared-small-read; mkfile $W/fio-shared-small-read/shared.dat $((12 * MiB)); set --
  for r in 0 1; do set -- "$@" "[sharedsmallread]
filename=$W/fio-shared-small-read/shared.dat
rw=read
bs=4k
offset=$((r * 6))M
size=6M
ioengine=psync"; done
  fio_ranks fio-shared-small-read smallread "$@"
}

# 3 ranks: each writes 8 MiB to its region of shared.dat (every case: Darshan's shared file); ranks 0 and 1 also
# write (sync=1) and then read back pair.dat, rank 0 32 MiB of it, rank 1 4 MiB: a file some cases share, unevenly
run_fio_pair_imbalance() {
  fresh fio-pair-imbalance; set --
  for r in 0 1 2; do
    job="[shared]
filename=$W/fio-pair-imbalance/shared.dat
rw=write
bs=1M
offset=$((r * 8))M
size=8M
ioengine=psync
zero_buffers=1
write_iolog=IOLOG"
    if [ $r -lt 2 ]; then
      if [ $r = 0 ]; then off=0 size=32; else off=32 size=4; fi
      job="$job

[pairwrite]
stonewall
filename=$W/fio-pair-imbalance/pair.dat
rw=write
bs=1M
offset=${off}M
size=${size}M
sync=1
ioengine=psync
zero_buffers=1
write_iolog=IOLOG

[pairread]
stonewall
filename=$W/fio-pair-imbalance/pair.dat
rw=read
bs=1M
offset=${off}M
size=${size}M
ioengine=psync
write_iolog=IOLOG"
    fi
    set -- "$@" "$job"
  done
  fio_ranks_jobs fio-pair-imbalance pair "$@"
}

# one open that blocks 31 s (a FIFO's open waits for its writer, as an open waits for a slow metadata server):
# more than 30 s of metadata time in one case
run_slow_open() {
  fresh slow-open; mkfifo $W/slow-open/fifo
  ( sleep 31; echo done > $W/slow-open/fifo ) &
  ST $W/slow-open/slowopen_${HOST}_0.st /bin/cat $W/slow-open/fifo
  wait
}

# two runs of the same job loaded together (cids runa, runb): each writes the same file name
run_two_runs() {
  fresh two-runs
  for cid in runa runb; do
    fio_case two-runs $cid 0 "[out]
filename=$W/two-runs/out.dat
rw=write
bs=1M
size=16M
ioengine=psync
zero_buffers=1"
  done
}

# a metadata storm in the application's own tree: 20 directories × 100 files, stat + open/read/close each
run_metadata_storm() {
  fresh metadata-storm
  for i in $(seq 0 19); do mkdir -p $W/metadata-storm/tree/d$i; for j in $(seq 0 99); do echo x > $W/metadata-storm/tree/d$i/f$j; done; done
  ST $W/metadata-storm/storm_${HOST}_0.st $W/meta $W/metadata-storm/tree 20 100 1
}

# 6,000 opens of files that do not exist (ENOENT: probe.1 … probe.6000)
run_failures() {
  fresh failures
  ST $W/failures/probe_${HOST}_0.st $W/io probe $W/failures/probe 6000 0 1
}

# 2,000 × (open, write 64 B, close) of one file
run_churn() {
  fresh churn
  ST $W/churn/churn_${HOST}_0.st $W/io churn $W/churn/log 2000 64
}

# 1.5 s of arithmetic without a system call
run_compute() {
  fresh compute
  ST $W/compute/compute_${HOST}_0.st $W/io compute x 150
}

# SQLite: 300 INSERTs, each its own transaction (journal created, synced, deleted per statement)
run_sqlite() {
  fresh sqlite
  { echo "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);"; for i in $(seq 300); do echo "INSERT INTO t(v) VALUES ('row $i');"; done; } > $W/sqlite/inserts.sql
  ST $W/sqlite/sqlite_${HOST}_0.st sh -c "sqlite3 $W/sqlite/db.sqlite < $W/sqlite/inserts.sql"
}

# tar of 400 small files (1-4 KiB), each read once
run_tar() {
  fresh tar; mkdir -p $W/tar/src
  for i in $(seq 400); do head -c $((1024 + (i % 4) * 1024)) /dev/zero > $W/tar/src/f$i; done
  ST $W/tar/tar_${HOST}_0.st tar cf $W/tar/out.tar -C $W/tar src
}

# h5py: a 16 MiB dataset written in 1 MiB slices, read back
run_h5py() {
  fresh h5py
  ST $W/h5py/h5py_${HOST}_0.st /usr/bin/python3 -c "
import h5py, numpy as np
with h5py.File('$W/h5py/data.h5', 'w') as f:
    d = f.create_dataset('x', (16, 131072), dtype='f8')
    for i in range(16): d[i] = np.full(131072, i, 'f8')
with h5py.File('$W/h5py/data.h5', 'r') as f:
    s = sum(float(f['x'][i].sum()) for i in range(16))
"
}

# Open MPI, 4 ranks, IOR-like (lseek + write/read, 256 KiB × 16 per rank): shared file (cid ssf) and file per
# process (cid fpp), traced by the app's recorder src/ui/strace.sh (-e trace=%file,%desc: lseek is traced)
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_coll=basic,libnbc,self
mpi() { mpirun --allow-run-as-root --oversubscribe -np 4 "$@" > /dev/null 2>&1; }
run_mpi_ior() {
  fresh mpi-ior; mkdir -p $W/mpi-ior/scratch
  (cd $W && STRACE_DIR=$W/mpi-ior mpi "$ROOT/src/ui/strace.sh" ssf $W/ior ssf seek $W/mpi-ior/scratch 262144 16)
  (cd $W && STRACE_DIR=$W/mpi-ior mpi "$ROOT/src/ui/strace.sh" fpp $W/ior fpp seek $W/mpi-ior/scratch 262144 16)
  for f in $W/mpi-ior/*_*.st; do mv "$f" "$(echo "$f" | sed "s/_$(hostname)_/_${HOST}_/")"; done
}

# the shared-file run traced without lseek (STRACE_CALLS=openat,read,write,close): offsets unknown
run_mpi_ior_nolseek() {
  fresh mpi-ior-nolseek; mkdir -p $W/mpi-ior-nolseek/scratch
  (cd $W && STRACE_CALLS=openat,read,write,close STRACE_DIR=$W/mpi-ior-nolseek mpi "$ROOT/src/ui/strace.sh" ssfnoseek $W/ior ssf seek $W/mpi-ior-nolseek/scratch 262144 16)
  for f in $W/mpi-ior-nolseek/*_*.st; do mv "$f" "$(echo "$f" | sed "s/_$(hostname)_/_${HOST}_/")"; done
}

# the same, through MPI-IO (Open MPI's OMPIO: its shared-memory files under /tmp/ompi.* and /dev/shm)
run_mpi_mpiio() {
  fresh mpi-mpiio; mkdir -p $W/mpi-mpiio/scratch
  (cd $W && STRACE_DIR=$W/mpi-mpiio mpi "$ROOT/src/ui/strace.sh" mpiio $W/ior ssf mpiio $W/mpi-mpiio/scratch 262144 16)
  for f in $W/mpi-mpiio/*_*.st; do mv "$f" "$(echo "$f" | sed "s/_$(hostname)_/_${HOST}_/")"; done
}

ALL="fio_seq_read fio_seq_write fio_tiny fio_rand_read fio_rand_read_nolseek fio_rand_write fio_misaligned fio_strided fio_fsync fio_reread fio_rewrite fio_ssf fio_fpp fio_imbalanced fio_shared_small fio_shared_small_read fio_pair_imbalance two_runs metadata_storm failures churn compute slow_open sqlite tar h5py mpi_ior mpi_ior_nolseek mpi_mpiio"
[ $# -gt 0 ] && ALL=$(echo "$@" | tr - _)
for run in $ALL; do
  name=$(echo "$run" | tr _ -)
  echo "== $name"
  "run_$run"
  # the traces and truth (not the data) into the benchmark folder; labels.json stays
  mkdir -p "$OUT/$name"
  rm -f "$OUT/$name"/*.st.gz && rm -rf "$OUT/$name/truth"
  for f in "$W/$name"/*.st; do gzip -9 -n -c "$f" > "$OUT/$name/$(basename "$f").gz"; done
  if [ -d "$W/$name/truth" ]; then
    mkdir -p "$OUT/$name/truth"
    for f in "$W/$name/truth"/*; do gzip -9 -n -c "$f" > "$OUT/$name/truth/$(basename "$f").gz"; done
  fi
done
du -sh "$OUT"
