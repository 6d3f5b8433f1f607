// What the module's DRBG does process-wide: a failed entropy source
// (entropy::set_stuck_for_testing) refuses every request that needs a seed,
// with nothing written, random-nonce GCM included; and a forked child
// never repeats its parent's output, whichever fork detector is left on,
// forked from the main thread or another, and again from the child; each
// thread has its own DRBG, wiped when the thread ends. Its own program: the
// stuck source, the detectors and the count of wiped DRBGs are
// process-wide. The tsan preset runs it whole (label threads).
#include <gtest/gtest.h>

#include <fipsmod/gcm.h>
#include <fipsmod/random.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <algorithm>
#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include "drbg/random.hpp"
#include "entropy/internal.hpp"
#include "gcm/internal.hpp"

#ifndef FIPSMOD_TEST_UNDER_EMULATOR
#define FIPSMOD_TEST_UNDER_EMULATOR 0
#endif

namespace {

using Block = std::array<std::uint8_t, 32>;
namespace process = fipsmod::drbg::process;

Block draw() {
  Block b{};
  EXPECT_EQ(fipsmod_random_bytes(b.data(), b.size()), FIPSMOD_OK);
  return b;
}

// ---- a failed entropy source -------------------------------------------

struct StuckSource {
  StuckSource() { fipsmod::entropy::set_stuck_for_testing(true); }
  ~StuckSource() {
    fipsmod::entropy::set_stuck_for_testing(false);
    fipsmod::entropy::reset_for_testing();
    process::set_reseed_intervals_for_testing(0, 0);
  }
};

// First in the file: when it runs first in its process (ctest runs each
// test in a process of its own), the very first request finds the source
// stuck; the parent stays unseeded.
TEST(RandomProcess, AStuckSourceRefusesTheFirstRequestWithNothingWritten) {
  fipsmod_random_info before{};
  ASSERT_EQ(fipsmod_random_status(&before), FIPSMOD_OK);
  {
    StuckSource stuck;
    // Every call reseeds the thread's DRBG from the parent and the parent
    // from the source, so the refusal does not depend on what ran before.
    process::set_reseed_intervals_for_testing(1, 1);
    Block b;
    b.fill(0x5a);
    for (int flags : {0, FIPSMOD_RANDOM_PREDICTION_RESISTANCE}) {
      EXPECT_EQ(fipsmod_random_bytes_ex(b.data(), b.size(), nullptr, 0, flags), FIPSMOD_ERR_ENTROPY_SOURCE);
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
      for (auto x : b) ASSERT_EQ(x, 0x5a);
    }
    std::vector<std::uint8_t> big(200000, 0x5a);
    EXPECT_EQ(fipsmod_random_bytes(big.data(), big.size()), FIPSMOD_ERR_ENTROPY_SOURCE);
    for (auto x : big) ASSERT_EQ(x, 0x5a);
    EXPECT_NE(fipsmod::entropy::report().health, fipsmod::entropy::Health::operational);
    fipsmod_random_info after{};
    ASSERT_EQ(fipsmod_random_status(&after), FIPSMOD_OK);
    EXPECT_EQ(after.parent_seeded, before.parent_seeded);
    EXPECT_EQ(after.parent_reseeds, before.parent_reseeds);
  }
  // A fresh source (the test hook) serves again.
  draw();
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
}

TEST(RandomProcess, AStuckSourceRefusesPredictionResistanceOnceSeeded) {
  draw();  // seeded from a working source
  StuckSource stuck;
  Block b;
  b.fill(0x5a);
  EXPECT_EQ(fipsmod_random_bytes_ex(b.data(), b.size(), nullptr, 0, FIPSMOD_RANDOM_PREDICTION_RESISTANCE),
            FIPSMOD_ERR_ENTROPY_SOURCE);
  for (auto x : b) ASSERT_EQ(x, 0x5a);
  // Without it, the thread's DRBG serves on until its next seed needs the
  // source (docs/random.md).
  EXPECT_EQ(fipsmod_random_bytes(b.data(), b.size()), FIPSMOD_OK);
  process::set_reseed_intervals_for_testing(1, 1);
  b.fill(0x5a);
  EXPECT_EQ(fipsmod_random_bytes(b.data(), b.size()), FIPSMOD_ERR_ENTROPY_SOURCE);
  for (auto x : b) ASSERT_EQ(x, 0x5a);
}

TEST(RandomProcess, AStuckSourceRefusesARandomNonceSealWithNothingWrittenOrCounted) {
  const std::vector<std::uint8_t> key(16, 0x42), msg(40, 0x11);
  fipsmod_aes_gcm_random_ctx ctx{};
  ASSERT_EQ(fipsmod_aes_gcm_random_init(&ctx, key.data(), key.size()), FIPSMOD_OK);
  auto* state = reinterpret_cast<fipsmod::gcm::RandomState*>(reinterpret_cast<std::uint8_t*>(&ctx) + 16);
  std::vector<std::uint8_t> out(msg.size(), 0x77), tag(16, 0x77);
  std::array<std::uint8_t, 12> nonce;
  nonce.fill(0x77);
  {
    StuckSource stuck;
    process::set_reseed_intervals_for_testing(1, 1);
    EXPECT_EQ(fipsmod_aes_gcm_random_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce.data()),
              FIPSMOD_ERR_ENTROPY_SOURCE);
    for (auto x : out) ASSERT_EQ(x, 0x77);
    for (auto x : tag) ASSERT_EQ(x, 0x77);
    for (auto x : nonce) ASSERT_EQ(x, 0x77);
    EXPECT_EQ(state->invocations, 0u);
  }
  EXPECT_EQ(fipsmod_aes_gcm_random_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce.data()),
            FIPSMOD_OK);
  EXPECT_EQ(state->invocations, 1u);
  fipsmod_aes_gcm_random_cleanse(&ctx);
}

