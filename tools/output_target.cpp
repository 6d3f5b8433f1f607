#include "output_target.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <utility>
#include <vector>

#include "io.hpp"

namespace fipsmod::cli {
namespace {

// ---- Removing a named temporary on a signal --------------------------------
//
// One named temporary at a time is registered here. Its name is published
// before the handler may see it, with the signals blocked around creating,
// renaming and removing it, so no signal finds a name that is not (yet, or
// any more) the temporary.

constexpr int kCleanupSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ};

volatile sig_atomic_t g_armed = 0;
int g_temp_dir_fd = -1;
char g_temp_name[64];

extern "C" void remove_temp_and_die(int sig) {
  if (g_armed) unlinkat(g_temp_dir_fd, g_temp_name, 0);
  // Die of the same signal, as the default action would have.
  signal(sig, SIG_DFL);
  raise(sig);
}

sigset_t cleanup_set() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kCleanupSignals) sigaddset(&set, sig);
  return set;
}

void install_handlers_once() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  struct sigaction action {};
  action.sa_handler = remove_temp_and_die;
  action.sa_mask = cleanup_set();
  for (int sig : kCleanupSignals) {
    struct sigaction old {};
    // A signal the caller ignores (nohup, trap '' XFSZ) stays ignored.
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sig, &action, nullptr);
  }
}

