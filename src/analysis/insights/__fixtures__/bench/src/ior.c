/* An IOR-like MPI program for the insights benchmark (README.md in the folder above). Like IOR's POSIX
 * backend it positions with lseek and then calls write/read (api "seek"), or uses pwrite/pread ("pos").
 * Every rank writes SEGMENTS transfers of XFER bytes, fsyncs, closes, then reads them back: one shared
 * file (ssf: rank r owns [r*B, (r+1)*B), B = XFER*SEGMENTS) or one file per process (fpp: DIR/fpp.RANK).
 * Build: mpicc -O1 -o ior ior.c.  Usage: ior ssf|fpp seek|pos|mpiio DIR XFER SEGMENTS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc != 6) {
    if (rank == 0) fprintf(stderr, "usage: ior ssf|fpp seek|pos|mpiio DIR XFER SEGMENTS\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int shared = !strcmp(argv[1], "ssf"), seek = !strcmp(argv[2], "seek"), mpiio = !strcmp(argv[2], "mpiio");
  long xfer = atol(argv[4]), segs = atol(argv[5]);
  char path[4096];
  if (shared) snprintf(path, sizeof path, "%s/ssf", argv[3]);
  else snprintf(path, sizeof path, "%s/fpp.%08d", argv[3], rank);
  long base = shared ? rank * xfer * segs : 0;
  char *buf = malloc(xfer);
  memset(buf, 'a' + rank % 26, xfer);
  for (int phase = 0; phase < 2; phase++) { /* 0 = write, 1 = read */
    MPI_Barrier(MPI_COMM_WORLD);
    if (mpiio) {
      MPI_File fh;
      MPI_File_open(shared ? MPI_COMM_WORLD : MPI_COMM_SELF, path, phase == 0 ? (MPI_MODE_CREATE | MPI_MODE_WRONLY) : MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
      for (long s = 0; s < segs; s++) {
        MPI_Offset off = base + s * xfer;
        if (phase == 0) MPI_File_write_at(fh, off, buf, (int)xfer, MPI_BYTE, MPI_STATUS_IGNORE);
        else MPI_File_read_at(fh, off, buf, (int)xfer, MPI_BYTE, MPI_STATUS_IGNORE);
      }
      if (phase == 0) MPI_File_sync(fh);
      MPI_File_close(&fh);
      continue;
    }
    int fd = open(path, phase == 0 ? (O_CREAT | O_WRONLY) : O_RDONLY, 0644);
    if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
    for (long s = 0; s < segs; s++) {
      off_t off = base + s * xfer;
      ssize_t n;
      if (seek) {
        if (lseek(fd, off, SEEK_SET) != off) { perror("lseek"); MPI_Abort(MPI_COMM_WORLD, 1); }
        n = phase == 0 ? write(fd, buf, xfer) : read(fd, buf, xfer);
      } else n = phase == 0 ? pwrite(fd, buf, xfer, off) : pread(fd, buf, xfer, off);
      if (n != xfer) { perror("io"); MPI_Abort(MPI_COMM_WORLD, 1); }
    }
    if (phase == 0) fsync(fd);
    close(fd);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  free(buf);
  MPI_Finalize();
  return 0;
}
