#include "output_target.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <string_view>
#include <utility>
#include <vector>

#include "io.hpp"
#include "quote.hpp"
#include "streams.hpp"

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

// Where the symbolic links that a path ends in lead.
struct Resolved {
  enum class Kind { kName, kOpenFile } kind = Kind::kName;
  int dir_fd = -1;   // kName: the directory holding the file (owned), and
  std::string name;  // its name there
  int own_fd = -1;   // kOpenFile: this process's descriptor of it, or -1

  Resolved() = default;
  Resolved(const Resolved&) = delete;
  Resolved& operator=(const Resolved&) = delete;
  ~Resolved() {
    if (dir_fd >= 0) ::close(dir_fd);
  }
};

// Follows the symbolic links that `path` ends in, one by one, to the
// directory and name of the file they lead to, which must be `target` (as
// the kernel's own resolution found it); or, at a link on /proc (such as
// /proc/self/fd/1, where /dev/stdout and /dev/fd/1 lead), stops: that link
// is a process's open file, which the kernel follows to the file itself
// and not to a name (the file may have none left). Returns false with
// errno set.
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

// ---- Extended attributes ----------------------------------------------------

// A list of names (flistxattr) or a value (fgetxattr), however long: the
// size asked for first can have grown by the time it is read.
template <class Get>
bool read_growing(Get get, std::string& out) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    const ssize_t size = get(nullptr, 0);
    if (size < 0) return false;
    out.assign(static_cast<std::size_t>(size), '\0');
    if (size == 0) return true;
    const ssize_t n = get(out.data(), out.size());
    if (n >= 0) {
      out.resize(static_cast<std::size_t>(n));
      return true;
    }
    if (errno != ERANGE) return false;
  }
  errno = ERANGE;
  return false;
}

// The names of the extended attributes of `fd`; none where the filesystem
// has none.
bool attribute_names(int fd, std::vector<std::string>& names) {
  names.clear();
  std::string list;
  if (!read_growing([fd](char* buf, std::size_t size) { return flistxattr(fd, buf, size); }, list)) {
    return errno == ENOTSUP;
  }
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t end = list.find('\0', at);
    const std::size_t stop = end == std::string::npos ? list.size() : end;
    if (stop > at) names.push_back(list.substr(at, stop - at));
    at = stop + 1;
  }
  return true;
}

// File capabilities are not given to new contents: the kernel removes them
// from a file whenever it is written, and so does this.
bool carried_over(std::string_view name) { return name != "security.capability"; }

}  // namespace

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

bool copy_attributes(int from, int to, std::string& failed, const std::string& refuse_prefix) {
  failed.clear();
  std::vector<std::string> wanted, present;
  if (!attribute_names(from, wanted)) return false;
  for (const std::string& name : wanted) {
    if (!carried_over(name)) continue;
    failed = name;
    std::string value;
    if (!read_growing([&](char* buf, std::size_t size) { return fgetxattr(from, name.c_str(), buf, size); }, value)) {
      if (errno == ENODATA) continue;  // removed meanwhile
      return false;
    }
    if (!refuse_prefix.empty() && name.starts_with(refuse_prefix)) {
      errno = EPERM;
      return false;
    }
    if (fsetxattr(to, name.c_str(), value.data(), value.size(), 0) != 0) return false;
  }
  // What the new file has of its own (an ACL inherited from the directory's
  // default ACL) would change who may read it: it goes.
  failed.clear();
  if (!attribute_names(to, present)) return false;
  for (const std::string& name : present) {
    bool keep = !carried_over(name);
    for (const std::string& w : wanted) keep = keep || w == name;
    if (keep) continue;
    failed = name;
    if (fremovexattr(to, name.c_str()) != 0 && errno != ENODATA) return false;
  }
  failed.clear();
  return true;
}

namespace {

// Creates a temporary file in dir_fd for reading and writing, with 0666
// less the umask: unnamed where the filesystem allows, else under a short
// name registered for removal on a signal. Returns the fd, or -1 with errno.
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

// Opens `path` for writing in place and checks that it is still `st`.
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

}  // namespace

