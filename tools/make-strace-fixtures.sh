#!/usr/bin/env bash
# Regenerates the real-run strace fixtures in src/ingest/strace/__fixtures__ and the samples in
# public/samples (see the README beside the fixtures for what each file is).
# Needs: strace, script (util-linux, for a pseudo-terminal), /usr/bin/python3, sh, bash, ls, cat, dd.
# Hand-written edge-case fixtures (edge_*.st) are not touched.
#
#   tools/make-strace-fixtures.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
FX=$ROOT/src/ingest/strace/__fixtures__
SAMPLES=$ROOT/public/samples
W=/tmp/strace-fx            # fixed working dir: cwd annotations stay the same between runs
PY=/usr/bin/python3
rm -rf "$W" && mkdir -p "$W/fig1" "$FX" "$SAMPLES"
cd "$W"
ST=(strace -qq)             # -qq: no "Process N attached/detached" lines in -o files (as in the paper)

# --- Figure 1 of the paper: ls and ls -l, 3 processes each, on a terminal (writes go to /dev/pts/N)
#     LANG=C.UTF-8 (not C): glibc then reads /etc/locale.alias, as in the paper's traces
touch -d '2024-01-01 00:00' fig1/alpha fig1/beta
for rid in 1 2 3; do
  (cd fig1 && env -u LC_ALL LANG=C.UTF-8 script -qec "strace -f -tt -T -y -e trace=read,write -o $W/a_node1_$rid.st ls" /dev/null >/dev/null)
  (cd fig1 && env -u LC_ALL LANG=C.UTF-8 script -qec "strace -f -tt -T -y -e trace=read,write -o $W/b_node1_$rid.st ls -l" /dev/null >/dev/null)
done
export LC_ALL=C             # from here on: no locale-file lookups, which keeps the traces small

# --- one small workload (a shell forking cat; one failing open) under each flag variant
WL='cat /etc/hostname > /dev/null; cat nofile 2>/dev/null; echo hi > out.txt; cat out.txt > /dev/null'
CALLS=openat,read,write,close
"${ST[@]}" -f -t -T -y -e trace=$CALLS -o flags_t.st sh -c "$WL"
"${ST[@]}" -f -tt -T -y -e trace=$CALLS -o flags_tt.st sh -c "$WL"
"${ST[@]}" -f --timestamps=time,ns -T -y -e trace=$CALLS -o flags_ns.st sh -c "$WL"
"${ST[@]}" -f -ttt -T -y -e trace=$CALLS -o flags_ttt.st sh -c "$WL"
"${ST[@]}" -f -r -T -y -e trace=$CALLS -o flags_r.st sh -c "$WL"
"${ST[@]}" -f -r -tt -T -y -e trace=$CALLS -o flags_r_tt.st sh -c "$WL"
"${ST[@]}" -f -tt -y -e trace=$CALLS -o flags_noT.st sh -c "$WL"
"${ST[@]}" -f -T -y -e trace=$CALLS -o flags_nots.st sh -c "$WL"
"${ST[@]}" -tt -T -y -e trace=$CALLS -o flags_nof.st sh -c "$WL"
"${ST[@]}" -f -tt -T -e trace=$CALLS -o flags_noy.st sh -c "$WL"
CALLS1=openat,read                 # -k (stack traces): one call kind keeps the file small
"${ST[@]}" -f -tt -T -y -k -e trace=$CALLS1 -o flags_k.st sh -c 'cat /etc/hostname > /dev/null'
rm -f flags_ff.st.*
"${ST[@]}" -ff -tt -T -y -e trace=$CALLS -o flags_ff.st sh -c "$WL"
script -qec "strace -qq -f -tt -T -yy -e trace=$CALLS,socket,connect,sendto,recvfrom,ioctl -o $W/flags_yy.st $PY -S -c \"
import socket, os
s = socket.socket()
try: s.connect(('127.0.0.1', 1))
except OSError: pass
a, b = socket.socketpair(); a.send(b'x'); b.recv(1)
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.sendto(b'hi', ('127.0.0.1', 9))
os.write(1, b'hello\n')
\"" /dev/null >/dev/null
# strace writing to stderr: [pid N] prefixes, the first process unprefixed, strace's own messages
strace -f -tt -T -y -e trace=$CALLS,wait4 sh -c "$WL & $WL; wait" 2>flags_stderr.st >/dev/null

# --- multi-process: concurrent subshells (unfinished/resumed pairs, SIGCHLD)
"${ST[@]}" -f -tt -T -y -e trace=openat,read,write,close,wait4 -o multiproc_f_tt_T_y.st \
  bash -c 'for i in 1 2 3; do (dd if=/dev/zero of=f$i bs=4096 count=4 status=none; cat f$i > /dev/null) & done; wait'

# --- multi-threaded: 4 threads doing pwrite/pread/fsync on one file
"${ST[@]}" -f -tt -T -y -e trace=pread64,pwrite64,fsync -o threads_f_tt_T_y.st $PY -S -c "
import os, threading
fd = os.open('shared.dat', os.O_RDWR | os.O_CREAT, 0o644)
def work(k):
    for j in range(6):
        os.pwrite(fd, bytes([65 + k]) * 4096, (k * 6 + j) * 4096)
        os.fsync(fd)
        os.pread(fd, 4096, (k * 6 + j) * 4096)
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
[t.start() for t in ts]; [t.join() for t in ts]
"

