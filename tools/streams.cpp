#include "streams.hpp"

#include <fcntl.h>
#include <stdio_ext.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "io.hpp"

namespace fipsmod::cli {

int fd_safer(int fd, bool cloexec) {
  if (fd < 0 || fd > STDERR_FILENO) return fd;
  // The lowest free number from 3; the low one is given back, so a closed
  // standard descriptor is closed again.
  const int moved = fcntl(fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, STDERR_FILENO + 1);
  const int error = errno;
  ::close(fd);
  errno = error;
  return moved;
}

int open_file(int dir_fd, const char* path, int flags, mode_t mode) {
  return fd_safer(::openat(dir_fd, path, flags, mode), (flags & O_CLOEXEC) != 0);
}

bool close_stdin(int& error) {
  errno = 0;
  const bool ok = std::fclose(stdin) == 0;
  error = errno;
  return ok;
}

int close_standard_streams(std::string_view program, int status) {
  // gnulib's close_stream: an error already seen, or a failure to close
  // while output was pending or for another reason than "already closed"
  // (a standard output closed from the start and never written is fine).
  const bool pending = __fpending(stdout) != 0;
  const bool failed_before = std::ferror(stdout) != 0;
  errno = 0;
  const bool close_failed = std::fclose(stdout) != 0;
  const int error = errno;
  if (failed_before || (close_failed && (pending || error != EBADF))) {
    report(program, close_failed ? "write error: " + std::string(std::strerror(error)) : "write error");
    status = 1;
  }
  const bool stderr_failed = std::ferror(stderr) != 0;
  errno = 0;
  if (stderr_failed || (std::fclose(stderr) != 0 && errno != EBADF)) status = 1;
  return status;
}

}  // namespace fipsmod::cli
