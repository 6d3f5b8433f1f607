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
namespace {

bool closed[3] = {false, false, false};

}  // namespace

void occupy_standard_fds() {
  for (int fd = 0; fd < 3; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    closed[fd] = true;
    // An O_PATH descriptor holds the number but cannot be read or written
    // (EBADF, as the closed descriptor gave). open() returns the lowest free
    // number, which is `fd`, since the lower ones are taken by now.
    int placeholder = open("/dev/null", O_PATH | O_CLOEXEC);
    if (placeholder < 0) placeholder = open("/", O_PATH | O_CLOEXEC);
    if (placeholder >= 0 && placeholder != fd) {
      // Not the lowest free number after all: move it where it belongs.
      dup2(placeholder, fd);
      close(placeholder);
    }
  }
}

bool closed_at_start(int fd) { return fd >= 0 && fd < 3 && closed[fd]; }

bool close_stdin(int& error) {
  errno = 0;
  const bool close_failed = std::fclose(stdin) != 0;
  error = errno;
  if (closed[0]) {
    error = EBADF;  // what closing the descriptor itself would have said
    return false;
  }
  return !close_failed;
}

int close_standard_streams(std::string_view program, int status) {
  // gnulib's close_stream: an error already seen, or a failure to close
  // while output was pending or for another reason than "already closed".
  const bool pending = __fpending(stdout) != 0;
  const bool failed_before = std::ferror(stdout) != 0;
  errno = 0;
  bool close_failed = std::fclose(stdout) != 0;
  int error = errno;
  if (closed[1]) {
    close_failed = true;
    error = EBADF;
  }
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
