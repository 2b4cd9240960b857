"""The h5py fixture of the layers tests (README.md beside it).

chunked.h5: a chunked (16 x 1024 float64 = 128 KiB chunks) dataset of 128 x 1024, written in 8 slices
of 16 rows by h5py (every write of the .h5 goes through HDF5), then read back whole.
log.txt: one line per slice written through Python's own file object (the io layer).
Prints what it did: <what> <file> <operations> <bytes>.
"""
import h5py
import numpy as np

ROWS, COLS, SLICE = 128, 1024, 16
log = open("log.txt", "w", buffering=1)  # line-buffered: one write per line
with h5py.File("chunked.h5", "w", libver="latest") as f:
    d = f.create_dataset("data", shape=(ROWS, COLS), dtype="f8", chunks=(SLICE, COLS))
    for k in range(ROWS // SLICE):
        d[k * SLICE:(k + 1) * SLICE, :] = np.full((SLICE, COLS), float(k))
        log.write(f"slice {k} written\n")
log.close()
with h5py.File("chunked.h5", "r") as f:
    total = float(f["data"][:].sum())
print("h5py-write chunked.h5", ROWS // SLICE, ROWS * COLS * 8)
print("python-io-write log.txt", ROWS // SLICE, sum(len(f"slice {k} written\n") for k in range(ROWS // SLICE)))
print("h5py-read chunked.h5 1", ROWS * COLS * 8, total)
