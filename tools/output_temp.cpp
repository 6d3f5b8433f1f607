// The temporary file the result is written to (output_parts.hpp).
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "output_parts.hpp"
#include "streams.hpp"

namespace fipsmod::cli::output_parts {

std::string temp_name() {
  unsigned char random[6] = {};
  if (getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random)) {
    const unsigned long fallback = static_cast<unsigned long>(getpid()) * 2654435761u ^ static_cast<unsigned long>(std::rand());
    std::memcpy(random, &fallback, sizeof random < sizeof fallback ? sizeof random : sizeof fallback);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string name = ".fipsmod-";
  for (unsigned char byte : random) {
    name += kHex[byte >> 4];
    name += kHex[byte & 15];
  }
  return name;
}

int create_temp(int dir_fd, bool allow_unnamed, std::string& named) {
  named.clear();
  if (allow_unnamed) {
    const int fd = open_file(dir_fd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
    if (fd >= 0) {
      // It is given a name through /proc at the end: without /proc, use a
      // named temporary instead.
      struct stat st;
      const std::string proc = "/proc/self/fd/" + std::to_string(fd);
      if (stat(proc.c_str(), &st) == 0) return fd;
      ::close(fd);
    } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
      return -1;
    }
  }
  install_handlers_once();
  for (int attempt = 0;; ++attempt) {
    const std::string name = temp_name();
    SignalsBlocked blocked;
    const int fd = open_file(dir_fd, name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd >= 0) {
      arm(dir_fd, name);
      named = name;
      return fd;
    }
    if (errno != EEXIST || attempt == 100) return -1;
  }
}

}  // namespace fipsmod::cli::output_parts
