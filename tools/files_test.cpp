// The command line's file primitives: open_file never hands out a standard
// descriptor (so a closed one stays closed, as with gnulib's open-safer),
// and read_link reads links whatever lstat says their length is.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "output_target.hpp"
#include "streams.hpp"

namespace fipsmod::cli {
namespace {

bool is_open(int fd) { return fcntl(fd, F_GETFD) != -1; }

// Closes standard descriptor `fd` for its lifetime, then puts it back.
class ClosedForAWhile {
 public:
  explicit ClosedForAWhile(int fd) : fd_(fd), saved_(fcntl(fd, F_DUPFD_CLOEXEC, 10)) { ::close(fd_); }
  ~ClosedForAWhile() {
    dup2(saved_, fd_);
    ::close(saved_);
  }
  ClosedForAWhile(const ClosedForAWhile&) = delete;
  ClosedForAWhile& operator=(const ClosedForAWhile&) = delete;

 private:
  int fd_, saved_;
};

// (The checks come after the descriptors are back: gtest prints a failure
// on standard output as it happens.)
TEST(OpenFile, LeavesAClosedStandardDescriptorClosed) {
  for (int standard : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    bool was_closed, reused, cloexec;
    int fd;
    {
      ClosedForAWhile closed(standard);
      was_closed = !is_open(standard);
      // open(2) would return `standard`, the lowest free number.
      fd = open_file("/dev/null", O_RDONLY | O_CLOEXEC);
      reused = is_open(standard);
      cloexec = (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0;
    }
    ASSERT_TRUE(was_closed);
    EXPECT_GE(fd, 3) << "descriptor " << standard;
    EXPECT_FALSE(reused) << "descriptor " << standard << " was reused";
    EXPECT_TRUE(cloexec);
    ::close(fd);
  }
}

TEST(OpenFile, AllThreeClosed) {
  int dir, fd, fd_flags;
  bool any_reused = false;
  {
    ClosedForAWhile in(STDIN_FILENO), out(STDOUT_FILENO), err(STDERR_FILENO);
    dir = open_file("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    fd = open_file(dir, "dev/null", O_WRONLY);
    fd_flags = fcntl(fd, F_GETFD);
    for (int standard = 0; standard < 3; ++standard) any_reused = any_reused || is_open(standard);
  }
  EXPECT_GE(dir, 3);
  EXPECT_GE(fd, 3);
  EXPECT_EQ(fd_flags & FD_CLOEXEC, 0) << "close-on-exec only when asked for";
  EXPECT_FALSE(any_reused);
  ::close(fd);
  ::close(dir);
}

TEST(OpenFile, FailureKeepsErrno) {
  int fd, error;
  bool reused;
  {
    ClosedForAWhile in(STDIN_FILENO);
    errno = 0;
    fd = open_file("/no/such/file/here", O_RDONLY);
    error = errno;
    reused = is_open(STDIN_FILENO);
  }
  EXPECT_EQ(fd, -1);
  EXPECT_EQ(error, ENOENT);
  EXPECT_FALSE(reused);
}

TEST(OpenFile, StdinClosedMeansNoDevStdin) {
  // What coreutils says for md5sum /dev/stdin <&-: the name leads nowhere.
  int fd, error;
  {
    ClosedForAWhile in(STDIN_FILENO);
    errno = 0;
    fd = open_file("/dev/stdin", O_RDONLY);
    error = errno;
  }
  EXPECT_EQ(fd, -1);
  EXPECT_EQ(error, ENOENT);
}

TEST(ReadLink, LongerThanLstatSays) {
  // /proc/self/fd/N says 64 bytes in lstat whatever the path it shows.
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/fipsmod-read-link-XXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/" + std::string(200, 'n');
  const int fd = open_file(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  const std::string proc = "/proc/self/fd/" + std::to_string(fd);
  struct stat st;
  ASSERT_EQ(lstat(proc.c_str(), &st), 0);
  std::string target;
  EXPECT_TRUE(read_link(AT_FDCWD, proc.c_str(), target));
  EXPECT_EQ(target, path);
  EXPECT_LT(static_cast<std::size_t>(st.st_size), target.size()) << "the case this test is about";
  // And a plain link, relative to a directory descriptor.
  const int dir_fd = open_file(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  const std::string long_target(3000, 'x');
  ASSERT_EQ(symlinkat(long_target.c_str(), dir_fd, "link"), 0);
  EXPECT_TRUE(read_link(dir_fd, "link", target));
  EXPECT_EQ(target, long_target);
  errno = 0;
  EXPECT_FALSE(read_link(dir_fd, "no-such-link", target));
  EXPECT_EQ(errno, ENOENT);
  unlinkat(dir_fd, "link", 0);
  ::close(dir_fd);
  ::close(fd);
  unlink(path.c_str());
  rmdir(dir.c_str());
}

}  // namespace
}  // namespace fipsmod::cli