// ---- threads ---------------------------------------------------------------

fipsmod_random_info thread_info() {
  fipsmod_random_info i{};
  EXPECT_EQ(fipsmod_random_status(&i), FIPSMOD_OK);
  return i;
}

TEST(RandomThreads, EachThreadHasItsOwnDrbgWipedWhenTheThreadEnds) {
  constexpr int kThreads = 4, kDraws = 50;
  std::vector<std::vector<std::uint8_t>> drawn(kThreads);
  const std::uint64_t cleansed = process::threads_cleansed_for_testing();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&drawn, t] {
      EXPECT_EQ(thread_info().thread_seeded, 0);
      for (int k = 0; k < kDraws; ++k) {
        std::uint8_t b[16];
        ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
        drawn[t].insert(drawn[t].end(), b, b + 16);
      }
      EXPECT_EQ(thread_info().thread_requests, static_cast<std::uint64_t>(kDraws));
    });
  }
  for (auto& t : threads) t.join();
  std::set<std::array<std::uint8_t, 16>> blocks;
  for (const auto& d : drawn) {
    for (std::size_t i = 0; i < d.size(); i += 16) {
      std::array<std::uint8_t, 16> b;
      std::copy_n(d.begin() + static_cast<std::ptrdiff_t>(i), 16, b.begin());
      blocks.insert(b);
    }
  }
  EXPECT_EQ(blocks.size(), static_cast<std::size_t>(kThreads * kDraws));
  EXPECT_EQ(process::threads_cleansed_for_testing(), cleansed + kThreads);
  // A thread that never drew has nothing to wipe.
  std::thread([] {}).join();
  EXPECT_EQ(process::threads_cleansed_for_testing(), cleansed + kThreads);
}

// ---- fork ------------------------------------------------------------------

struct Detectors {
  Detectors(bool wipe, bool at_fork) { process::set_fork_detection_for_testing(wipe, at_fork); }
  ~Detectors() { process::set_fork_detection_for_testing(true, true); }
};

