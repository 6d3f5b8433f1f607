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
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <vector>

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
