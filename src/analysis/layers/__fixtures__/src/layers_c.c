/*
 * The C fixture of the layers tests (README.md beside it): one program writing files by three paths,
 * so each data file's writes have a known layer and call site.
 *   direct.dat  written by write_direct() with write(2)            -> layer app,   site write_direct
 *   stdio.dat   written by write_stdio() with fwrite (4 KiB buffer) -> layer stdio, site write_stdio
 *   stdio.dat   read back by read_stdio() with fread                -> layer stdio, site read_stdio
 *   direct.dat  read back by read_direct() with pread(2)            -> layer app,   site read_direct
 *   thread.dat  written by two threads at once (thread_direct: pwrite(2); thread_stdio: its own FILE on
 *               thread_stdio.dat), each ending in fsync: calls of one thread cut by the other's
 *               (<unfinished ...> / <... resumed>) in a strace -f trace
 * It prints what it did (the truth the tests compare with) on stdout, one line per path:
 *   <function> <file> <calls of the program's own> <bytes>
 * built with gcc -g -O0 -pthread.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NDIRECT 12
#define DIRECT_SIZE 4096
#define NSTDIO 300
#define STDIO_SIZE 100
#define STDIO_BUF 4096
#define NTHREAD 40

static char block[DIRECT_SIZE];

static void __attribute__((noinline)) write_direct(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < NDIRECT; i++) write(fd, block, DIRECT_SIZE);
  close(fd);
  printf("write_direct %s %d %d\n", path, NDIRECT, NDIRECT * DIRECT_SIZE);
}

static void __attribute__((noinline)) write_stdio(const char *path) {
  static char buf[STDIO_BUF];
  FILE *f = fopen(path, "w");
  setvbuf(f, buf, _IOFBF, STDIO_BUF);
  for (int i = 0; i < NSTDIO; i++) fwrite(block, 1, STDIO_SIZE, f);
  fclose(f);
  printf("write_stdio %s %d %d\n", path, NSTDIO, NSTDIO * STDIO_SIZE);
}

static void __attribute__((noinline)) read_stdio(const char *path) {
  char b[STDIO_SIZE];
  FILE *f = fopen(path, "r");
  int n = 0, bytes = 0;
  size_t got;
  while ((got = fread(b, 1, sizeof b, f)) > 0) {
    n++;
    bytes += (int)got;
  }
  fclose(f);
  printf("read_stdio %s %d %d\n", path, n, bytes);
}

static void __attribute__((noinline)) read_direct(const char *path) {
  int fd = open(path, O_RDONLY);
  int n = 0, bytes = 0;
  for (off_t off = 0;; off += DIRECT_SIZE) {
    ssize_t got = pread(fd, block, DIRECT_SIZE, off);
    n++;
    if (got <= 0) break;
    bytes += (int)got;
  }
  close(fd);
  printf("read_direct %s %d %d\n", path, n, bytes);
}

static void *thread_direct(void *arg) {
  (void)arg;
  char b[512];
  memset(b, 'd', sizeof b);
  int fd = open("thread.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < NTHREAD; i++) {
    pwrite(fd, b, sizeof b, (off_t)i * (off_t)sizeof b);
    if (i % 8 == 7) fsync(fd);
  }
  close(fd);
  return NULL;
}

static void *thread_stdio(void *arg) {
  (void)arg;
  static char buf[1024];
  char b[100];
  memset(b, 's', sizeof b);
  FILE *f = fopen("thread_stdio.dat", "w");
  setvbuf(f, buf, _IOFBF, sizeof buf);
  for (int i = 0; i < NTHREAD; i++) {
    fwrite(b, 1, sizeof b, f);
    if (i % 8 == 7) {
      fflush(f);
      fsync(fileno(f));
    }
  }
  fclose(f);
  return NULL;
}

int main(void) {
  memset(block, 'x', sizeof block);
  write_direct("direct.dat");
  write_stdio("stdio.dat");
  read_stdio("stdio.dat");
  read_direct("direct.dat");
  pthread_t a, b;
  pthread_create(&a, NULL, thread_direct, NULL);
  pthread_create(&b, NULL, thread_stdio, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("thread_direct thread.dat %d %d\n", NTHREAD, NTHREAD * 512);
  printf("thread_stdio thread_stdio.dat %d %d\n", NTHREAD, NTHREAD * 100);
  return 0;
}
