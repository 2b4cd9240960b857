#!/bin/sh
# Regenerates the insights fixtures (see README.md). Runs in /tmp/insfx so the paths in the traces are
# stable; pids and times change from run to run. Takes ~40 s (slow_open waits 31 s on a FIFO).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
exec 3>&1 > /dev/null 2>&1   # the traced programs' stdout/stderr go to /dev/null (not into a file they would share)
W=/tmp/insfx
rm -rf "$W" && mkdir -p "$W" && cd "$W"
gcc -O1 -o io "$HERE/io.c"
ST() { out=$1; shift; strace -f -tt -T -y -o "$out" "$@" 3>&-; }   # the recipe: no -e, so metadata calls show
IO=$W/io

# one folder per scenario, one trace per case named {cid}_{host}_{rid}.st
mk() { rm -rf "$W/$1" && mkdir -p "$W/$1"; }

mk small_random;     ST small_random/smallrandom_node1_0.st $IO random $W/small_random/data 1010 100
mk large_sequential; ST large_sequential/largeseq_node1_0.st sh -c "$IO write $W/large_sequential/data 8 1048576; $IO read $W/large_sequential/data 8 1048576"
mk reread;           ST reread/reread_node1_0.st $IO reread $W/reread/data 4 65536
mk rewrite;          ST rewrite/rewrite_node1_0.st $IO rewrite $W/rewrite/data 4 65536
mk misaligned;       ST misaligned/misaligned_node1_0.st $IO misaligned $W/misaligned/data 8 1048576
mk seek;             ST seek/seek_node1_0.st $IO seek $W/seek/data 100 4096
mk seek_99;          ST seek_99/seek99_node1_0.st $IO seek $W/seek_99/data 99 4096
mk fsync_every;      ST fsync_every/fsyncevery_node1_0.st $IO fsync $W/fsync_every/data 20 4096 1
mk fsync_rare;       ST fsync_rare/fsyncrare_node1_0.st $IO fsync $W/fsync_rare/data 100 4096 100
mk churn;            ST churn/churn_node1_0.st $IO churn $W/churn/data 101 64
mk churn_100;        ST churn_100/churn100_node1_0.st $IO churn $W/churn_100/data 100 64
touch probe_target.0
mk failures;         ST failures/failures_node1_0.st $IO probe $W/probe_target 120 0 1
mk failures_rare;    ST failures_rare/failuresrare_node1_0.st $IO probe $W/probe_target 100 0 20

# metadata storms: a PATH search (dash stats every PATH entry), a Python path, a library search path
mk metadata_storm
mkdir -p bin && P=$(seq -s: -f "$W/bin/b%g" 1 27):/usr/bin:/bin
env PATH="$P" strace -f -tt -T -y -o metadata_storm/pathsearch_node1_0.st /bin/sh -c 'for i in $(/usr/bin/seq 37); do nosuchcmd 2>/dev/null; done' || true
for i in $(seq 1 5); do mkdir -p "$W/pp/d$i"; done
PYTHONPATH=$(seq -s: -f "$W/pp/d%g" 1 5) ST metadata_storm/pythonpath_node1_0.st /usr/bin/python3 -c 'import json, email.parser'
LD_LIBRARY_PATH=$(seq -s: -f "$W/lib/l%g" 1 12) ST metadata_storm/libsearch_node1_0.st /bin/ls / > /dev/null
mk metadata_calm;    ST metadata_calm/ls_node1_0.st /bin/ls / > /dev/null

# metadata time > 30 s in one rank: an open of a FIFO that blocks until a writer comes 31 s later
mk slow_open; mkfifo slow_open/fifo
( sleep 31; echo done > slow_open/fifo ) &
ST slow_open/slowopen_node1_0.st /bin/cat slow_open/fifo > /dev/null; wait

# computation vs traced time: 1.2 s of arithmetic without a system call, and 1.2 s asleep (traced)
mk compute;          ST compute/compute_node1_0.st $IO compute x 100 > /dev/null
mk sleep;            ST sleep/sleep_node1_0.st /bin/sleep 1.2

# multi-rank runs (one strace per rank, started together): rank r writes its slice of a shared file,
# ranks 0 and 1 also share pair.dat, each rank has a private file
ranks() { # DIR CID MODE, then per rank: "shared-blocks pair-write-blocks pair-read-blocks"; MODE & = ranks at once, ; = one after the other
  d=$1 cid=$2 mode=$3; shift 3; mkdir -p "$d"; r=0
  for spec in "$@"; do
    set -- $spec
    cmd="$IO shared-write $W/$d/shared.dat $1 $BLOCK $r; $IO write $W/$d/private.$r 1 65536"
    [ "$2" -gt 0 ] && cmd="$cmd; $IO shared-write $W/$d/pair.dat $2 65536 $r; $IO read $W/$d/pair.dat $3 65536"
    if [ "$mode" = "&" ]; then ST "$d/${cid}_node1_$r.st" sh -c "$cmd" & else ST "$d/${cid}_node1_$r.st" sh -c "$cmd"; fi
    r=$((r + 1))
  done
  wait
}
BLOCK=262144; mk ranks_imbalanced; ranks ranks_imbalanced imb "&" "48 8 8" "2 2 1" "2 0 0" "2 0 0"
# balanced: the file exists first (untraced), so no rank extends it; ranks one after the other. Call
# durations on this shared 2-core machine are noisy (other processes preempt the ranks), so the run is
# recorded again until balanced_check.py finds it quiet (up to 40 tries)
BLOCK=1048576; for try in $(seq 40); do
  mk ranks_balanced; $IO write $W/ranks_balanced/shared.dat 128 1048576
  ranks ranks_balanced bal ";" "32 4 4" "32 4 4" "32 0 0" "32 0 0"
  /usr/bin/python3 "$HERE/balanced_check.py" && break
done

# small requests to a shared file: both ranks (every case: Darshan's shared file), or 2 of 3 ranks (writes only)
mk shared_small
for r in 0 1; do ST shared_small/sharedsmall_node1_$r.st sh -c "$IO shared-write $W/shared_small/s.dat 520 100 $r; $IO read $W/shared_small/s.dat 520 100" & done; wait
mk partial_small
for r in 0 1; do ST partial_small/partialsmall_node1_$r.st $IO shared-write $W/partial_small/s.dat 520 100 $r & done
ST partial_small/partialsmall_node1_2.st $IO write $W/partial_small/own.dat 1 1048576 & wait

# copy the traces (not the data) next to this script; traces above 64 KiB are stored gzipped (.st.gz)
for d in */; do
  ls "$d"*.st > /dev/null 2>&1 || continue
  rm -rf "$HERE/${d%/}" && mkdir -p "$HERE/${d%/}" && cp "$d"*.st "$HERE/${d%/}/"
  for f in "$HERE/${d%/}"/*.st; do if [ "$(stat -c %s "$f")" -gt 65536 ]; then gzip -9 -n "$f"; fi; done
done
du -sh "$HERE" >&3
