/* Does reads, writes and seeks through dup'ed, forked, threaded, O_APPEND and positional descriptors and
 * prints, for every data call on a.dat/b.dat, the file offset it used as the kernel reports it
 * (/proc/self/fdinfo/N "pos:" read just before the call; the offset argument for pread/pwrite; "nan" when the
 * kernel position does not say it, i.e. O_APPEND writes) to stderr: "<call> <fd> <offset>".
 * Built with: gcc -O0 -pthread -o offsets offsets.c ; see the fixture README for the strace command. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static long pos(int fd) {
  char p[64], buf[512];
  snprintf(p, sizeof p, "/proc/self/fdinfo/%d", fd);
  int f = open(p, O_RDONLY);
  ssize_t n = read(f, buf, sizeof buf - 1);
  close(f);
  buf[n > 0 ? n : 0] = 0;
  char *q = strstr(buf, "pos:");
  return q ? strtol(q + 4, NULL, 10) : -1;
}

static char buf[4096];
static void rep(const char *call, int fd, long off) { fprintf(stderr, "%s %d %ld\n", call, fd, off); }
static void repnan(const char *call, int fd) { fprintf(stderr, "%s %d nan\n", call, fd); }
static void w(int fd, int n) { rep("write", fd, pos(fd)); write(fd, buf, n); }
static void r(int fd, int n) { rep("read", fd, pos(fd)); read(fd, buf, n); }

static int shared_fd;
static void *thread_main(void *arg) {
  (void)arg;
  r(shared_fd, 7);
  w(shared_fd, 3);
  return NULL;
}

int main(void) {
  setvbuf(stderr, NULL, _IONBF, 0);
  memset(buf, 'x', sizeof buf);
  int fd = open("a.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
  w(fd, 100);
  w(fd, 50);
  lseek(fd, 10, SEEK_SET);
  r(fd, 30);
  int d = dup(fd); /* shares the position */
  w(d, 20);
  r(fd, 10);
  rep("pread64", fd, 5);
  pread(fd, buf, 16, 5); /* does not move it */
  r(fd, 5);
  rep("pwrite64", d, 200);
  pwrite(d, buf, 8, 200);
  dup2(fd, 9);
  lseek(9, 0, SEEK_END);
  w(fd, 4);
  int e = fcntl(fd, F_DUPFD, 20);
  lseek(e, 3, SEEK_SET);
  r(e, 9);
  struct iovec iov[2] = { { buf, 11 }, { buf, 13 } };
  rep("readv", fd, pos(fd));
  readv(fd, iov, 2);
  rep("writev", d, pos(d));
  writev(d, iov, 2);
  rep("preadv", fd, 1);
  preadv(fd, iov, 2, 1);
  rep("pwritev", fd, 300);
  pwritev(fd, iov, 2, 300);
  r(fd, 4000); /* a short read at the end of the file */
  /* O_APPEND: writes go to the end, the position is not known from the trace */
  int ap = open("a.dat", O_WRONLY | O_APPEND);
  repnan("write", ap);
  write(ap, buf, 10);
  lseek(ap, 0, SEEK_CUR);
  repnan("write", ap);
  write(ap, buf, 10);
  /* a second open of the same file has its own position */
  int fd2 = open("a.dat", O_RDONLY);
  r(fd2, 10);
  r(fd, 1);
  /* a forked child shares the open file description */
  lseek(fd, 0, SEEK_SET);
  pid_t c = fork();
  if (c == 0) {
    r(fd, 25);
    _exit(0);
  }
  waitpid(c, NULL, 0);
  r(fd, 5);
  /* a thread shares the descriptor table */
  shared_fd = fd;
  pthread_t t;
  pthread_create(&t, NULL, thread_main, NULL);
  pthread_join(t, NULL);
  r(fd, 2);
  /* sendfile moves both positions; afterwards a seek makes them known again */
  int out = open("b.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  w(out, 3);
  sendfile(out, fd, NULL, 12);
  w(out, 3); /* the parser cannot know: it must say nan, the program knows */
  lseek(out, 0, SEEK_SET);
  w(out, 1);
  close(fd);
  close(d);
  close(9);
  close(e);
  int re = open("a.dat", O_RDONLY); /* reuses a closed fd number: a fresh position */
  r(re, 6);
  close(re);
  close(ap);
  close(fd2);
  close(out);
  return 0;
}
