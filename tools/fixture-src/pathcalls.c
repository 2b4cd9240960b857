/* Exercises every call of strace's %file class once (and some failing), for the path-rule fixture.
 * Built with: gcc -O0 -o pathcalls pathcalls.c ; run in an empty directory (see the fixture README). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <utime.h>
#include <linux/stat.h>

int main(void) {
  struct stat st;
  struct statfs sfs;
  char buf[256];
  struct statx sx;
  int d;
  syscall(SYS_mkdir, "sub", 0755);
  syscall(SYS_mkdir, "sub", 0755); /* EEXIST */
  d = open("sub", O_RDONLY | O_DIRECTORY);
  close(open("sub/f", O_CREAT | O_WRONLY, 0644));
  /* plain path calls */
  syscall(SYS_stat, "sub/f", &st);
  syscall(SYS_stat, "./sub/../sub/nope", &st); /* ENOENT */
  syscall(SYS_lstat, "sub/f", &st);
  syscall(SYS_access, "sub/f", R_OK);
  syscall(SYS_access, "/nonexistent/x", R_OK); /* ENOENT */
  syscall(SYS_truncate, "sub/f", 10);
  syscall(SYS_chmod, "sub/f", 0600);
  syscall(SYS_chown, "sub/f", 0, 0);
  syscall(SYS_lchown, "sub/f", 0, 0);
  syscall(SYS_utime, "sub/f", NULL);
  syscall(SYS_utimes, "sub/f", NULL);
  syscall(SYS_statfs, "sub", &sfs);
  syscall(SYS_link, "sub/f", "sub/hard");
  syscall(SYS_symlink, "f", "sub/sym");
  syscall(SYS_readlink, "sub/sym", buf, sizeof buf);
  syscall(SYS_rename, "sub/hard", "sub/hard2");
  syscall(SYS_unlink, "sub/hard2");
  syscall(SYS_mknod, "sub/fifo", S_IFIFO | 0644, 0);
  syscall(SYS_setxattr, "sub/f", "user.k", "v", 1, 0);
  syscall(SYS_getxattr, "sub/f", "user.k", buf, sizeof buf);
  syscall(SYS_lgetxattr, "sub/f", "user.k", buf, sizeof buf);
  syscall(SYS_listxattr, "sub/f", buf, sizeof buf);
  syscall(SYS_removexattr, "sub/f", "user.k");
  syscall(SYS_mkdir, "sub/dd", 0755);
  syscall(SYS_rmdir, "sub/dd");
  /* *at calls relative to AT_FDCWD and to a directory fd */
  syscall(SYS_newfstatat, AT_FDCWD, "sub/f", &st, 0);
  syscall(SYS_newfstatat, d, "f", &st, 0);
  syscall(SYS_newfstatat, d, "missing", &st, 0); /* ENOENT */
  syscall(SYS_newfstatat, d, "", &st, AT_EMPTY_PATH);
  syscall(SYS_statx, d, "f", 0, STATX_BASIC_STATS, &sx);
  syscall(SYS_statx, AT_FDCWD, "sub/../sub/f", 0, STATX_BASIC_STATS, &sx);
  syscall(SYS_faccessat, d, "f", R_OK);
  syscall(SYS_faccessat2, AT_FDCWD, "sub/f", R_OK, 0);
  syscall(SYS_mkdirat, d, "e", 0755);
  syscall(SYS_mknodat, d, "fifo2", S_IFIFO | 0644, 0);
  syscall(SYS_fchmodat, d, "f", 0644);
  syscall(SYS_fchownat, d, "f", 0, 0, 0);
  syscall(SYS_futimesat, d, "f", NULL);
  syscall(SYS_utimensat, d, "f", NULL, 0);
  syscall(SYS_utimensat, d, NULL, NULL, 0);
  syscall(SYS_symlinkat, "f", d, "sym2");
  syscall(SYS_readlinkat, d, "sym2", buf, sizeof buf);
  syscall(SYS_linkat, d, "f", d, "hard3", 0);
  syscall(SYS_renameat, d, "hard3", d, "hard4");
  syscall(SYS_renameat2, d, "hard4", AT_FDCWD, "sub/hard5", 0);
  syscall(SYS_unlinkat, d, "hard5", 0);
  syscall(SYS_unlinkat, d, "e", AT_REMOVEDIR);
  syscall(SYS_unlinkat, d, "gone", 0); /* ENOENT */
  {
    struct { unsigned int handle_bytes; int handle_type; unsigned char f_handle[128]; } h = { 128, 0, {0} };
    int mount_id;
    syscall(SYS_name_to_handle_at, d, "f", &h, &mount_id, 0);
  }
  syscall(SYS_chdir, "sub");
  syscall(SYS_stat, "f", &st);
  syscall(SYS_chdir, "..");
  syscall(SYS_chroot, "/nonexistent-root"); /* ENOENT */
  {
    char *argv[] = { "true", NULL };
    char *envp[] = { NULL };
    if (fork() == 0) {
      syscall(SYS_execve, "/nonexistent/true", argv, envp); /* ENOENT */
      syscall(SYS_execveat, AT_FDCWD, "/bin/true", argv, envp, 0);
      _exit(1);
    }
    wait(NULL);
  }
  return 0;
}
