// Extended attributes: copy_attributes (output_target.hpp).
#include <sys/xattr.h>

#include <cerrno>
#include <string>
#include <string_view>
#include <vector>

#include "output_target.hpp"

namespace fipsmod::cli {
namespace {

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

}  // namespace fipsmod::cli
