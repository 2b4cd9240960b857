/* A metadata-heavy program for the insights benchmark (README.md in the folder above).
 * Build: gcc -O1 -o meta meta.c.  Usage: meta DIR NDIRS NFILES ROUNDS
 * Every round: for every file DIR/dD/fF (D < NDIRS, F < NFILES): stat() it, then open, read 1 byte, close. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 5) { fprintf(stderr, "usage: meta DIR NDIRS NFILES ROUNDS\n"); return 2; }
  long nd = atol(argv[2]), nf = atol(argv[3]), rounds = atol(argv[4]);
  char path[4096], c;
  struct stat st;
  for (long r = 0; r < rounds; r++)
    for (long d = 0; d < nd; d++)
      for (long f = 0; f < nf; f++) {
        snprintf(path, sizeof path, "%s/d%ld/f%ld", argv[1], d, f);
        if (stat(path, &st) != 0) { perror(path); return 1; }
        int fd = open(path, O_RDONLY);
        if (fd < 0) { perror(path); return 1; }
        if (read(fd, &c, 1) < 0) { perror(path); return 1; }
        close(fd);
      }
  return 0;
}
