// Zeroisation of a hash's contexts, for every hash (each hash's test calls
// expect_hash_zeroisation<its Digest>()): a destroyed Digest leaves only
// zeros where it lived; reset leaves nothing of the message; the C
// context's _cleanse zeroises it, and it is then refused as uninitialised;
// _marshal and _unmarshal leave no message on the stack. Each looks at the
// memory itself, and first checks it held state, so it fails if a wipe is
// removed.
#pragma once

#include <fipsmod/hash.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"

namespace fipsmod::testing::zeroisation {

inline const std::uint8_t kMessage[60] = {0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
                                   0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
                                   0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
                                   0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
                                   0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42};

template <std::size_t N>
std::size_t nonzero(const unsigned char (&bytes)[N]) {
  return static_cast<std::size_t>(std::count_if(bytes, bytes + N, [](unsigned char b) { return b != 0; }));
}

// A Digest built in a buffer we own, fed a message (which stays in its
// block buffer), destroyed there, and the buffer read afterwards.
template <class Digest>
void expect_destroyed_digest_is_zero() {
  alignas(Digest) unsigned char storage[sizeof(Digest)];
  std::fill(std::begin(storage), std::end(storage), 0xa5);
  auto* d = new (storage) Digest();
  d->update(std::span<const std::uint8_t>(kMessage));
  (void)d->sum();
  EXPECT_GT(nonzero(storage), sizeof storage / 2) << "the live digest should hold its state";
  std::destroy_at(d);
  for (std::size_t i = 0; i < sizeof storage; ++i) ASSERT_EQ(storage[i], 0) << "byte " << i << " after destruction";
}

// After reset no byte of the message is left in the digest (its block
// buffer held all 60), and it computes as a fresh one does. (The bytes of
// the C context past its state are not compared with a fresh digest's: a
// constructor leaves them as they were, and the compiler may treat the
// buffer's earlier zeroing as dead once an object lives there.)
template <class Digest>
void expect_reset_leaves_nothing() {
  alignas(Digest) unsigned char used[sizeof(Digest)];
  std::fill(std::begin(used), std::end(used), 0);
  auto* b = new (used) Digest();
  b->update(std::span<const std::uint8_t>(kMessage));
  const auto run = [&] {
    return std::search(std::begin(used), std::end(used), kMessage, kMessage + 8) != std::end(used);
  };
  EXPECT_TRUE(run()) << "the message should be in the live digest's buffer";
  b->reset();
  EXPECT_FALSE(run()) << "reset kept a run of the message's bytes";
  Digest fresh;
  EXPECT_EQ(b->marshal(), fresh.marshal()) << "reset does not start again";
  std::destroy_at(b);
}

// The C contexts: cleansed, they hold only zeros, and every function then
// refuses them.
template <class Api>
void expect_cleansed_context_is_zero_and_refused() {
  const auto init = Api::init;
  const auto sum = Api::sum;
  const auto marshal = Api::marshal;
  const auto update = Api::update;
  const auto cleanse = Api::cleanse;
  typename Api::ctx ctx;
  ASSERT_EQ(init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(update(&ctx, kMessage, sizeof kMessage), FIPSMOD_OK);
  unsigned char bytes[sizeof ctx];
  std::memcpy(bytes, &ctx, sizeof ctx);
  EXPECT_GT(nonzero(bytes), sizeof ctx / 2);
  ASSERT_EQ(cleanse(&ctx), FIPSMOD_OK);
  std::memcpy(bytes, &ctx, sizeof ctx);
  EXPECT_EQ(nonzero(bytes), 0u);
  std::uint8_t out[Api::marshaled_size];
  std::memset(out, 0x77, sizeof out);
  EXPECT_EQ(update(&ctx, kMessage, 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(marshal(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_TRUE(std::all_of(std::begin(out), std::end(out), [](std::uint8_t b) { return b == 0x77; }));
  EXPECT_EQ(cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

// The C API's marshal and unmarshal copy the message state through stack
// temporaries (the marshalled bytes, the running hash being restored),
// which must be wiped before they return. The test scrubs the stack below
// it, makes the call, and reads what the call's frames left there: no
// 32-byte run of the buffered message may remain. (Reading dead stack is
// outside what C++ promises; it holds for the gcc and clang builds here,
// and the test first checks, with a call that leaves the message on the
// stack on purpose, that it would see such a residue. Under AddressSanitizer
// frames may live on its fake stack, so the check is skipped there.)
#if defined(__SANITIZE_ADDRESS__)
#define FIPSMOD_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FIPSMOD_TEST_ASAN 1
#endif
#endif

#ifndef FIPSMOD_TEST_ASAN
constexpr std::size_t kStackArea = 32 * 1024;

[[gnu::noinline]] inline void scrub_stack() {
  unsigned char area[kStackArea];
  fipsmod::internal::secure_zero(area, sizeof area);
}

// Whether the stack below the caller holds 32 bytes of `message` in a row.
[[gnu::noinline]] inline bool stack_holds(std::span<const std::uint8_t> message) {
  unsigned char area[kStackArea];
  __asm__ __volatile__("" : : "r"(area) : "memory");  // what earlier calls left
  std::vector<unsigned char> seen(area, area + sizeof area);
  const auto needle = message.first(32);
  return std::search(seen.begin(), seen.end(), needle.begin(), needle.end()) != seen.end();
}

// Whether the stack below the caller holds all of `needle` in a row: for a
// secret shorter than stack_holds's 32-byte runs (a 16-byte block).
[[gnu::noinline]] inline bool stack_holds_all(std::span<const std::uint8_t> needle) {
  unsigned char area[kStackArea];
  __asm__ __volatile__("" : : "r"(area) : "memory");  // what earlier calls left
  std::vector<unsigned char> seen(area, area + sizeof area);
  return std::search(seen.begin(), seen.end(), needle.begin(), needle.end()) != seen.end();
}

// A call that leaves a copy of the message in its dead frame.
[[gnu::noinline]] inline void leave_on_stack(std::span<const std::uint8_t> message) {
  unsigned char copy[256];
  std::memcpy(copy, message.data(), message.size());
  __asm__ __volatile__("" : : "r"(copy) : "memory");
}

template <class Api>
void expect_no_stack_residue(const char* what) {
  using Ctx = typename Api::ctx;
  const auto init = Api::init;
  const auto marshal = Api::marshal;
  const auto update = Api::update;
  const auto unmarshal = Api::unmarshal;
  const std::size_t marshaled_size = Api::marshaled_size;
  // 50 bytes: all of them stay in the context's block buffer, and so in
  // the marshalled state.
  std::vector<std::uint8_t> message(50);
  for (std::size_t i = 0; i < message.size(); ++i) message[i] = static_cast<std::uint8_t>(0x80 + 3 * i);
  auto ctx = std::make_unique<Ctx>();
  ASSERT_EQ(init(ctx.get()), FIPSMOD_OK);
  ASSERT_EQ(update(ctx.get(), message.data(), message.size()), FIPSMOD_OK);
  std::vector<std::uint8_t> state(marshaled_size);

  scrub_stack();
  ASSERT_EQ(marshal(ctx.get(), state.data()), FIPSMOD_OK);
  ASSERT_NE(std::search(state.begin(), state.end(), message.begin(), message.begin() + 32), state.end())
      << what << ": the marshalled state holds the message";
  EXPECT_FALSE(stack_holds(message)) << what << "_marshal left the message on the stack";

  scrub_stack();
  auto restored = std::make_unique<Ctx>();
  ASSERT_EQ(unmarshal(restored.get(), state.data(), state.size()), FIPSMOD_OK);
  EXPECT_FALSE(stack_holds(message)) << what << "_unmarshal left the message on the stack";
}

// The scrub and the reading of dead stack work here: a call that leaves
// the message on the stack on purpose is seen.
inline void expect_residue_is_seen() {
  std::vector<std::uint8_t> probe(50);
  for (std::size_t i = 0; i < probe.size(); ++i) probe[i] = static_cast<std::uint8_t>(0x10 + 5 * i);
  scrub_stack();
  ASSERT_FALSE(stack_holds(probe)) << "the scrub leaves nothing";
  leave_on_stack(probe);
  ASSERT_TRUE(stack_holds(probe)) << "the test cannot see a dead frame's bytes here";
}

// The dead stack below the caller, copied once, so that many needles of
// any length can be looked for in what one call left (stack_holds looks
// for one 32-byte run).
class DeadStack {
 public:
  explicit DeadStack(std::vector<unsigned char> bytes) : bytes_(std::move(bytes)) {}

  // Whether the bytes of `needle` occur in a row, at any offset.
  bool holds(std::span<const std::uint8_t> needle) const {
    return std::search(bytes_.begin(), bytes_.end(), needle.begin(), needle.end()) != bytes_.end();
  }

  // How many of `needles`, each n bytes (1 to 8) and one after another,
  // occur at any offset, each counted once however often: every n-byte
  // window is sorted once and each needle looked up in them.
  std::size_t count_held(std::span<const std::uint8_t> needles, std::size_t n) const {
    const auto key = [n](const unsigned char* p) {
      std::uint64_t k = 0;
      std::memcpy(&k, p, n);
      return k;
    };
    std::vector<std::uint64_t> windows;
    for (std::size_t i = 0; i + n <= bytes_.size(); ++i) windows.push_back(key(bytes_.data() + i));
    std::sort(windows.begin(), windows.end());
    std::size_t held = 0;
    for (std::size_t i = 0; i + n <= needles.size(); i += n) {
      held += std::binary_search(windows.begin(), windows.end(), key(needles.data() + i)) ? 1 : 0;
    }
    return held;
  }

 private:
  std::vector<unsigned char> bytes_;
};

// The stack below the caller as the calls before left it (as stack_holds
// reads it).
[[gnu::noinline]] inline DeadStack read_dead_stack() {
  unsigned char area[kStackArea];
  __asm__ __volatile__("" : : "r"(area) : "memory");  // what earlier calls left
  return DeadStack(std::vector<unsigned char>(area, area + sizeof area));
}

// Runs `f` in a frame of its own below the caller's, not as a tail call,
// so that what it and its callees leave is in the area read_dead_stack
// reads from the same caller (inlined into the caller, its locals would be
// in the caller's frame, which is not read).
template <class F>
[[gnu::noinline]] void run_below(const F& f) {
  f();
  __asm__ __volatile__("" : : : "memory");  // not a tail call
}

// n bytes of splitmix64 from `seed` (the same bytes every run): blocks
// whose schedule words look like nothing else the stack holds.
inline std::vector<std::uint8_t> pseudo_random_bytes(std::size_t n, std::uint64_t seed) {
  std::vector<std::uint8_t> out(n);
  for (std::size_t i = 0; i < n; i += 8) {
    seed += 0x9e3779b97f4a7c15;
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    z ^= z >> 31;
    for (std::size_t j = 0; j < 8 && i + j < n; ++j) out[i + j] = static_cast<std::uint8_t>(z >> (8 * j));
  }
  return out;
}

// The message schedule of one block, FIPS 180-4 §6.2.2 step 1 (SHA-256:
// 32-bit words, 64 of them) or §6.4.2 (SHA-512: 64-bit, 80), W[0..15]
// read big-endian from the block; what a block kernel keeps of a block
// while it runs.
template <class Word, std::size_t Rounds>
std::array<Word, Rounds> message_schedule(const std::uint8_t* block) {
  static_assert(sizeof(Word) == 4 || sizeof(Word) == 8);
  constexpr bool wide = sizeof(Word) == 8;
  const auto sigma0 = [](Word x) {
    return wide ? std::rotr(x, 1) ^ std::rotr(x, 8) ^ (x >> 7) : std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3);
  };
  const auto sigma1 = [](Word x) {
    return wide ? std::rotr(x, 19) ^ std::rotr(x, 61) ^ (x >> 6) : std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10);
  };
  std::array<Word, Rounds> w;
  for (std::size_t t = 0; t < 16; ++t) w[t] = fipsmod::internal::load_be<Word>(block + sizeof(Word) * t);
  for (std::size_t t = 16; t < Rounds; ++t) w[t] = sigma1(w[t - 2]) + w[t - 7] + sigma0(w[t - 15]) + w[t - 16];
  return w;
}

// What a kernel may leave of message schedules, as it would store them:
// single words, native-endian, and pairs of words it would store side by
// side (a ring in order, or word t of two lanes). Kept in vectors, on the
// heap: nothing of them is on the stack the test reads.
template <class Word>
struct ScheduleNeedles {
  std::vector<std::uint8_t> words, pairs;

  void word(Word x) { append(words, x); }
  void pair(Word x, Word y) {
    append(pairs, x);
    append(pairs, y);
  }
  // Each word of `words_in_order`, and each two that follow one another.
  void run(std::span<const Word> words_in_order) {
    const auto& r = words_in_order;
    for (std::size_t t = 0; t < r.size(); ++t) {
      word(r[t]);
      if (t + 1 < r.size()) pair(r[t], r[t + 1]);
    }
  }

 private:
  static void append(std::vector<std::uint8_t>& to, Word x) {
    std::uint8_t b[sizeof x];
    std::memcpy(b, &x, sizeof x);
    to.insert(to.end(), b, b + sizeof b);
  }
};

// The needles of the schedules of `blocks` consecutive blocks at `data`
// (16 words each): each block's W[t] and W[t] + K[t] in order. Made in a
// frame of their own, so that no schedule word is left in the test's
// frame or in one of its callee-saved registers, which the calls under
// test save in the area the test then reads.
template <class Word, std::size_t Rounds>
[[gnu::noinline]] ScheduleNeedles<Word> schedule_needles(const std::uint8_t* data, std::size_t blocks,
                                                         const std::array<Word, Rounds>& k) {
  ScheduleNeedles<Word> needles;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::array<Word, Rounds> w = message_schedule<Word, Rounds>(data + b * 16 * sizeof(Word));
    std::array<Word, Rounds> wk;
    for (std::size_t t = 0; t < Rounds; ++t) wk[t] = w[t] + k[t];
    needles.run(w);
    needles.run(wk);
  }
  return needles;
}

// A 4-byte needle may equal a window of the dead stack by chance. The
// needles are schedule words of pseudo-random blocks, independent of what
// else the stack holds: the 32 KiB read have fewer than 2^15 windows, so
// each needle is among them with a chance under 2^15 / 2^32 = 2^-17, and N
// needles give λ < N / 2^17 chance hits on average; the tests here have at
// most 768 (λ < 2^-7.4), so more than three chance hits has a chance under
// λ^4 / 4! < 2^-34 a run. A ring left behind holds 16 words or more. An
// 8-byte needle (a SHA-512 word, or two SHA-256 words side by side) meets
// a window by chance with under 2^15 / 2^64: none is allowed.
inline constexpr std::size_t kChanceWordHits = 3;

template <class Word>
void expect_no_schedule(const DeadStack& stack, const ScheduleNeedles<Word>& needles, const std::string& what) {
  if constexpr (sizeof(Word) == 8) {
    EXPECT_EQ(stack.count_held(needles.words, 8), 0u)
        << what << " left schedule words (of " << needles.words.size() / 8 << ") on the stack";
  } else {
    EXPECT_EQ(stack.count_held(needles.pairs, 8), 0u)
        << what << " left pairs of schedule words (of " << needles.pairs.size() / 8 << ") on the stack";
    EXPECT_LE(stack.count_held(needles.words, 4), kChanceWordHits)
        << what << " left schedule words (of " << needles.words.size() / 4 << ") on the stack";
  }
}

// The whole check on one block kernel: `block` (the kernel under test)
// and `generic` (the generic kernel's block function) from `iv` over three
// pseudo-random blocks made from `seed`, the kernel called from a frame
// below the test's; no schedule word of the blocks on the dead stack
// (expect_no_schedule) and the generic kernel's state.
template <class Word, std::size_t Rounds, std::size_t StateWords>
void expect_block_leaves_no_schedule(const std::string& what, void (*block)(Word*, const std::uint8_t*, std::size_t),
                                     void (*generic)(Word*, const std::uint8_t*, std::size_t),
                                     const std::array<Word, StateWords>& iv, const std::array<Word, Rounds>& k,
                                     std::uint64_t seed) {
  expect_residue_is_seen();
  constexpr std::size_t blocks = 3, block_size = 16 * sizeof(Word);
  const std::vector<std::uint8_t> data = pseudo_random_bytes(blocks * block_size, seed);
  const auto needles = schedule_needles(data.data(), blocks, k);
  std::vector<Word> state(iv.begin(), iv.end()), expected = state;
  generic(expected.data(), data.data(), blocks);
  scrub_stack();
  run_below([&] { block(state.data(), data.data(), blocks); });
  const DeadStack stack = read_dead_stack();
  expect_no_schedule(stack, needles, what);
  EXPECT_EQ(state, expected);
}
#endif

// Every check, on Digest (a fipsmod::Digest<Api>).
template <class Digest>
void expect_hash_zeroisation([[maybe_unused]] const char* what) {
  expect_destroyed_digest_is_zero<Digest>();
  expect_reset_leaves_nothing<Digest>();
  expect_cleansed_context_is_zero_and_refused<typename Digest::Api>();
#ifndef FIPSMOD_TEST_ASAN
  expect_residue_is_seen();
  expect_no_stack_residue<typename Digest::Api>(what);
#endif
}

}  // namespace fipsmod::testing::zeroisation
