// The kinds of OUT and their rules (output_target.hpp): what open() makes
// of OUT, and how commit() puts the result in place. The parts are in
// output_parts.hpp.
#include "output_target.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "io.hpp"
#include "output_parts.hpp"
#include "quote.hpp"
#include "streams.hpp"

namespace fipsmod::cli {

std::string output_parts::describe(const std::string& shown, int error) {
  return quote(shown) + ": " + std::strerror(error);
}

namespace {

// Writes all of data; false with errno set.
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

using output_parts::arm;
using output_parts::create_temp;
using output_parts::describe;
using output_parts::disarm;
using output_parts::install_handlers_once;
using output_parts::open_in_place;
using output_parts::Resolved;
using output_parts::resolve_links;
using output_parts::same_file;
using output_parts::SignalsBlocked;
using output_parts::split;
using output_parts::temp_name;
using output_parts::writable;

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

int write_output(std::string_view program, const std::string& path, const NextChunk& next) {
  std::string message;
  auto out = OutputTarget::open(path, message);
  if (!out) {
    report(program, message);
    return 1;
  }
  for (;;) {
    const auto chunk = next();
    if (!chunk) return 1;
    if (chunk->empty()) break;
    if (!out->write(*chunk)) {
      report(program, quote(path) + ": " + std::strerror(errno));
      return 1;
    }
  }
  if (!out->commit(message)) {
    report(program, message);
    return 1;
  }
  return 0;
}

}  // namespace fipsmod::cli
