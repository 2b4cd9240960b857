/* rwapi: one process writes NBLOCKS x 64 KiB to DIR/data, fsyncs, closes, reopens and reads it back, through
 * one of three APIs (src/analysis/compare/__fixtures__/README.md):
 *   seek   lseek + write, lseek + read
 *   pos    pwrite64, pread64
 *   dsync  pwrite64, pread64 on a file opened with O_DSYNC (every write waits for the disk)
 * usage: rwapi seek|pos|dsync DIR NBLOCKS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BS 65536

static void die(const char *what) {
  perror(what);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s seek|pos|dsync DIR NBLOCKS\n", argv[0]);
    return 2;
  }
  int seek = strcmp(argv[1], "seek") == 0;
  int dsync = strcmp(argv[1], "dsync") == 0;
  if (!seek && !dsync && strcmp(argv[1], "pos") != 0) return 2;
  int n = atoi(argv[3]);
  char path[4096];
  snprintf(path, sizeof path, "%s/data", argv[2]);
  static char buf[BS];
  memset(buf, 'd', sizeof buf);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | (dsync ? O_DSYNC : 0), 0644);
  if (fd < 0) die("open");
  for (int i = 0; i < n; i++) {
    off_t off = (off_t)i * BS;
    ssize_t w;
    if (seek) {
      if (lseek(fd, off, SEEK_SET) != off) die("lseek");
      w = write(fd, buf, BS);
    } else w = pwrite(fd, buf, BS, off);
    if (w != BS) die("write");
  }
  if (fsync(fd) != 0) die("fsync");
  close(fd);
  fd = open(path, O_RDONLY);
  if (fd < 0) die("open");
  for (int i = 0; i < n; i++) {
    off_t off = (off_t)i * BS;
    ssize_t r;
    if (seek) {
      if (lseek(fd, off, SEEK_SET) != off) die("lseek");
      r = read(fd, buf, BS);
    } else r = pread(fd, buf, BS, off);
    if (r != BS) die("read");
  }
  close(fd);
  printf("%s %d blocks of %d bytes\n", argv[1], n, BS);
  return 0;
}
