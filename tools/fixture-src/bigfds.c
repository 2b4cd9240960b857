/* File offsets through fd numbers near the process's limit (RLIMIT_NOFILE raised to its hard limit; 20000
 * on the machine the fixture was made on): every lower fd is taken by /dev/null, so the open of big.dat
 * returns the highest fd; reads and seeks go through it, through a dup of it, in a forked child, and through
 * a second open of the same file at a low fd. Prints, for every read of big.dat, "<call> <fd> <offset>" as
 * the kernel reports it (/proc/self/fdinfo/N "pos:" read just before the call) to stderr.
 * The /dev/null and /proc opens go through syscall(SYS_open) and the fdinfo reads are pread64s, so that a
 * trace of openat, read, lseek, dup2 and clone holds only the calls on big.dat (and no 20000 filler lines).
 * Built with: gcc -O0 -o bigfds bigfds.c ; the strace command is in the fixture README. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static long pos(int fd) {
  char p[64], buf[512];
  snprintf(p, sizeof p, "/proc/self/fdinfo/%d", fd);
  /* open and pread64 through syscall(): the trace (-e trace=openat,read,...) leaves them out */
  int f = (int)syscall(SYS_open, p, O_RDONLY);
  ssize_t n = pread(f, buf, sizeof buf - 1, 0);
  syscall(SYS_close, f);
  buf[n > 0 ? n : 0] = 0;
  char *q = strstr(buf, "pos:");
  return q ? strtol(q + 4, NULL, 10) : -1;
}

static char buf[4096];
static void r(int fd, int n) {
  fprintf(stderr, "read %d %ld\n", fd, pos(fd));
  read(fd, buf, n);
}

int main(void) {
  setvbuf(stderr, NULL, _IONBF, 0);
  struct rlimit rl;
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
  memset(buf, 'x', sizeof buf);
  int w = open("big.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  write(w, buf, sizeof buf);
  close(w);
  /* take every fd but the last two (the /proc/self/fdinfo reads need one) */
  int last = -1;
  for (;;) {
    int f = (int)syscall(SYS_open, "/dev/null", O_RDONLY);
    if (f < 0) break;
    last = f;
  }
  close(last);
  close(last - 1);
  int hi = open("big.dat", O_RDONLY); /* the limit - 2 */
  for (int k = 0; k < 200; k++) {
    lseek(hi, (k * 7) % 4000, SEEK_SET);
    r(hi, 8);
  }
  r(hi, 100);
  int lo = dup2(hi, 3); /* a dup at a low number: the same description */
  r(lo, 10);
  r(hi, 10);
  pid_t c = fork();
  if (c == 0) {
    r(hi, 5); /* the child's copy of the table: the same description */
    _exit(0);
  }
  waitpid(c, NULL, 0);
  r(hi, 5);
  close(3);
  int again = open("big.dat", O_RDONLY); /* fd 3 again: a new description at 0 */
  r(again, 50);
  r(hi, 1);
  return 0;
}
