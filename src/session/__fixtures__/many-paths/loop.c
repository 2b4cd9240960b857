/* Reads the same NFILES files in a loop, ITER times: open, read, read to EOF, close (issue #33.7: a trace
 * with few distinct paths whose loop is longer than a sample slice). Usage: loop DIR NFILES ITER */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 4) return 2;
  int n = atoi(argv[2]), iter = atoi(argv[3]);
  char path[4096], buf[4096];
  for (int it = 0; it < iter; it++) {
    for (int i = 0; i < n; i++) {
      snprintf(path, sizeof path, "%s/input_%03d.dat", argv[1], i);
      int fd = open(path, O_RDONLY);
      if (fd < 0) return 1;
      while (read(fd, buf, sizeof buf) > 0) {}
      close(fd);
    }
  }
  return 0;
}
