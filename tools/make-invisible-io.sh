#!/bin/sh
# Remakes the invisible-I/O runs of the insights benchmark (src/analysis/insights/__fixtures__/bench,
# README.md there; issue #27.7): fio jobs whose data moves where strace sees no read or write — through
# mmap, libaio (io_submit: strace prints the requests), io_uring (io_uring_enter on the ring's fd) — and
# one with O_DIRECT reads, each traced whole (strace -f -tt -T -y, no -e) with fio's own truth in truth/
# (its JSON output and write_iolog, both written to /dev/shm, the log through a FIFO read by `cat` outside
# the trace: off the traced data path). The labels (labels.json) are written by hand, never here.
#   tools/make-invisible-io.sh            # every run
#   tools/make-invisible-io.sh fio_mmap   # only these
# Needs strace, fio (with the libaio and io_uring engines), gzip.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/src/analysis/insights/__fixtures__/bench
W=/tmp/bench
SHM=/dev/shm/bench
HOST=node1
MiB=1048576
mkdir -p "$W" "$SHM"

# fio_case DIR CID JOBTEXT: one fio process (one case) traced into DIR/CID_HOST_0.st, its truth beside
fio_case() {
  d=$1 cid=$2 job=$3
  c=${cid}_${HOST}_0
  printf '%s\n' "$job" > "$W/$d/$c.fio"
  rm -f "$SHM/$c.fifo" && mkfifo "$SHM/$c.fifo"
  cat "$SHM/$c.fifo" > "$SHM/$c.iolog" &
  strace -f -tt -T -y -o "$W/$d/$c.st" fio --output-format=json --output="$SHM/$c.json" --write_iolog="$SHM/$c.fifo" "$W/$d/$c.fio" > /dev/null 2>&1
  wait $!
  mkdir -p "$W/$d/truth" && mv "$SHM/$c.json" "$W/$d/truth/$c.json" && mv "$SHM/$c.iolog" "$W/$d/truth/$c.iolog"
  rm -f "$SHM/$c.fifo"
}
fresh() { rm -rf "${W:?}/$1" && mkdir -p "$W/$1"; }
mkfile() { head -c "$2" /dev/zero | tr '\0' x > "$1"; }

# fio_on_data DIR CID MIB OPTIONS: a fresh DIR holding an MIB MiB data file, and one fio job named CID on it
fio_on_data() {
  fresh "$1"; mkfile "$W/$1/data" $(($3 * MiB))
  fio_case "$1" "$2" "[$2]
filename=$W/$1/data
$4"
}

# 32 MiB read through mmap (fio's mmap engine: the file is mapped, the data copied from memory)
run_fio_mmap() {
  fio_on_data fio-mmap mmap 32 "rw=read
bs=1M
size=32M
ioengine=mmap"
}

# 2,048 random 4 KiB writes through libaio (O_DIRECT, 8 in flight, submitted 4 at a time)
run_fio_libaio() {
  fio_on_data fio-libaio libaio 8 "rw=randwrite
bs=4k
size=8M
randrepeat=1
ioengine=libaio
direct=1
iodepth=8
iodepth_batch_submit=4
iodepth_batch_complete_min=1
zero_buffers=1"
}

# 2,048 random 4 KiB reads through io_uring (O_DIRECT, 8 in flight)
run_fio_io_uring() {
  fio_on_data fio-io-uring uring 8 "rw=randread
bs=4k
size=8M
randrepeat=1
ioengine=io_uring
direct=1
iodepth=8"
}

# 128 sequential 64 KiB reads with O_DIRECT (pread: seen by strace, but past the page cache)
run_fio_direct() {
  fio_on_data fio-direct direct 8 "rw=read
bs=64k
size=8M
ioengine=psync
direct=1"
}

ALL="fio_mmap fio_libaio fio_io_uring fio_direct"
for r in ${*:-$ALL}; do
  "run_$r"
  d=$(echo "$r" | tr _ -)
  mkdir -p "$OUT/$d/truth"
  rm -f "$OUT/$d"/*.st.gz "$OUT/$d"/truth/*.gz
  for f in "$W/$d"/*.st; do gzip -9 -n -c "$f" > "$OUT/$d/$(basename "$f").gz"; done
  for f in "$W/$d"/truth/*; do gzip -9 -n -c "$f" > "$OUT/$d/truth/$(basename "$f").gz"; done
  du -sh "$OUT/$d"
done
