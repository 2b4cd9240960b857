/* An mpi-io-test-like MPI program (Darshan's mpi-io-test, as its log in src/ingest/darshan/__fixtures__/
 * mpi_io_test_with_dxt was made: `mpi-io-test -i 4 -v`): every rank writes ITER blocks of BLOCK bytes to one
 * shared file with independent MPI_File_write_at (rank r's block i at (i * nprocs + r) * BLOCK), then reads
 * them back with MPI_File_read_at. BLOCK is 1 MiB here (16 MiB in the Darshan log), to keep the run short.
 * usage: mpi-io-test-like FILE */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ITER = 4 };
#define BLOCK (1L << 20)

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 2) {
    if (rank == 0) fprintf(stderr, "usage: %s FILE\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *buf = malloc(BLOCK);
  memset(buf, 'a' + rank % 26, BLOCK);
  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
  for (int i = 0; i < ITER; i++) MPI_File_write_at(fh, ((MPI_Offset)i * size + rank) * BLOCK, buf, BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  for (int i = 0; i < ITER; i++) MPI_File_read_at(fh, ((MPI_Offset)i * size + rank) * BLOCK, buf, BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  free(buf);
  MPI_Finalize();
  return 0;
}