# --- killed by signals: a child blocked in read is SIGKILLed, then the parent SIGTERMs itself
"${ST[@]}" -f -tt -T -y -e trace=read,write,wait4,kill -e signal=all -o killed_sigterm.st $PY -S -c "
import os, signal, time
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.read(r, 10)
    os._exit(0)
time.sleep(0.2)
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
os.write(w, b'x'); os.read(r, 1)
os.kill(os.getpid(), signal.SIGTERM)
" || true

# --- awkward file names: markup, ') = ' , quotes, backslash, invalid UTF-8, UTF-8, a deleted open file,
#     failing absolute/relative opens
mkdir -p weird && (cd weird && touch '<img src=x onerror=alert(1)>' 'a) = b' 'q"uote' 'back\slash' "$(printf 'inv\xff\xfeutf')" 'é' && \
  "${ST[@]}" -f -tt -T -y -e trace=openat,read,close -o "$W/weird_paths.st" bash -c \
  'for f in *; do read -r x < "$f"; done; exec 3<"a) = b"; rm "a) = b"; read -r x <&3; : < /nonexistent; cd /etc; : < nonrel; : < ../etc/nope; : < /tmp/../etc/hostname' 2>/dev/null || true)

# --- calls that name a file (no -e: every call), and a program that prints its own file offsets
mkdir -p bin pathcalls pathshell offsets
gcc -O0 -o bin/pathcalls "$ROOT/tools/fixture-src/pathcalls.c"
gcc -O0 -pthread -o bin/offsets "$ROOT/tools/fixture-src/offsets.c"
(cd pathcalls && strace -qq -f -tt -T -y -o ../path_calls.st ../bin/pathcalls </dev/null >/dev/null 2>&1)
(cd pathshell && env -i PATH=/nonexistent/bin:/usr/bin:/bin LC_ALL=C strace -qq -f -tt -T -y -o ../path_shell.st \
  sh -c 'mkdir d; ln -s f d/l; rm -r d; test -e /nope; cd /etc && stat hostname' </dev/null >/dev/null 2>&1)
(cd offsets && strace -qq -f -tt -T -y -o ../offsets.st ../bin/offsets </dev/null >/dev/null 2>../offsets_prog.txt)
cp offsets_prog.txt "$FX/"
# lines around the 1 MiB line limit (writes of up to 3 MB with -s 4000000), gzip'd
mkdir -p longlines
(cd longlines && "${ST[@]}" -f -tt -T -y -s 4000000 -e trace=write -o long_lines.st /usr/bin/python3 -S -c "
import os
fd = os.open('/dev/null', os.O_WRONLY)
for n in (100, 1500000, 1048000, 1049000, 2000000, 3000000, 50):
    os.write(fd, b'x' * n)
" && gzip -9 -c long_lines.st > "$FX/long_lines.st.gz")
# fd numbers near the process's limit (RLIMIT_NOFILE raised to its hard limit, every lower fd taken)
mkdir -p bigfds
gcc -O0 -o bin/bigfds "$ROOT/tools/fixture-src/bigfds.c"
(cd bigfds && strace -qq -f -tt -T -y -e trace=openat,read,lseek,dup2,clone,wait4 -o ../fd_near_limit.st ../bin/bigfds </dev/null >/dev/null 2>../fd_near_limit_prog.txt)
cp fd_near_limit_prog.txt "$FX/"

# library-loading reads of every process make files big: keep them, but cut files above ~48 KB at a line
for f in *.st *.st.*; do
  [ -f "$f" ] || continue
  if [ "$(stat -c %s "$f")" -gt 49000 ]; then head -c 49000 "$f" | sed '$d' > "$f.cut" && mv "$f.cut" "$f"; echo "trimmed $f"; fi
done
rm -f "$FX"/flags_ff.st.*
cp a_node1_*.st b_node1_*.st flags_*.st flags_ff.st.* multiproc_f_tt_T_y.st threads_f_tt_T_y.st killed_sigterm.st weird_paths.st path_calls.st path_shell.st offsets.st fd_near_limit.st "$FX/"

# --- a real run with corrupt durations: two -T values of threads_f_tt_T_y.st (a resumed fsync on line 28, a
#     complete pwrite64 on line 33) replaced by <4294967296.000000> (2^32 s: 136 years in a 0.1 s trace)
sed -e '28s/<[0-9.]*>$/<4294967296.000000>/' -e '33s/<[0-9.]*>$/<4294967296.000000>/' "$FX/threads_f_tt_T_y.st" > "$FX/impossible_durations.st"

# --- samples for the app's "Load example"
rm -f "$SAMPLES"/*.st
cp a_node1_*.st b_node1_*.st "$SAMPLES/"
cp multiproc_f_tt_T_y.st "$SAMPLES/c_node1_1.st"
(cd "$SAMPLES" && ls *.st | $PY -c 'import json,sys; print(json.dumps({"files": [l.strip() for l in sys.stdin if l.strip()]}, indent=2))' > index.json)
ls -l "$FX" "$SAMPLES"
