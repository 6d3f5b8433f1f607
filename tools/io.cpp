#include "io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "quote.hpp"
#include "streams.hpp"

namespace fipsmod::cli {

void report(std::string_view program, std::string_view message) {
  // What was written to standard output before the message goes out first,
  // as glibc's error() does for coreutils: with both on one file (2>&1),
  // lines and messages keep their order whatever ends a line (-z: NUL).
  std::fflush(stdout);
  std::fprintf(stderr, "%.*s: %.*s\n", static_cast<int>(program.size()), program.data(),
               static_cast<int>(message.size()), message.data());
}

std::string quote(std::string_view name) { return quote_name(name); }

std::optional<InputFile> InputFile::open(const std::string& path, int& error, bool advise) {
  if (path == "-") return InputFile(STDIN_FILENO, false);
  const int fd = open_file(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errno;
    return std::nullopt;
  }
  if (advise) posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return InputFile(fd, true);
}

std::optional<InputFile> InputFile::open_probing(const std::string& path, int& error, struct stat& st) {
  const int fd = open_file(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0 || fstat(fd, &st) != 0) {
    error = errno;
    if (fd >= 0) ::close(fd);
    return std::nullopt;
  }
  return InputFile(fd, true);
}

int InputFile::release() {
  if (!owned_) return -1;
  owned_ = false;
  return fd_;
}

void InputFile::advise() const { posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL); }

InputFile::InputFile(InputFile&& other) noexcept : fd_(other.fd_), owned_(other.owned_) { other.owned_ = false; }

InputFile::~InputFile() {
  if (owned_) ::close(fd_);
}

std::optional<std::uint64_t> InputFile::size() const {
  struct stat st;
  if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(st.st_size);
}

long InputFile::read(std::span<std::uint8_t> buffer) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer.data(), buffer.size());
    if (n >= 0 || errno != EINTR) return static_cast<long>(n);
  }
}

}  // namespace fipsmod::cli
