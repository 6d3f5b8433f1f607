// Overlapping arguments (docs/design.md, "Overlapping arguments"), for
// every hash and HMAC, on every usable kernel: an input that shares bytes
// with the context or with the output gives what a copy of it taken before
// the call gives. Each hash's and HMAC's test calls the checks here on its
// own C functions (the Api structs of the C++ headers) and its internal
// traits; the kernels come from the hash's list, so a kernel added there is
// covered without new test code.
//
// A context under test sits inside a larger buffer (Around), so that a
// range can start before it, end after it, or lie inside it.
#pragma once

#include <fipsmod/module.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/context.hpp"

namespace fipsmod::testing::overlap {

using Bytes = std::vector<std::uint8_t>;

template <class Ctx>
struct Around {
  static constexpr std::ptrdiff_t kPad = 64;  // a multiple of any context's alignment
  alignas(Ctx) std::uint8_t before[kPad];
  Ctx ctx;
  std::uint8_t after[kPad];

  Around() {
    for (std::size_t i = 0; i < sizeof before; ++i) before[i] = static_cast<std::uint8_t>(0xb0 + i);
    for (std::size_t i = 0; i < sizeof after; ++i) after[i] = static_cast<std::uint8_t>(0x30 + 7 * i);
  }
  // Offset `at` from the start of the context (negative: before it).
  std::uint8_t* at(std::ptrdiff_t at) { return reinterpret_cast<std::uint8_t*>(this) + kPad + at; }
  Bytes copy(std::ptrdiff_t from, std::size_t n) { return Bytes(at(from), at(from) + n); }
};

// Ranges (offset from the context's start, length) that share bytes with a
// context of `size` bytes: all of it, its first byte, its tag, its inside,
// across its start, across its end, and around it.
inline std::vector<std::pair<std::ptrdiff_t, std::size_t>> ranges_over(std::size_t size) {
  const auto s = static_cast<std::ptrdiff_t>(size);
  return {{0, size}, {0, 1}, {0, 8}, {8, size - 16}, {-40, 60}, {s - 5, 40}, {-64, size + 128}, {s - 1, 1}};
}

inline std::string where(std::ptrdiff_t at, std::size_t n) {
  return "range at " + std::to_string(at) + " from the context, " + std::to_string(n) + " bytes";
}

// How many bytes a context has taken before a check: none, a few, and a
// block and part of one (the buffered count decides which bytes of the
// context an update copies where).
inline constexpr std::size_t kTaken[] = {0, 5, 100};

// The context-taking checks, for a hash (Api::init) and an HMAC (init with a
// key) alike: `start` sets a context up, running on the kernel it is given,
// with a message in progress.
template <class Api, class Kernel>
using Start = std::function<void(typename Api::ctx&, const Kernel&)>;

// _update with data over its own context: the context ends as a copy of it,
// updated with a copy of those bytes taken before the call, does.
template <class Api, class Kernel>
void expect_update_reads_the_context_as_it_was(const Start<Api, Kernel>& start, const Kernel& k, std::size_t size) {
  using Ctx = typename Api::ctx;
  for (const auto& [at, n] : ranges_over(sizeof(Ctx))) {
    SCOPED_TRACE(where(at, n));
    Around<Ctx> a;
    start(a.ctx, k);
    Ctx want = a.ctx;
    const Bytes data = a.copy(at, n);
    ASSERT_EQ(Api::update(&want, data.data(), data.size()), FIPSMOD_OK);
    ASSERT_EQ(Api::update(&a.ctx, a.at(at), n), FIPSMOD_OK);
    EXPECT_EQ(0, std::memcmp(&want, &a.ctx, sizeof(Ctx))) << "the state differs from updating a copy";
    Bytes got(size), expected(size);
    ASSERT_EQ(Api::sum(&a.ctx, got.data()), FIPSMOD_OK);
    ASSERT_EQ(Api::sum(&want, expected.data()), FIPSMOD_OK);
    EXPECT_EQ(got, expected) << "the digest differs from updating a copy";
  }
}

// An output written over the context it is computed from (or across its
// edges) holds what writing it elsewhere gives, and nothing else changes.
// `write` is _sum or _marshal, `n` its size.
template <class Api, class Kernel, class Write>
void expect_output_over_the_context_is_right(const Start<Api, Kernel>& start, const Kernel& k, Write write,
                                             std::size_t n) {
  using Ctx = typename Api::ctx;
  const auto s = static_cast<std::ptrdiff_t>(sizeof(Ctx));
  const auto len = static_cast<std::ptrdiff_t>(n);
  for (const std::ptrdiff_t at : {std::ptrdiff_t{0}, std::ptrdiff_t{8}, s - len, std::ptrdiff_t{-8}, s - len + 8}) {
    SCOPED_TRACE(where(at, n));
    Around<Ctx> a;
    start(a.ctx, k);
    const Ctx copy = a.ctx;
    Bytes want(n);
    ASSERT_EQ(write(&copy, want.data()), FIPSMOD_OK);
    Around<Ctx> expected = a;  // every byte but the output's as it was
    std::memcpy(expected.at(at), want.data(), n);
    ASSERT_EQ(write(&a.ctx, a.at(at)), FIPSMOD_OK);
    EXPECT_EQ(a.copy(at, n), want) << "the output differs from one written elsewhere";
    EXPECT_EQ(0, std::memcmp(&a, &expected, sizeof a)) << "a byte outside the output changed";
  }
}

template <class Api, class Kernel>
void expect_sum_over_the_context_is_right(const Start<Api, Kernel>& start, const Kernel& k, std::size_t size) {
  expect_output_over_the_context_is_right<Api, Kernel>(
      start, k, [](const typename Api::ctx* c, std::uint8_t* out) { return Api::sum(c, out); }, size);
}

// The hash functions that take no context or a saved state.

// _marshal into the context, and _unmarshal of a state that lies over the
// context it restores.
template <class Api, class Kernel>
void expect_saved_state_over_the_context_is_right(const Start<Api, Kernel>& start, const Kernel& k) {
  using Ctx = typename Api::ctx;
  expect_output_over_the_context_is_right<Api, Kernel>(
      start, k, [](const Ctx* c, std::uint8_t* out) { return Api::marshal(c, out); }, Api::marshaled_size);

  constexpr std::size_t m = Api::marshaled_size;
  const auto s = static_cast<std::ptrdiff_t>(sizeof(Ctx));
  const auto len = static_cast<std::ptrdiff_t>(m);
  Ctx other;
  start(other, k);
  const std::uint8_t more[] = "another message, so the saved state is not the context's own";
  ASSERT_EQ(Api::update(&other, more, sizeof more), FIPSMOD_OK);
  Bytes state(m);
  ASSERT_EQ(Api::marshal(&other, state.data()), FIPSMOD_OK);
  for (const std::ptrdiff_t at : {std::ptrdiff_t{0}, std::ptrdiff_t{8}, s - len, std::ptrdiff_t{-20}, s - len + 20}) {
    SCOPED_TRACE(where(at, m));
    Around<Ctx> a;
    start(a.ctx, k);
    std::memcpy(a.at(at), state.data(), m);
    ASSERT_EQ(Api::unmarshal(&a.ctx, a.at(at), m), FIPSMOD_OK);
    Bytes restored(m);
    ASSERT_EQ(Api::marshal(&a.ctx, restored.data()), FIPSMOD_OK);
    EXPECT_EQ(restored, state) << "restored from the state as it is after the call, not before";
  }
}

// One-shot with the output over the message: the digest of the message as
// it was. `one_shot(data, len, out)`.
template <class OneShot>
void expect_one_shot_output_over_its_input_is_right(OneShot one_shot, std::size_t size) {
  Bytes buffer(400);
  for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = static_cast<std::uint8_t>(i * 31 + 7);
  struct Case {
    std::size_t data, len, out;
  };
  for (const Case c : {Case{0, 200, 0}, Case{100, 200, 100}, Case{100, 200, 290}, Case{100, 200, 90}, Case{100, 5, 103},
                       Case{100, 1, 100}, Case{0, 400, 150}}) {
    SCOPED_TRACE("data at " + std::to_string(c.data) + ", " + std::to_string(c.len) + " bytes, out at " +
                 std::to_string(c.out));
    Bytes b = buffer;
    const Bytes data(b.begin() + static_cast<std::ptrdiff_t>(c.data),
                     b.begin() + static_cast<std::ptrdiff_t>(c.data + c.len));
    Bytes want(size);
    ASSERT_EQ(one_shot(data.data(), data.size(), want.data()), FIPSMOD_OK);
    Bytes expected = b;
    std::copy(want.begin(), want.end(), expected.begin() + static_cast<std::ptrdiff_t>(c.out));
    ASSERT_EQ(one_shot(b.data() + c.data, c.len, b.data() + c.out), FIPSMOD_OK);
    EXPECT_EQ(b, expected);
  }
}

// Every check on a hash: Api is its C++ header's Api, State its internal
// running state (core/hash.hpp's Running), Tag its context tag, and kernels
// its kernel list. Each kernel is put into the context after _init.
template <class Api, class State, std::uint64_t Tag, class KernelList>
void expect_hash_overlap_defined(const KernelList& kernels) {
  using Ctx = typename Api::ctx;
  using Kernel = std::remove_cvref_t<decltype(kernels.generic())>;
  for (const std::size_t taken : kTaken) {
    const Start<Api, Kernel> start = [taken](Ctx& c, const Kernel& k) {
      ASSERT_EQ(Api::init(&c), FIPSMOD_OK);
      internal::Context<Ctx, State, Tag>::state(&c).kernel = &k;
      const Bytes message(taken, 0x5c);
      ASSERT_EQ(Api::update(&c, message.data(), message.size()), FIPSMOD_OK);
    };
    for (const Kernel* k : kernels.usable()) {
      SCOPED_TRACE(std::string(k->name) + ", " + std::to_string(taken) + " bytes taken");
      expect_update_reads_the_context_as_it_was<Api, Kernel>(start, *k, Api::size);
      expect_sum_over_the_context_is_right<Api, Kernel>(start, *k, Api::size);
      expect_saved_state_over_the_context_is_right<Api, Kernel>(start, *k);
    }
  }
  expect_one_shot_output_over_its_input_is_right(Api::one_shot, Api::size);
}

// Every check on an HMAC: Api is its HmacApi, State its internal keyed
// state (hmac/internal.hpp's Keyed), size its MAC's. Besides the hash's checks: _init with
// a key over the context, and the one-shot with its output over the key or
// the message.
template <class Api, class State, std::uint64_t Tag, class KernelList>
void expect_hmac_overlap_defined(const KernelList& kernels, std::size_t size) {
  using Ctx = typename Api::ctx;
  using Kernel = std::remove_cvref_t<decltype(kernels.generic())>;
  for (const std::size_t taken : kTaken) {
    const Start<Api, Kernel> start = [taken](Ctx& c, const Kernel& k) {
      const std::uint8_t key[20] = {0x0b, 0x0b, 0x0b};
      ASSERT_EQ(Api::init(&c, key, sizeof key), FIPSMOD_OK);
      internal::Context<Ctx, State, Tag>::state(&c).kernel = &k;
      const Bytes message(taken, 0x5c);
      ASSERT_EQ(Api::update(&c, message.data(), message.size()), FIPSMOD_OK);
    };
    for (const Kernel* k : kernels.usable()) {
      SCOPED_TRACE(std::string(k->name) + ", " + std::to_string(taken) + " bytes taken");
      expect_update_reads_the_context_as_it_was<Api, Kernel>(start, *k, size);
      expect_sum_over_the_context_is_right<Api, Kernel>(start, *k, size);
      // A key over the context being keyed: the context as a copy of the
      // key's bytes gives.
      for (const auto& [at, n] : ranges_over(sizeof(Ctx))) {
        SCOPED_TRACE("key: " + where(at, n));
        Around<Ctx> a;
        start(a.ctx, *k);
        const Bytes key = a.copy(at, n);
        Ctx want = a.ctx;  // the bytes past the state too, which init leaves
        ASSERT_EQ(Api::init(&want, key.data(), key.size()), FIPSMOD_OK);
        ASSERT_EQ(Api::init(&a.ctx, a.at(at), n), FIPSMOD_OK);
        EXPECT_EQ(0, std::memcmp(&want, &a.ctx, sizeof(Ctx))) << "keyed with the key as the call left it";
      }
    }
  }
  // The output over the message, with no key and with the message as the
  // key too (the output then covers both).
  expect_one_shot_output_over_its_input_is_right(
      [](const void* data, std::size_t len, std::uint8_t* out) { return Api::one_shot(nullptr, 0, data, len, out); },
      size);
  expect_one_shot_output_over_its_input_is_right(
      [](const void* data, std::size_t len, std::uint8_t* out) { return Api::one_shot(data, len, data, len, out); },
      size);
}

}  // namespace fipsmod::testing::overlap
