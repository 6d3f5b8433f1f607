// Copying the finished result into OUT in place (output_target.hpp).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io.hpp"
#include "output_parts.hpp"
#include "output_target.hpp"

namespace fipsmod::cli {

using output_parts::describe;
using output_parts::SignalsBlocked;

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
