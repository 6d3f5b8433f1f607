#include "io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "quote.hpp"

namespace fipsmod::cli {

void report(std::string_view program, std::string_view message) {
  std::fprintf(stderr, "%.*s: %.*s\n", static_cast<int>(program.size()), program.data(),
               static_cast<int>(message.size()), message.data());
}

std::string quote(std::string_view name) { return quote_name(name); }

std::optional<InputFile> InputFile::open(const std::string& path, int& error) {
  if (path == "-") return InputFile(STDIN_FILENO, false);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errno;
    return std::nullopt;
  }
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return InputFile(fd, true);
}

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

std::optional<OutputFile> OutputFile::create(const std::string& path, int& error) {
  if (path == "-") return OutputFile(STDOUT_FILENO, "", path);
  // A new name beside the target, created exclusively with the usual
  // permissions (0666 less the umask), so the rename keeps one filesystem.
  for (int attempt = 0;; ++attempt) {
    std::string temp = path + ".fipsmod-" + std::to_string(getpid()) + "-" + std::to_string(attempt);
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return OutputFile(fd, std::move(temp), path);
    if (errno != EEXIST || attempt == 100) {
      error = errno;
      return std::nullopt;
    }
  }
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : fd_(other.fd_), temp_(std::move(other.temp_)), path_(std::move(other.path_)) {
  other.fd_ = -1;
  other.temp_.clear();
}

OutputFile::~OutputFile() {
  if (temp_.empty()) return;
  if (fd_ >= 0) ::close(fd_);
  ::unlink(temp_.c_str());
}

bool OutputFile::write(std::span<const std::uint8_t> data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data = data.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

bool OutputFile::commit() {
  if (temp_.empty()) return true;
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) return false;
  if (::rename(temp_.c_str(), path_.c_str()) != 0) return false;
  temp_.clear();
  return true;
}

}  // namespace fipsmod::cli