// Blocks the cleanup signals for its lifetime.
class SignalsBlocked {
 public:
  SignalsBlocked() {
    const sigset_t set = cleanup_set();
    sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsBlocked() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

void arm(int dir_fd, const std::string& name) {
  g_temp_dir_fd = dir_fd;
  std::memcpy(g_temp_name, name.c_str(), name.size() + 1);
  g_armed = 1;
}

void disarm() { g_armed = 0; }

// ---- Names and files --------------------------------------------------------

// A short hidden name that is hard to guess: ".fipsmod-" and 12 hex digits,
// far below NAME_MAX whatever OUT's own name is.
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

// Splits a path into the directory that holds its last component and that
// component's name; the directory is "." or "/" when the path has none.
std::pair<std::string, std::string> split(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

std::string describe(const std::string& shown, int error) { return quote(shown) + ": " + std::strerror(error); }

// Follows the symbolic links that `path` ends in, one by one, to the
// directory and name of the file they lead to, which must be `target`
// (as the kernel's own resolution found it). Returns false with errno set.
bool resolve_links(const std::string& path, const struct stat& target, int& dir_fd, std::string& name) {
  auto [dir, base] = split(path);
  dir_fd = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return false;
  name = base;
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) break;
    if (!S_ISLNK(st.st_mode)) {
      if (same_file(st, target)) return true;
      errno = EAGAIN;
      break;
    }
    if (hops == 40) {
      errno = ELOOP;
      break;
    }
    std::vector<char> link(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    const ssize_t n = readlinkat(dir_fd, name.c_str(), link.data(), link.size());
    if (n <= 0 || static_cast<std::size_t>(n) >= link.size()) {  // changed under us
      if (n >= 0) errno = EAGAIN;
      break;
    }
    const std::string to(link.data(), static_cast<std::size_t>(n));
    auto [to_dir, to_base] = split(to);
    const int next = openat(to.front() == '/' ? AT_FDCWD : dir_fd, to_dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (next < 0) break;
    ::close(dir_fd);
    dir_fd = next;
    name = to_base;
  }
  // What the links lead to is not what the kernel opened: it changed while
  // we looked, or the path is stranger than we follow.
  const int error = errno;
  ::close(dir_fd);
  dir_fd = -1;
  errno = error;
  return false;
}

// Creates a temporary file in dir_fd for reading and writing, with 0666
// less the umask: unnamed where the filesystem allows, else under a short
// name registered for removal on a signal. Returns the fd, or -1 with errno.
int create_temp(int dir_fd, bool allow_unnamed, std::string& named) {
  named.clear();
  if (allow_unnamed) {
    const int fd = openat(dir_fd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
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
    const int fd = openat(dir_fd, name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd >= 0) {
      arm(dir_fd, name);
      named = name;
      return fd;
    }
    if (errno != EEXIST || attempt == 100) return -1;
  }
}

bool write_all(int fd, std::span<const std::uint8_t> data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data = data.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

std::optional<OutputTarget> OutputTarget::open(const std::string& path, std::string& message, Options options) {
  OutputTarget out;
  out.shown_ = path;
  if (path == "-") {
    out.kind_ = Kind::kStdout;
    out.fd_ = STDOUT_FILENO;
    return out;
  }
  // What OUT is, after the kernel has followed any links (and applied its
  // policy on following them).
  const int probe = ::open(path.c_str(), O_PATH | O_CLOEXEC);
  struct stat st {};
  if (probe < 0) {
    const int error = errno;
    struct stat link;
    if (error == ENOENT && lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
      message = "not writing through dangling symlink " + quote(path);
      return std::nullopt;
    }
    if (error != ENOENT) {
      message = describe(path, error);
      return std::nullopt;
    }
    // A new file. A name ending in / can only be a directory.
    if (path.back() == '/') {
      message = describe(path, EISDIR);
      return std::nullopt;
    }
    auto [dir, base] = split(path);
    out.dir_fd_ = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (out.dir_fd_ < 0) {
      message = describe(path, errno);
      return std::nullopt;
    }
    out.name_ = base;
  } else {
    const bool ok = fstat(probe, &st) == 0;
    const int error = errno;
    ::close(probe);
    if (!ok) {
      message = describe(path, error);
      return std::nullopt;
    }
  }

  if (out.dir_fd_ < 0 && S_ISDIR(st.st_mode)) {
    message = describe(path, EISDIR);
    return std::nullopt;
  }
  if (out.dir_fd_ < 0 && !S_ISREG(st.st_mode)) {
    // A FIFO or device: written in place, as a shell redirection would.
    out.kind_ = Kind::kInPlace;
    out.fd_ = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    struct stat now;
    if (out.fd_ < 0) {
      message = describe(path, errno);
      return std::nullopt;
    }
    if (fstat(out.fd_, &now) != 0 || !same_file(now, st)) {
      message = describe(path, EAGAIN);
      return std::nullopt;
    }
    return out;
  }

  out.kind_ = Kind::kReplace;
  if (out.dir_fd_ < 0) {
    // An existing regular file: it must be writable, as for a redirection,
    // and stays open in case the result has to be copied into it.
    out.existed_ = true;
    out.original_ = st;
    out.original_fd_ = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (out.original_fd_ < 0) {
      // A running program cannot be written, but can be replaced.
      if (!(errno == ETXTBSY && faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) == 0)) {
        message = describe(path, errno);
        return std::nullopt;
      }
    } else {
      struct stat now;
      if (fstat(out.original_fd_, &now) != 0 || !same_file(now, st)) {
        message = describe(path, EAGAIN);
        return std::nullopt;
      }
    }
    if (!resolve_links(path, st, out.dir_fd_, out.name_)) {
      message = describe(path, errno);
      return std::nullopt;
    }
  }

  out.fd_ = create_temp(out.dir_fd_, options.allow_unnamed_temp, out.temp_name_);
  if (out.fd_ >= 0) {
    out.temp_dir_fd_ = out.dir_fd_;
    return out;
  }
  const int error = errno;
  if (out.existed_ && out.original_fd_ >= 0 && (error == EACCES || error == EPERM)) {
    // OUT is writable but its directory is not: compute the result beside
    // the other temporary files, then copy it into OUT.
    const char* tmpdir = std::getenv("TMPDIR");
    out.temp_dir_fd_ = ::open(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (out.temp_dir_fd_ >= 0) {
      out.fd_ = create_temp(out.temp_dir_fd_, options.allow_unnamed_temp, out.temp_name_);
      if (out.fd_ >= 0) {
        out.copy_only_ = true;
        return out;
      }
    }
  }
  message = describe(path, error);
  return std::nullopt;
}

OutputTarget::OutputTarget(OutputTarget&& other) noexcept
    : kind_(other.kind_),
      shown_(std::move(other.shown_)),
      fd_(std::exchange(other.fd_, -1)),
      dir_fd_(std::exchange(other.dir_fd_, -1)),
      name_(std::move(other.name_)),
      temp_dir_fd_(std::exchange(other.temp_dir_fd_, -1)),
      temp_name_(std::move(other.temp_name_)),
      existed_(other.existed_),
      original_(other.original_),
      original_fd_(std::exchange(other.original_fd_, -1)),
      copy_only_(other.copy_only_),
      written_(other.written_) {
  other.temp_name_.clear();
  other.kind_ = Kind::kStdout;
}

OutputTarget::~OutputTarget() {
  drop_temp();
  if (kind_ != Kind::kStdout && fd_ >= 0) ::close(fd_);
  if (original_fd_ >= 0) ::close(original_fd_);
  if (temp_dir_fd_ >= 0 && temp_dir_fd_ != dir_fd_) ::close(temp_dir_fd_);
  if (dir_fd_ >= 0) ::close(dir_fd_);
}

void OutputTarget::drop_temp() {
  if (temp_name_.empty()) return;
  SignalsBlocked blocked;
  unlinkat(temp_dir_fd_, temp_name_.c_str(), 0);
  disarm();
  temp_name_.clear();
}

bool OutputTarget::write(std::span<const std::uint8_t> data) {
  if (!write_all(fd_, data)) return false;
  written_ += data.size();
  return true;
}

bool OutputTarget::commit(std::string& message) {
  switch (kind_) {
    case Kind::kStdout:
      return true;
    case Kind::kInPlace: {
      const int fd = std::exchange(fd_, -1);
      struct stat st;
      // A block device reports some write errors only when flushed.
      bool ok = fstat(fd, &st) != 0 || !S_ISBLK(st.st_mode) || fsync(fd) == 0;
      int error = errno;
      if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
      }
      if (!ok) message = describe(shown_, error);
      return ok;
    }
    case Kind::kReplace:
      break;
  }
  if (copy_only_) return copy_in_place(message);
  if (existed_) {
    // The new file takes the old one's owner and mode (the owner first:
    // chown clears the set-user-ID bits). When the owner cannot be given,
    // or other links share the old file, the old file is rewritten instead.
    struct stat mine;
    if (fstat(fd_, &mine) != 0) {
      message = describe(shown_, errno);
      return false;
    }
    bool keep_inode = original_.st_nlink > 1;
    if (!keep_inode && (mine.st_uid != original_.st_uid || mine.st_gid != original_.st_gid) &&
        fchown(fd_, original_.st_uid, original_.st_gid) != 0) {
      if (errno != EPERM) {
        message = describe(shown_, errno);
        return false;
      }
      keep_inode = true;
    }
    if (keep_inode) return copy_in_place(message);
    if (fchmod(fd_, original_.st_mode & 07777) != 0) {
      message = describe(shown_, errno);
      return false;
    }
  }
  return publish(message);
}

// Gives the finished temporary OUT's name, replacing what was there.
bool OutputTarget::publish(std::string& message) {
  SignalsBlocked blocked;
  if (temp_name_.empty()) {
    // Unnamed: link it under a short name first (linkat cannot replace a
    // name), then rename that over OUT.
    const std::string proc = "/proc/self/fd/" + std::to_string(fd_);
    for (int attempt = 0;; ++attempt) {
      const std::string name = temp_name();
      if (linkat(AT_FDCWD, proc.c_str(), dir_fd_, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
        install_handlers_once();
        arm(dir_fd_, name);
        temp_name_ = name;
        break;
      }
      if (errno != EEXIST || attempt == 100) {
        message = describe(shown_, errno);
        return false;
      }
    }
  }
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) {
    message = describe(shown_, errno);
    return false;
  }
  if (renameat(dir_fd_, temp_name_.c_str(), dir_fd_, name_.c_str()) != 0) {
    message = describe(shown_, errno);
    return false;
  }
  disarm();
  temp_name_.clear();
  return true;
}

// Copies the finished temporary into the existing OUT, which keeps its
// inode, links, owner and mode. Space is reserved first, so a full disk
// stops it before OUT is touched, and the cleanup signals wait.
bool OutputTarget::copy_in_place(std::string& message) {
  if (original_fd_ < 0) {
    message = describe(shown_, ETXTBSY);
    return false;
  }
  const auto size = static_cast<off_t>(written_);
  if (size > 0 && fallocate(original_fd_, FALLOC_FL_KEEP_SIZE, 0, size) != 0 && errno != EOPNOTSUPP &&
      errno != ENOSYS) {
    message = describe(shown_, errno);
    return false;
  }
  // An interrupt now would leave OUT half old, half new: it waits until
  // the copy is done.
  SignalsBlocked blocked;
  std::vector<std::uint8_t> buffer(kChunkSize);
  bool touched = false;
  const auto fail = [&] {
    message = describe(shown_, errno);
    if (touched) message += " (it may be partly rewritten)";
    return false;
  };
  for (off_t offset = 0; offset < size;) {
    const ssize_t n = pread(fd_, buffer.data(), buffer.size(), offset);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // the temporary is shorter than written
      return fail();
    }
    for (ssize_t done = 0; done < n;) {
      touched = true;
      const ssize_t m = pwrite(original_fd_, buffer.data() + done, static_cast<std::size_t>(n - done), offset + done);
      if (m < 0 && errno == EINTR) continue;
      if (m <= 0) {
        if (m == 0) errno = EIO;
        return fail();
      }
      done += m;
    }
    offset += n;
  }
  touched = true;
  if (ftruncate(original_fd_, size) != 0) return fail();
  if (::close(std::exchange(original_fd_, -1)) != 0) return fail();
  return true;
}

}  // namespace fipsmod::cli
