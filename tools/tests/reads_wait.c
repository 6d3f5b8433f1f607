/* Loaded with LD_PRELOAD under the fipsmod command by many_files_test.sh
 * (mode "waits"): a read of a descriptor opened without waiting
 * (O_NONBLOCK) whose file is named "reads-wait" fails EAGAIN, as a read of
 * /proc/kmsg does while the kernel has no message for it. That is a regular
 * file whose reads wait, which the test cannot make otherwise without
 * taking the machine's kernel messages. A descriptor opened to wait reads
 * the file as usual. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int would_wait(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || !(flags & O_NONBLOCK)) return 0;
  char link[64], target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t len = readlink(link, target, sizeof target - 1);
  if (len <= 0) return 0;
  target[len] = 0;
  const char* base = strrchr(target, '/');
  return base != NULL && strcmp(base + 1, "reads-wait") == 0;
}

ssize_t read(int fd, void* buffer, size_t n) {
  static ssize_t (*real)(int, void*, size_t);
  if (would_wait(fd)) {
    errno = EAGAIN;
    return -1;
  }
  if (!real) real = (ssize_t (*)(int, void*, size_t))dlsym(RTLD_NEXT, "read");
  return real(fd, buffer, n);
}
