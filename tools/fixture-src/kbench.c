#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
static void write_direct(int fd, char *b, int n) { for (int i = 0; i < n; i++) write(fd, b, 64); }
static void write_stdio(FILE *f, char *b, int n) { for (int i = 0; i < n; i++) { fwrite(b, 1, 64, f); fflush(f); } }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  char b[64] = {0};
  int fd = open("/tmp/kbench/direct.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644);
  FILE *f = fopen("/tmp/kbench/stdio.dat", "w");
  write_direct(fd, b, n); write_stdio(f, b, n);
  close(fd); fclose(f);
  printf("%d writes each\n", n);
  return 0;
}
