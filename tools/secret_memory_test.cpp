// Key material the command line holds (secret_memory.hpp): a signal that
// ends the process zeroises every registered region first, and only those;
// protect_secrets leaves no way to a core dump. Each case runs in a child
// process, whose memory the test reads afterwards through a shared mapping;
// the last watches, in a child too, what fipsmod rand gives back to
// operator delete.
#include <malloc.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <new>
#include <optional>
#include <stdexcept>

#include "commands.hpp"
#include "secret_memory.hpp"

// While fipsmod::cli::freed_blocks_scanned is set, every block given back
// to operator delete is searched for a run of 64 lowercase hex digits (what
// `fipsmod rand --hex` writes, and nothing else the command allocates
// holds); freed_blocks_with_hex counts the blocks that had one.
namespace fipsmod::cli {
namespace {
std::atomic<bool> freed_blocks_scanned{false};
std::atomic<int> freed_blocks_with_hex{0};

void scan_freed_block(void* p) noexcept {
  if (p == nullptr || !freed_blocks_scanned.load(std::memory_order_relaxed)) return;
  const auto* b = static_cast<const unsigned char*>(p);
  std::size_t run = 0;
  for (std::size_t i = 0, n = malloc_usable_size(p); i < n; ++i) {
    run = (b[i] >= '0' && b[i] <= '9') || (b[i] >= 'a' && b[i] <= 'f') ? run + 1 : 0;
    if (run == 64) {
      freed_blocks_with_hex.fetch_add(1);
      return;
    }
  }
}
}  // namespace
}  // namespace fipsmod::cli

void* operator new(std::size_t n) {
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  fipsmod::cli::scan_freed_block(p);
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  fipsmod::cli::scan_freed_block(p);
  std::free(p);
}

namespace fipsmod::cli {
namespace {

constexpr std::size_t kPage = 4096;
constexpr std::uint8_t kFill = 0xa5;

// A page shared with the children, filled with kFill.
class SharedPage {
 public:
  SharedPage()
      : p_(static_cast<std::uint8_t*>(mmap(nullptr, kPage, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0))) {
    if (p_ == MAP_FAILED) throw std::runtime_error("mmap");
    std::memset(p_, kFill, kPage);
  }
  ~SharedPage() { munmap(p_, kPage); }
  SharedPage(const SharedPage&) = delete;
  SharedPage& operator=(const SharedPage&) = delete;
  std::uint8_t* get() const { return p_; }
  // Whether bytes [from, to) all hold `value`.
  bool all(std::size_t from, std::size_t to, std::uint8_t value) const {
    for (std::size_t i = from; i < to; ++i) {
      if (p_[i] != value) return false;
    }
    return true;
  }

