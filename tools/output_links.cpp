// Following OUT's symbolic links, and opening it in place (output_parts.hpp).
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "output_parts.hpp"
#include "output_target.hpp"
#include "streams.hpp"

namespace fipsmod::cli::output_parts {
namespace {

bool on_procfs(int fd) {
  struct statfs fs;
  return fstatfs(fd, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
}

// Whether directory `dir_fd` is this process's /proc/self/fd (or its
// thread's /proc/thread-self/fd).
bool own_fd_directory(int dir_fd) {
  struct stat dir;
  if (fstat(dir_fd, &dir) != 0) return false;
  for (const char* own : {"/proc/self/fd", "/proc/thread-self/fd"}) {
    struct stat st;
    if (stat(own, &st) == 0 && same_file(st, dir)) return true;
  }
  return false;
}

// The descriptor number a /proc/.../fd entry is named by, or -1.
int descriptor_number(const std::string& name) {
  if (name.empty() || name.size() > 9 || (name.size() > 1 && name[0] == '0')) return -1;
  int n = 0;
  for (char c : name) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

std::pair<std::string, std::string> split(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

Resolved::~Resolved() {
  if (dir_fd >= 0) ::close(dir_fd);
}

bool resolve_links(const std::string& path, const struct stat& target, Resolved& out) {
  auto [dir, base] = split(path);
  int dir_fd = open_file(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return false;
  std::string name = base;
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) break;
    if (!S_ISLNK(st.st_mode)) {
      if (!same_file(st, target)) {
        errno = EAGAIN;
        break;
      }
      out.kind = Resolved::Kind::kName;
      out.dir_fd = dir_fd;
      out.name = name;
      return true;
    }
    if (on_procfs(dir_fd)) {
      out.kind = Resolved::Kind::kOpenFile;
      out.own_fd = -1;
      const int n = own_fd_directory(dir_fd) ? descriptor_number(name) : -1;
      struct stat now;
      if (n >= 0 && fstat(n, &now) == 0 && same_file(now, target)) out.own_fd = n;
      ::close(dir_fd);
      return true;
    }
    if (hops == 40) {
      errno = ELOOP;
      break;
    }
    std::string to;
    if (!read_link(dir_fd, name.c_str(), to)) break;
    if (to.empty()) {  // changed under us
      errno = EAGAIN;
      break;
    }
    auto [to_dir, to_base] = split(to);
    const int next = open_file(to.front() == '/' ? AT_FDCWD : dir_fd, to_dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (next < 0) break;
    ::close(dir_fd);
    dir_fd = next;
    name = to_base;
  }
  // What the links lead to is not what the kernel opened: it changed while
  // we looked, or the path is stranger than we follow.
  const int error = errno;
  ::close(dir_fd);
  errno = error;
  return false;
}

int open_in_place(const std::string& path, const struct stat& st, int flags) {
  const int fd = open_file(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | flags);
  if (fd < 0) return -1;
  struct stat now;
  if (fstat(fd, &now) != 0 || !same_file(now, st)) {
    ::close(fd);
    errno = EAGAIN;
    return -1;
  }
  return fd;
}

bool writable(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  return flags != -1 && (flags & O_PATH) == 0 && ((flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR);
}

}  // namespace fipsmod::cli::output_parts

namespace fipsmod::cli {

bool read_link(int dir_fd, const char* name, std::string& target) {
  // lstat's st_size is no guide: /proc reports 64 for its fd links and 0
  // for others, whatever their length.
  for (std::size_t size = 256;; size *= 2) {
    target.resize(size);
    const ssize_t n = readlinkat(dir_fd, name, target.data(), size);
    if (n < 0) return false;
    if (static_cast<std::size_t>(n) < size) {
      target.resize(static_cast<std::size_t>(n));
      return true;
    }
    if (size >= (std::size_t{1} << 20)) {
      errno = ENAMETOOLONG;
      return false;
    }
  }
}

}  // namespace fipsmod::cli
