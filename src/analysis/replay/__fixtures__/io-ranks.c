/*
 * io-ranks: one "rank" of a small parallel I/O program, for the replay tests (README.md here).
 *
 *   io-ranks RANK DIR [normal|small|mmap|many N]
 *
 * normal: a metadata phase in a forked child (mkdir DIR/rank.R, create f.0..f.3, stat, access, rename f.0,
 * unlink f.1, list the directory), then the data phase: the shared file DIR/shared at RANK × 1 MiB with
 * lseek + write (16 × 64 KiB) and fsync, the rank's own file DIR/rank.R/data with pwrite (16 × 64 KiB) and
 * fdatasync, both read back (lseek + read, pread), then stat of both and unlink of f.2, f.3.
 * small: 256 × 4 KiB write() to DIR/small.R, fsync, lseek to 0, 256 × 4 KiB read(): the small-request run.
 * mmap: writes DIR/mapped.R (1 MiB, one write), then reads it back through mmap: I/O strace cannot see.
 * many N: N × 4 KiB pwrite to DIR/many.R, every 8 KiB (strided), a stat every 4096 requests, fsync, then the
 * same N requests read back with lseek + read (the replay benchmark's run: docs/BENCHMARKS.md "Replay").
 *
 * It prints its own account as JSON on stdout: per file the requests and bytes it read and wrote, and its
 * metadata calls by kind — the truth the replay tests compare the replay's traces with.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BLOCK (64 * 1024)
#define COUNT 16
#define SMALL 4096
#define SMALLS 256

static char buf[BLOCK];

static void die(const char *what, const char *path) {
  perror(path ? path : what);
  exit(1);
}

static void put(int fd, const char *p, size_t n) {
  if (write(fd, p, n) != (ssize_t)n) die("write", NULL);
}

static int metadata(int rank, const char *dir) {
  char d[4096], f[4200], g[4200];
  struct stat st;
  snprintf(d, sizeof d, "%s/rank.%d", dir, rank);
  if (mkdir(d, 0755)) die("mkdir", d);
  for (int i = 0; i < 4; i++) {
    snprintf(f, sizeof f, "%s/f.%d", d, i);
    int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) die("open", f);
    close(fd);
    if (stat(f, &st)) die("stat", f);
  }
  snprintf(f, sizeof f, "%s/f.3", d);
  if (access(f, R_OK)) die("access", f);
  snprintf(f, sizeof f, "%s/f.0", d);
  snprintf(g, sizeof g, "%s/f.0.new", d);
  if (rename(f, g)) die("rename", f);
  snprintf(f, sizeof f, "%s/f.1", d);
  if (unlink(f)) die("unlink", f);
  DIR *dd = opendir(d);
  if (!dd) die("opendir", d);
  int entries = 0;
  while (readdir(dd)) entries++;
  closedir(dd);
  return entries;
}

static void normal(int rank, const char *dir) {
  char shared[4096], own[4200], f[4200];
  struct stat st;
  pid_t child = fork();
  if (child == 0) {
    metadata(rank, dir);
    _exit(0);
  }
  int status;
  if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) die("metadata child", NULL);
  snprintf(shared, sizeof shared, "%s/shared", dir);
  snprintf(own, sizeof own, "%s/rank.%d/data", dir, rank);
  int s = open(shared, O_RDWR | O_CREAT, 0644);
  int o = open(own, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (s < 0 || o < 0) die("open", shared);
  off_t base = (off_t)rank * COUNT * BLOCK;
  if (lseek(s, base, SEEK_SET) != base) die("lseek", shared);
  for (int i = 0; i < COUNT; i++) put(s, buf, BLOCK);
  if (fsync(s)) die("fsync", shared);
  for (int i = 0; i < COUNT; i++)
    if (pwrite(o, buf, BLOCK, (off_t)i * BLOCK) != BLOCK) die("pwrite", own);
  if (fdatasync(o)) die("fdatasync", own);
  if (lseek(s, base, SEEK_SET) != base) die("lseek", shared);
  for (int i = 0; i < COUNT; i++)
    if (read(s, buf, BLOCK) != BLOCK) die("read", shared);
  for (int i = 0; i < COUNT; i++)
    if (pread(o, buf, BLOCK, (off_t)i * BLOCK) != BLOCK) die("pread", own);
  close(s);
  close(o);
  if (stat(shared, &st) || stat(own, &st)) die("stat", own);
  for (int i = 2; i < 4; i++) {
    snprintf(f, sizeof f, "%s/rank.%d/f.%d", dir, rank, i);
    if (unlink(f)) die("unlink", f);
  }
  int kb = BLOCK / 1024;
  printf("{\"rank\": %d, \"files\": {\"%s\": {\"write\": [%d, %d], \"read\": [%d, %d], \"fsync\": 1},"
         " \"%s\": {\"write\": [%d, %d], \"read\": [%d, %d], \"fdatasync\": 1}},"
         " \"metadata\": {\"mkdir\": 1, \"open_create\": 4, \"stat\": 6, \"access\": 1, \"rename\": 1, \"unlink\": 3, \"listing\": 1},"
         " \"block_kib\": %d}\n",
         rank, shared, COUNT, COUNT * BLOCK, COUNT, COUNT * BLOCK, own, COUNT, COUNT * BLOCK, COUNT, COUNT * BLOCK, kb);
}

static void small(int rank, const char *dir) {
  char f[4096];
  snprintf(f, sizeof f, "%s/small.%d", dir, rank);
  int fd = open(f, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) die("open", f);
  for (int i = 0; i < SMALLS; i++) put(fd, buf, SMALL);
  if (fsync(fd)) die("fsync", f);
  if (lseek(fd, 0, SEEK_SET) != 0) die("lseek", f);
  for (int i = 0; i < SMALLS; i++)
    if (read(fd, buf, SMALL) != SMALL) die("read", f);
  close(fd);
  printf("{\"rank\": %d, \"files\": {\"%s\": {\"write\": [%d, %d], \"read\": [%d, %d], \"fsync\": 1}}}\n", rank, f, SMALLS, SMALLS * SMALL, SMALLS, SMALLS * SMALL);
}

static void mapped(int rank, const char *dir) {
  char f[4096];
  snprintf(f, sizeof f, "%s/mapped.%d", dir, rank);
  int fd = open(f, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) die("open", f);
  for (int i = 0; i < COUNT; i++) put(fd, buf, BLOCK);
  close(fd);
  fd = open(f, O_RDONLY);
  if (fd < 0) die("open", f);
  char *p = mmap(NULL, COUNT * BLOCK, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) die("mmap", f);
  long sum = 0;
  for (int i = 0; i < COUNT * BLOCK; i += 4096) sum += p[i];
  munmap(p, COUNT * BLOCK);
  close(fd);
  printf("{\"rank\": %d, \"files\": {\"%s\": {\"write\": [%d, %d], \"mmap_read\": %d}}, \"sum\": %ld}\n", rank, f, COUNT, COUNT * BLOCK, COUNT * BLOCK, sum);
}

static void many(int rank, const char *dir, long n) {
  char f[4096];
  struct stat st;
  snprintf(f, sizeof f, "%s/many.%d", dir, rank);
  int fd = open(f, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) die("open", f);
  for (long i = 0; i < n; i++) {
    if (pwrite(fd, buf, SMALL, (off_t)i * 2 * SMALL) != SMALL) die("pwrite", f);
    if (i % 4096 == 4095 && stat(f, &st)) die("stat", f);
  }
  if (fsync(fd)) die("fsync", f);
  for (long i = 0; i < n; i++) {
    if (lseek(fd, (off_t)i * 2 * SMALL, SEEK_SET) < 0) die("lseek", f);
    if (read(fd, buf, SMALL) != SMALL) die("read", f);
  }
  close(fd);
  printf("{\"rank\": %d, \"files\": {\"%s\": {\"write\": [%ld, %ld], \"read\": [%ld, %ld], \"fsync\": 1}}}\n", rank, f, n, n * SMALL, n, n * SMALL);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: io-ranks RANK DIR [normal|small|mmap|many N]\n");
    return 2;
  }
  memset(buf, 'x', sizeof buf);
  int rank = atoi(argv[1]);
  if (argc > 3 && !strcmp(argv[3], "small")) small(rank, argv[2]);
  else if (argc > 3 && !strcmp(argv[3], "mmap")) mapped(rank, argv[2]);
  else if (argc > 4 && !strcmp(argv[3], "many")) many(rank, argv[2], atol(argv[4]));
  else normal(rank, argv[2]);
  return 0;
}
