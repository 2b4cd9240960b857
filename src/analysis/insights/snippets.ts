/** Recommendation snippets (short, concrete, meant to be adapted). */
import type { Recommendation } from './types';

export const BUFFER_READS: Recommendation = {
  text: 'Consider buffering read operations into larger more contiguous ones',
  snippet: { lang: 'c', code: '/* read 8 MiB at a time and serve the small requests from memory */\nstatic char big[8 << 20];\nssize_t n = read(fd, big, sizeof big);\n/* … or with stdio: */\nsetvbuf(fp, NULL, _IOFBF, 8 << 20);' },
};

export const BUFFER_WRITES: Recommendation = {
  text: 'Consider buffering write operations into larger more contiguous ones',
  snippet: { lang: 'c', code: '/* gather small records and write them in one call */\nstruct iovec iov[64]; /* … fill iov[i].iov_base / iov_len … */\nwritev(fd, iov, 64);\n/* Python: open(path, "wb", buffering=8 << 20) */' },
};

export const MPI_COLLECTIVE_READ: Recommendation = {
  text: 'If the application uses MPI, consider MPI-IO collective reads (e.g. MPI_File_read_all() or MPI_File_read_at_all()) to aggregate requests into larger ones',
  snippet: { lang: 'c', code: 'MPI_File fh;\nMPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);\nMPI_File_read_at_all(fh, (MPI_Offset)rank * n, buf, n, MPI_BYTE, MPI_STATUS_IGNORE);\nMPI_File_close(&fh);' },
};

export const MPI_COLLECTIVE_WRITE: Recommendation = {
  text: 'If the application uses MPI, consider MPI-IO collective writes (e.g. MPI_File_write_all() or MPI_File_write_at_all()) to aggregate requests into larger ones',
  snippet: { lang: 'c', code: 'MPI_File fh;\nMPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);\nMPI_File_write_at_all(fh, (MPI_Offset)rank * n, buf, n, MPI_BYTE, MPI_STATUS_IGNORE);\nMPI_File_close(&fh);' },
};

export const LUSTRE_STRIPING: Recommendation = {
  text: 'Consider tuning how your data is distributed in the file system by changing the stripe size and count',
  snippet: { lang: 'sh', code: 'lfs getstripe file            # the current layout\nlfs setstripe -S 4M -c 8 dir/  # new files in dir/: 4 MiB stripes over 8 OSTs' },
};

export const ALIGN: Recommendation = {
  text: 'Consider aligning the requests to the file system block boundaries',
  snippet: { lang: 'c', code: '/* round offsets and sizes to the stripe / block size */\nconst off_t A = 1 << 20;\noff_t start = off / A * A;\nsize_t len = ((off + n + A - 1) / A * A) - start;\npread(fd, buf, len, start);\n/* HDF5: H5Pset_alignment(fapl, 0, A); */' },
};

export const PREAD: Recommendation = {
  text: 'Replace lseek + read/write by pread/pwrite: one call instead of two, and no shared file position between threads',
  snippet: { lang: 'c', code: '/* before */\nlseek(fd, off, SEEK_SET);\nread(fd, buf, n);\n/* after */\npread(fd, buf, n, off);\n/* MPI-IO: MPI_File_read_at(fh, off, buf, n, MPI_BYTE, &st); */\n/* Python: os.pread(fd, n, off) */' },
};

export const FEWER_SYNCS: Recommendation = {
  text: 'Sync once after a batch of writes (or at checkpoints), not after every few writes',
  snippet: { lang: 'c', code: 'for (i = 0; i < n; i++) write(fd, rec[i], len);\nfdatasync(fd); /* once, and only if durability is needed here */' },
};

export const KEEP_OPEN: Recommendation = {
  text: 'Open the file once and keep the descriptor for the whole run instead of opening and closing it repeatedly',
  snippet: { lang: 'c', code: 'int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644); /* once */\nfor (i = 0; i < n; i++) write(fd, rec[i], len);\nclose(fd);\n/* Python: with open(path, "a") as f: … the loop inside */' },
};

export const BALANCE: Recommendation = { text: 'Consider better balancing the data transfer between the application ranks' };

/** The hook from the small-request findings to the replay's what-ifs (docs/METHOD.md "Replay: what-ifs"):
 * measure the larger requests on this machine before changing the program. */
export const REPLAY_LARGER: Recommendation = {
  text: 'Measure it first: replay this run with 1 MiB requests (the same bytes at the same file extents) and compare it with the replay as recorded',
  snippet: { lang: 'sh', code: 'strace-dfg replay --out replay-1m --coalesce 1MiB TRACES...\nstrace-dfg replay --out replay-as-is TRACES...\n(cd replay-as-is && ./run.sh) && (cd replay-1m && ./run.sh)   # fio reports each' },
  replay: { coalesce: 1 << 20 },
};
