/*
 * The MPI-IO fixture of the layers tests (README.md beside it). Every rank writes its block of the shared
 * file shared.dat twice over:
 *   write_collective(): MPI_File_write_at_all of BLOCK bytes at rank * BLOCK        (collective)
 *   write_independent(): MPI_File_write_at of BLOCK bytes at (size + rank) * BLOCK  (independent)
 * then reads its first block back with read_collective() (MPI_File_read_at_all). Rank 0 also writes a
 * text summary (summary.txt) with fprintf (stdio). Each rank prints what it did:
 *   rank <r> <function> <file> <MPI calls> <bytes>
 * Built with mpicc -g -O0; which MPI-IO implementation runs (OMPIO or ROMIO) is chosen with OMPI_MCA_io.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (256 * 1024)

static char *buf;

static void __attribute__((noinline)) write_collective(MPI_File fh, int rank) {
  MPI_File_write_at_all(fh, (MPI_Offset)rank * BLOCK, buf, BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
  printf("rank %d write_collective shared.dat 1 %d\n", rank, BLOCK);
}

static void __attribute__((noinline)) write_independent(MPI_File fh, int rank, int size) {
  MPI_File_write_at(fh, (MPI_Offset)(size + rank) * BLOCK, buf, BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
  printf("rank %d write_independent shared.dat 1 %d\n", rank, BLOCK);
}

static void __attribute__((noinline)) read_collective(MPI_File fh, int rank) {
  MPI_File_read_at_all(fh, (MPI_Offset)rank * BLOCK, buf, BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
  printf("rank %d read_collective shared.dat 1 %d\n", rank, BLOCK);
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  buf = malloc(BLOCK);
  memset(buf, 'a' + rank, BLOCK);
  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, argc > 1 ? argv[1] : "shared.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  write_collective(fh, rank);
  write_independent(fh, rank, size);
  MPI_File_sync(fh);
  MPI_Barrier(MPI_COMM_WORLD);
  read_collective(fh, rank);
  MPI_File_close(&fh);
  if (rank == 0) {
    FILE *f = fopen("summary.txt", "w");
    for (int r = 0; r < size; r++) fprintf(f, "rank %d wrote %d bytes\n", r, 2 * BLOCK);
    fclose(f);
    printf("rank 0 summary summary.txt %d -\n", size);
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