std::optional<OutputTarget> OutputTarget::open(const std::string& path, std::string& message, Options options) {
  OutputTarget out;
  out.shown_ = path;
  out.refuse_xattr_prefix_ = options.refuse_xattr_prefix;
  if (path == "-") {
    out.kind_ = Kind::kStdout;
    out.fd_ = STDOUT_FILENO;
    return out;
  }
  // What OUT is, after the kernel has followed any links (and applied its
  // policy on following them).
  const int probe = open_file(path.c_str(), O_PATH | O_CLOEXEC);
  struct stat st {};
  if (probe < 0) {
    const int error = errno;
    struct stat link;
    if (error == ENOENT && lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
      message = "not writing through dangling symlink " + quote_argument(path);
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
    out.dir_fd_ = open_file(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
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

  Resolved where;
  bool resolved = false;
  int resolve_error = 0;
  if (out.dir_fd_ < 0) {
    if (S_ISDIR(st.st_mode)) {
      message = describe(path, EISDIR);
      return std::nullopt;
    }
    resolved = resolve_links(path, st, where);
    resolve_error = errno;
  }
  const bool open_file_link = resolved && where.kind == Resolved::Kind::kOpenFile;
  if (open_file_link && where.own_fd >= 0 && writable(where.own_fd)) {
    // One of our own descriptors, open for writing (/dev/stdout): written
    // through, at its offset, as -o - writes standard output.
    out.kind_ = Kind::kInPlace;
    out.fd_ = fcntl(where.own_fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
    if (out.fd_ < 0) {
      message = describe(path, errno);
      return std::nullopt;
    }
    return out;
  }
  if (out.dir_fd_ < 0 && !S_ISREG(st.st_mode)) {
    // A FIFO or device: written in place, as a shell redirection would.
    out.kind_ = Kind::kInPlace;
    out.fd_ = open_in_place(path, st, 0);
    if (out.fd_ < 0) {
      message = describe(path, errno);
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
    out.original_fd_ = open_in_place(path, st, O_NONBLOCK);
    if (out.original_fd_ < 0) {
      // A running program cannot be written, but can be replaced.
      if (!(errno == ETXTBSY && !open_file_link && faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) == 0)) {
        message = describe(path, errno);
        return std::nullopt;
      }
    }
    if (!resolved) {
      message = describe(path, resolve_error);
      return std::nullopt;
    }
    if (open_file_link) {
      // Another process's open file, or one of ours not open for writing:
      // it has no name to replace (it may have none left), so the result
      // is computed in full, then copied into it from its start.
      out.copy_only_ = true;
    } else {
      out.dir_fd_ = std::exchange(where.dir_fd, -1);
      out.name_ = where.name;
    }
  }

  int first_error = 0;
  if (!out.copy_only_) {
    out.fd_ = create_temp(out.dir_fd_, options.allow_unnamed_temp, out.temp_name_);
    if (out.fd_ >= 0) {
      out.temp_dir_fd_ = out.dir_fd_;
      return out;
    }
    first_error = errno;
    if (!(out.existed_ && out.original_fd_ >= 0 && (first_error == EACCES || first_error == EPERM))) {
      message = describe(path, first_error);
      return std::nullopt;
    }
    // OUT is writable but its directory is not: compute the result beside
    // the other temporary files, then copy it into OUT.
    out.copy_only_ = true;
  }
  const char* tmpdir = std::getenv("TMPDIR");
  out.temp_dir_fd_ = open_file(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (out.temp_dir_fd_ >= 0) {
    out.fd_ = create_temp(out.temp_dir_fd_, options.allow_unnamed_temp, out.temp_name_);
    if (out.fd_ >= 0) return out;
  }
  message = describe(path, first_error != 0 ? first_error : errno);
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
      written_(other.written_),
      refuse_xattr_prefix_(std::move(other.refuse_xattr_prefix_)) {
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
    // Its extended attributes too: ACLs (system.posix_acl_access), user.*
    // and the rest, so that nobody gains access the old file denied. What
    // cannot be given also keeps the old file, rewritten.
    if (!keep_inode) {
      int from = original_fd_;
      if (from < 0) {  // a running program: read its attributes read-only
        from = open_file(dir_fd_, name_.c_str(), O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
        struct stat now;
        if (from >= 0 && (fstat(from, &now) != 0 || !same_file(now, original_))) {
          ::close(from);
          from = -1;
          errno = EAGAIN;
        }
      }
      std::string failed;
      const bool copied = from >= 0 && copy_attributes(from, fd_, failed, refuse_xattr_prefix_);
      const int error = errno;
      if (from >= 0 && from != original_fd_) ::close(from);
      if (!copied) {
        if (original_fd_ < 0) {  // nothing to rewrite in place either
          message = quote(shown_) + ": cannot keep " +
                    (failed.empty() ? std::string("its extended attributes") : "extended attribute " + quote_argument(failed)) +
                    ": " + std::strerror(error);
          return false;
        }
        keep_inode = true;
      }
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
      const ssize_t m = pwrite(original_fd_, buffer.data() + done, static_cast<std::size_t>(n - done), offset + done);
      if (m < 0 && errno == EINTR) continue;
      if (m <= 0) {  // a failed write wrote nothing; those before it did
        if (m == 0) errno = EIO;
        return fail();
      }
      touched = true;
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