// Forks; the child runs `child` (which writes what it drew to the pipe),
// then leaves with _exit. Returns what the child drew, after the parent
// ran `parent`.
std::vector<Block> fork_and_draw(int draws_in_child, bool child_forks_again, Block& parent_draw) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    std::vector<pid_t> grandchildren;
    for (int k = 0; k < draws_in_child; ++k) {
      Block b{};
      if (fipsmod_random_bytes(b.data(), b.size()) != FIPSMOD_OK) ::_exit(3);
      if (::write(fds[1], b.data(), b.size()) != static_cast<ssize_t>(b.size())) ::_exit(4);
    }
    if (child_forks_again) {
      // The grandchild's draw must differ from the child's next one too.
      const pid_t g = ::fork();
      Block b{};
      if (fipsmod_random_bytes(b.data(), b.size()) != FIPSMOD_OK) ::_exit(3);
      if (::write(fds[1], b.data(), b.size()) != static_cast<ssize_t>(b.size())) ::_exit(4);
      if (g == 0) ::_exit(0);
      int st = 0;
      if (g < 0 || ::waitpid(g, &st, 0) != g || !WIFEXITED(st) || WEXITSTATUS(st) != 0) ::_exit(5);
    }
    ::_exit(0);
  }
  ::close(fds[1]);
  parent_draw = draw();
  std::vector<Block> got;
  Block b;
  for (;;) {
    std::size_t have = 0;
    while (have < b.size()) {
      const ssize_t n = ::read(fds[0], b.data() + have, b.size() - have);
      if (n <= 0) break;
      have += static_cast<std::size_t>(n);
    }
    if (have != b.size()) break;
    got.push_back(b);
  }
  ::close(fds[0]);
  int st = 0;
  EXPECT_EQ(::waitpid(pid, &st, 0), pid);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "child status " << st;
  return got;
}

// Several forks from the main thread, the child forking again: every
// block drawn after a fork, in any process, differs from every other.
void expect_no_repeat_after_forks() {
  draw();  // this thread's DRBG is seeded before the first fork
  std::vector<Block> all;
  for (int round = 0; round < 3; ++round) {
    Block parent{};
    const std::vector<Block> child = fork_and_draw(2, round == 0, parent);
    ASSERT_EQ(child.size(), round == 0 ? 4u : 2u);
    all.push_back(parent);
    all.insert(all.end(), child.begin(), child.end());
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = i + 1; j < all.size(); ++j) EXPECT_NE(all[i], all[j]) << "blocks " << i << " and " << j;
  }
}

TEST(RandomFork, TheChildNeverRepeatsTheParentWithBothDetectors) { expect_no_repeat_after_forks(); }

TEST(RandomFork, TheChildNeverRepeatsTheParentWithPthreadAtforkAlone) {
  Detectors only(false, true);
  expect_no_repeat_after_forks();
}

TEST(RandomFork, TheChildNeverRepeatsTheParentWithWipeOnForkAlone) {
  draw();
  fipsmod_random_info i{};
  ASSERT_EQ(fipsmod_random_status(&i), FIPSMOD_OK);
  ASSERT_EQ(i.fork_detection_armed, 1);
  if (i.wipe_on_fork == 0) {
    // Not in use: right only under an emulator (qemu-user accepts the
    // advice and ignores it, which the module must see through: before it
    // did, this test failed under qemu with the child repeating the
    // parent). Every Linux this runs on natively is 4.14 or later.
#if FIPSMOD_TEST_UNDER_EMULATOR
    SUCCEED() << "MADV_WIPEONFORK is not honoured under this emulator; pthread_atfork alone detects forks";
#else
    FAIL() << "MADV_WIPEONFORK is not in use on this (native) Linux";
#endif
    return;
  }
  Detectors only(true, false);
  expect_no_repeat_after_forks();
}

// The test of the tests: with both detectors off, the child does repeat
// the parent, so the comparisons above can fail.
TEST(RandomFork, WithoutADetectorTheChildWouldRepeatTheParent) {
  Detectors none(false, false);
  draw();
  Block parent{};
  const std::vector<Block> child = fork_and_draw(1, false, parent);
  ASSERT_EQ(child.size(), 1u);
  EXPECT_EQ(child[0], parent);
}

// Forked from a second thread while the main thread keeps drawing (the
// atfork handlers hold the parent's lock across the fork, so the child
// never inherits it held): that thread's DRBG in the child differs from
// its own in the parent.
TEST(RandomFork, AForkFromASecondThreadWhileAnotherDraws) {
  draw();
  std::atomic<bool> stop{false};
  std::thread busy([&stop] {
    process::set_reseed_intervals_for_testing(0, 0);
    while (!stop.load()) {
      std::uint8_t b[16];
      ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    }
  });
  std::thread forker([] {
    draw();
    for (int round = 0; round < 3; ++round) {
      Block parent{};
      const std::vector<Block> child = fork_and_draw(2, false, parent);
      ASSERT_EQ(child.size(), 2u);
      EXPECT_NE(child[0], parent);
      EXPECT_NE(child[1], parent);
      EXPECT_NE(child[0], child[1]);
    }
  });
  forker.join();
  stop = true;
  busy.join();
}

}  // namespace
