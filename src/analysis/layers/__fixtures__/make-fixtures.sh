#!/usr/bin/env bash
# Regenerates the strace -k fixtures of the layers tests in this folder (README.md says what each is).
# Needs: strace (with -k: Debian's is built with libunwind), gcc, g++, Open MPI (mpicc, mpirun),
# /usr/bin/python3 with h5py and numpy, gzip.
#
#   src/analysis/layers/__fixtures__/make-fixtures.sh [c] [cxx] [h5py] [mpi]   (default: all four)
set -euo pipefail
PARTS=${*:-c cxx h5py mpi}
want() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
HERE=$(cd "$(dirname "$0")" && pwd)
WRAP=$HERE/../../../ui/strace.sh    # the app's own recorder (its -k variant) for the MPI ranks
W=/tmp/layers-fx                     # fixed working dir: paths in the annotations and stacks stay the same
PY=/usr/bin/python3
mkdir -p "$W/bin" "$W/c" "$W/cxx" "$W/h5" "$W/mpi"
gcc -g -O0 -pthread -o "$W/bin/layers_c" "$HERE/src/layers_c.c"
g++ -g -O0 -o "$W/bin/layers_cxx" "$HERE/src/layers_cxx.cpp"
mpicc -g -O0 -o "$W/bin/layers_mpiio" "$HERE/src/layers_mpiio.c"
cp "$HERE/src/layers_h5py.py" "$W/bin/"
export LC_ALL=C
IO=openat,read,pread64,write,pwrite64,lseek,close,fsync

# --- C: direct write(2), stdio, two threads; each variant of the flags in its own run (own truth file)
if want c; then
rm -rf "$HERE/c" "$W/c" && mkdir -p "$HERE/c" "$W/c"
cd "$W/c"
# (the programs' own output goes to a file of the working dir: its path is in the traces)
strace -qq -f -tt -T -y -k -o c_all.st ../bin/layers_c >c_all_prog.txt                 # every call
strace -qq -f -tt -T -y -k -e trace=$IO -o c_io.st ../bin/layers_c >c_io_prog.txt        # -e trace=
strace -qq -ff -ttt -T -yy -k -e trace=$IO -o c_ff.st ../bin/layers_c >c_ff_prog.txt     # -ff (a file per thread)
strace -qq -tt -T -y -k -e trace=$IO -o c_nof.st ../bin/layers_c >c_nof_prog.txt         # no -f: main thread only
strace -f -tt -T -y -k -e trace=$IO ../bin/layers_c 2>c_stderr.st >c_stderr_prog.txt     # to stderr: [pid N], messages
cp c_all.st c_io.st c_nof.st c_*_prog.txt "$HERE/c/"
gzip -9 -n -c c_stderr.st >"$HERE/c/c_stderr.st.gz"
mkdir -p "$HERE/c/ff" && for f in c_ff.st.*; do gzip -9 -n -c "$f" >"$HERE/c/ff/$f.gz"; done
fi

# --- C++ iostreams (libstdc++'s filebuf writes with writev when its buffer and the new text exceed it)
if want cxx; then
rm -rf "$HERE/cxx" "$W/cxx" && mkdir -p "$HERE/cxx" "$W/cxx"
cd "$W/cxx"
strace -qq -f -tt -T -y -k -e trace=openat,read,write,writev,close -o cxx.st ../bin/layers_cxx >cxx_prog.txt
cp cxx.st cxx_prog.txt "$HERE/cxx/"
fi

# --- h5py: a chunked dataset, and Python's own file object (-P: only the calls on the two files)
if want h5py; then
rm -rf "$HERE/h5py" "$W/h5" && mkdir -p "$HERE/h5py" "$W/h5"
cd "$W/h5"
strace -qq -f -tt -T -y -k -e trace=$IO -P chunked.h5 -P log.txt -P "$W/h5/chunked.h5" -P "$W/h5/log.txt" \
  -o h5py.st $PY ../bin/layers_h5py.py >h5py_prog.txt
rm -f chunked.h5 log.txt
# the same without -P: Python's start-up and imports too (the dynamic loader's calls)
strace -qq -f -tt -T -y -k -e trace=$IO -o h5py_imports.st $PY ../bin/layers_h5py.py >h5py_imports_prog.txt
cp h5py_prog.txt h5py_imports_prog.txt "$HERE/h5py/"
gzip -9 -n -c h5py.st >"$HERE/h5py/h5py.st.gz"
gzip -9 -n -c h5py_imports.st >"$HERE/h5py/h5py_imports.st.gz"
fi

# --- MPI-IO: 4 ranks, each under strace.sh -k (one file per rank); OMPIO, then ROMIO
if want mpi; then
rm -rf "$HERE/mpi-ompio" "$HERE/mpi-romio" "$W/mpi" && mkdir -p "$HERE/mpi-ompio" "$HERE/mpi-romio" "$W/mpi"
cd "$W/mpi"
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_coll=basic,libnbc,self
mpi() { mpirun --allow-run-as-root --oversubscribe -np 4 "$@"; }
OMPI_MCA_io=ompio STRACE_DIR="$W/mpi/ompio" STRACE_CALLS=$IO,fdatasync \
  mpi "$WRAP" -k ompio ../bin/layers_mpiio "$W/mpi/shared.dat" | sort >"$HERE/mpi-ompio/mpi_prog.txt"
rm -f shared.dat
OMPI_MCA_io=romio321 STRACE_DIR="$W/mpi/romio" STRACE_CALLS=write,pwrite64,read,pread64,fsync,lseek \
  mpi "$WRAP" -k romio ../bin/layers_mpiio "$W/mpi/shared.dat" | sort >"$HERE/mpi-romio/mpi_prog.txt"
# the host name in the file names is the machine's: call them vm, as the other MPI fixtures
for d in ompio romio; do
  for f in "$W/mpi/$d"/*.st; do
    b=$(basename "$f" .st)
    gzip -9 -n -c "$f" >"$HERE/mpi-$d/${d}_vm_${b##*_}.st.gz"
  done
done
fi
du -sh "$HERE"/c "$HERE"/cxx "$HERE"/h5py "$HERE"/mpi-ompio "$HERE"/mpi-romio
