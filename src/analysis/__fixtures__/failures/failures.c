/* Calls that fail with an errno, mixed with calls that succeed, on files under /tmp/dfgfx (see README.md).
 * Argument 1: how many missing files to try to open; argument 2 "other": also open a missing file elsewhere. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int missing = argc > 1 ? atoi(argv[1]) : 0;
  char buf[256], name[64];
  for (int i = 0; i < missing; i++) {           /* openat → ENOENT */
    snprintf(name, sizeof name, "/tmp/dfgfx/missing%d", i);
    open(name, O_RDONLY);
  }
  int fd = open("/tmp/dfgfx/data", O_RDONLY);    /* 1000 bytes: reads of 256, 256, 256, 232, 0 */
  while (read(fd, buf, sizeof buf) > 0) {}
  write(fd, "x", 1);                             /* write on a read-only fd → EBADF */
  close(fd);
  open("/tmp/dfgfx/data", O_WRONLY | O_CREAT | O_EXCL, 0644); /* → EEXIST */
  open("/tmp/dfgfx", O_WRONLY);                  /* a directory for writing → EISDIR */
  int dir = open("/tmp/dfgfx", O_RDONLY | O_DIRECTORY);
  read(dir, buf, sizeof buf);                    /* read on a directory → EISDIR */
  close(dir);
  if (argc > 2 && strcmp(argv[2], "other") == 0) open("/nonexistent/x", O_RDONLY); /* → ENOENT */
  return 0;
}