 private:
  std::uint8_t* p_;
};

// Runs `child` in a child process (which must not return) and returns its
// wait status.
template <class F>
int in_child(F child) {
  const pid_t pid = fork();
  if (pid == 0) {
    child();
    _exit(120);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

TEST(SecretMemory, ASignalZeroisesTheRegisteredRegionsThenKills) {
  for (int sig : {SIGHUP, SIGINT, SIGQUIT, SIGTERM}) {
    SharedPage page;
    const int status = in_child([&] {
      signal(sig, SIG_DFL);
      if (!protect_secrets()) _exit(121);
      const SecretRegion a(page.get(), 100);
      const SecretRegion b(page.get() + 200, 57);
      raise(sig);
    });
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << sig << ": status " << status;
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_FALSE(WCOREDUMP(status)) << "signal " << sig;
    EXPECT_TRUE(page.all(0, 100, 0)) << "signal " << sig;
    EXPECT_TRUE(page.all(100, 200, kFill)) << "signal " << sig;
    EXPECT_TRUE(page.all(200, 257, 0)) << "signal " << sig;
    EXPECT_TRUE(page.all(257, kPage, kFill)) << "signal " << sig;
  }
}

TEST(SecretMemory, ARegionGivenUpIsLeftAlone) {
  SharedPage page;
  const int status = in_child([&] {
    if (!protect_secrets()) _exit(121);
    { const SecretRegion gone(page.get(), 100); }
    const SecretRegion kept(page.get() + 1000, 10);
    raise(SIGTERM);
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_TRUE(page.all(0, 1000, kFill));
  EXPECT_TRUE(page.all(1000, 1010, 0));
}

TEST(SecretMemory, ASecretIsARegionUntilDestroyed) {
  SharedPage page;
  const int status = in_child([&] {
    if (!protect_secrets()) _exit(121);
    Secret<int>* secret = new (page.get()) Secret<int>;
    secret->value = 42;
    raise(SIGTERM);
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_TRUE(page.all(0, sizeof(std::optional<int>), 0));
}

TEST(SecretMemory, ASignalTheCallerIgnoresStaysIgnored) {
  const int status = in_child([&] {
    signal(SIGHUP, SIG_IGN);
    if (!protect_secrets()) _exit(121);
    raise(SIGHUP);
    _exit(0);
  });
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(SecretMemory, ProtectSecretsTurnsCoreDumpsOff) {
  const int status = in_child([&] {
    if (!protect_secrets()) _exit(121);
    rlimit core{};
    if (getrlimit(RLIMIT_CORE, &core) != 0 || core.rlim_cur != 0 || core.rlim_max != 0) _exit(122);
    if (prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) != 0) _exit(123);
    _exit(0);
  });
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "121: failed, 122: core limit not 0, 123: still dumpable";
}

TEST(SecretMemory, AtMostEightRegions) {
  char bytes[9];
  std::optional<SecretRegion> regions[8];
  for (int i = 0; i < 8; ++i) regions[i].emplace(&bytes[i], 1);
  EXPECT_THROW(SecretRegion(&bytes[8], 1), std::logic_error);
  regions[3].reset();
  EXPECT_NO_THROW(SecretRegion(&bytes[8], 1));
}

TEST(SecretMemory, WipeSecretZeroisesExactlyItsBytes) {
  for (std::size_t offset = 0; offset < 8; ++offset) {
    for (std::size_t n = 0; n <= 40; ++n) {
      std::uint8_t buf[64];
      std::memset(buf, kFill, sizeof buf);
      wipe_secret(buf + offset, n);
      for (std::size_t i = 0; i < sizeof buf; ++i) {
        const bool inside = i >= offset && i < offset + n;
        ASSERT_EQ(buf[i], inside ? 0 : kFill) << "offset " << offset << " n " << n << " byte " << i;
      }
    }
  }
}

// fipsmod rand wipes what it drew and its encoding once written; the
// encoding is built in one buffer that never moves, so that no copy of
// the output is left in memory given back along the way. In a child
// process too: rand_main installs the command's signal handlers, once a
// process, and a child forked after that by the tests above would find
// them installed and test nothing (they run in one process, as ctest runs
// a suite, in any order under --gtest_shuffle).
TEST(SecretMemory, RandLeavesNoCopyOfItsOutputInFreedMemory) {
  char path[] = "/tmp/fipsmod-rand-test-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  const int status = in_child([&] {
    std::string a0 = "fipsmod rand", a1 = "--hex", a2 = "-o", a3 = path, a4 = "100000";
    char* argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), a4.data(), nullptr};
    freed_blocks_with_hex = 0;
    freed_blocks_scanned = true;
    const int rand_status = rand_main(5, argv);
    freed_blocks_scanned = false;
    struct stat st {};
    const bool written = stat(path, &st) == 0 && st.st_size == 200001;
    _exit(rand_status != 0 ? 1 : !written ? 2 : freed_blocks_with_hex.load() != 0 ? 3 : 0);
  });
  unlink(path);
  ASSERT_TRUE(WIFEXITED(status)) << "wait status " << status;
  ASSERT_NE(WEXITSTATUS(status), 1) << "fipsmod rand failed";
  ASSERT_NE(WEXITSTATUS(status), 2) << "fipsmod rand did not write its 200001 bytes";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "blocks holding hex digits of the output were freed unwiped";
}

}  // namespace
}  // namespace fipsmod::cli
