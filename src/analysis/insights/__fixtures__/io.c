/* One small I/O program for the insights fixtures: each mode does one I/O pattern on FILE.
 * Build: gcc -O1 -o io io.c.  Usage: io MODE FILE [N] [SIZE]  (see README.md for every run). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char buf[4 << 20];

static void die(const char *what) { perror(what); exit(1); }

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: io MODE FILE [N] [SIZE]\n"); return 2; }
  const char *mode = argv[1], *file = argv[2];
  long n = argc > 3 ? atol(argv[3]) : 1;
  long size = argc > 4 ? atol(argv[4]) : 100;
  memset(buf, 'x', sizeof buf);
  if (!strcmp(mode, "write")) { /* n sequential writes of size bytes (appends a new file) */
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) if (write(fd, buf, size) != size) die("write");
    close(fd);
  } else if (!strcmp(mode, "read")) { /* n sequential reads of size bytes */
    int fd = open(file, O_RDONLY); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) if (read(fd, buf, size) < 0) die("read");
    close(fd);
  } else if (!strcmp(mode, "shared-write")) { /* n writes of size bytes at this rank's slice: argv[5] = rank */
    long rank = argc > 5 ? atol(argv[5]) : 0;
    int fd = open(file, O_WRONLY | O_CREAT, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) if (pwrite(fd, buf, size, (rank * n + i) * size) != size) die("pwrite");
    close(fd);
  } else if (!strcmp(mode, "random")) { /* n pwrite then n pread of size bytes at descending offsets */
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = n - 1; i >= 0; i--) if (pwrite(fd, buf, size, i * 2 * size) != size) die("pwrite");
    for (long i = n - 1; i >= 0; i--) if (pread(fd, buf, size, i * 2 * size) != size) die("pread");
    close(fd);
  } else if (!strcmp(mode, "seek")) { /* n × (lseek, write): a read or write right after an lseek */
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) {
      if (lseek(fd, i * size, SEEK_SET) < 0) die("lseek");
      if (write(fd, buf, size) != size) die("write");
    }
    close(fd);
  } else if (!strcmp(mode, "misaligned")) { /* n writes of size bytes at 4096 + k × size */
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) if (pwrite(fd, buf, size, 4096 + i * size) != size) die("pwrite");
    close(fd);
  } else if (!strcmp(mode, "reread")) { /* write size bytes, then read them n times (redundant reads) */
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    if (write(fd, buf, size) != size) die("write");
    for (long i = 0; i < n; i++) if (pread(fd, buf, size, 0) != size) die("pread");
    close(fd);
  } else if (!strcmp(mode, "rewrite")) { /* write the same size bytes at offset 0 n times (redundant writes) */
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) if (pwrite(fd, buf, size, 0) != size) die("pwrite");
    close(fd);
  } else if (!strcmp(mode, "fsync")) { /* n writes, an fsync after every argv[5]-th */
    long every = argc > 5 ? atol(argv[5]) : 1;
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
    for (long i = 0; i < n; i++) {
      if (write(fd, buf, size) != size) die("write");
      if ((i + 1) % every == 0 && fsync(fd) != 0) die("fsync");
    }
    close(fd);
  } else if (!strcmp(mode, "churn")) { /* open, write size bytes, close: n times */
    for (long i = 0; i < n; i++) {
      int fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644); if (fd < 0) die("open");
      if (write(fd, buf, size) != size) die("write");
      close(fd);
    }
  } else if (!strcmp(mode, "probe")) { /* n opens: every argv[5]-th of a missing FILE.i, the others of FILE.0 */
    long every = argc > 5 ? atol(argv[5]) : 1;
    char name[4096];
    for (long i = 0; i < n; i++) {
      snprintf(name, sizeof name, "%s.%ld", file, i % every == 0 ? i + 1 : 0L);
      int fd = open(name, O_RDONLY);
      if (fd >= 0) close(fd);
    }
  } else if (!strcmp(mode, "compute")) { /* n million rounds of arithmetic, no system call */
    volatile double x = 1.0;
    for (long i = 0; i < n * 1000000L; i++) x = x * 1.0000001 + 1e-9;
    printf("%g\n", x);
  } else {
    fprintf(stderr, "unknown mode %s\n", mode); return 2;
  }
  return 0;
}
