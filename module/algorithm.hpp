// The algorithm table: one record per algorithm, holding what module-wide
// code needs to know of it without knowing its types: its public name, its
// kernels and the one selected, and its known-answer self-test. The C API's
// fipsmod_impl_name, `fipsmod info`, the self-test registry and the
// registry tests read this table; code that calls kernels through their
// own signature (kernel tests, ABI checks, fuzzers, benchmarks) reads the
// same typed list the entry points at, so both see every kernel.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

#include "registry.hpp"

namespace fipsmod::internal {

// A known answer: what one kernel must compute from a fixed input. Every
// kernel of every architecture has one (vectors/ writes them from Botan).
struct KnownAnswer {
  std::string_view kernel;  // "generic", "amd64-avx2", ...
  std::span<const std::uint8_t> input;
  std::span<const std::uint8_t> expected;
};

struct Algorithm {
  std::string_view name;         // "md5": fipsmod_impl_name, FIPSMOD_EXPECT_KERNELS
  std::string_view cast_prefix;  // "MD5": its self-tests are "MD5/<kernel>"
  const KernelSet& kernels;
  // The known answers, one per kernel of every architecture.
  std::span<const KnownAnswer> (*known_answers)() noexcept;
  // The self-test's computation: `kernel` (one of `kernels`) on a known
  // answer's input, without the module-state gate (it runs before the
  // module may answer).
  std::vector<std::uint8_t> (*compute)(const KernelInfo& kernel, std::span<const std::uint8_t> input);

  const KnownAnswer* known_answer(std::string_view kernel) const noexcept {
    for (const KnownAnswer& a : known_answers()) {
      if (a.kernel == kernel) return &a;
    }
    return nullptr;
  }
};

// Every algorithm of the module, in the order self-tests and `fipsmod info`
// list them.
std::span<const Algorithm* const> algorithms() noexcept;
// The algorithm of that public name, or null.
const Algorithm* find_algorithm(std::string_view name) noexcept;

// A known answer as an algorithm's *_kats.inc writes it: string literals,
// which keep every expected answer in the binary as plain bytes, where
// the break-kat tool can find and corrupt it.
struct RawKnownAnswer {
  std::string_view kernel, input, expected;
};
// One line of a *_kats.inc, as a RawKnownAnswer initialiser.
#define FIPSMOD_KNOWN_ANSWER(kernel, input, expected) \
  {kernel, {input, sizeof(input) - 1}, {expected, sizeof(expected) - 1}},

// An algorithm's table of RawKnownAnswer as KnownAnswer, made once. The
// bytes pass an optimisation barrier: the compiler must not see through
// them and fold a known-answer computation into a constant.
template <const auto& raw>
std::span<const KnownAnswer> known_answer_table() noexcept {
  static const auto table = [] {
    const auto opaque = [](std::string_view s) {
      const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
      __asm__ volatile("" : "+r"(p));
      return std::span<const std::uint8_t>(p, s.size());
    };
    std::array<KnownAnswer, std::size(raw)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = {raw[i].kernel, opaque(raw[i].input), opaque(raw[i].expected)};
    }
    return out;
  }();
  return table;
}

// The computation of a hash's known-answer self-test: `kernel` looked up in
// the algorithm's own list (a kernel of another list computes nothing, so
// the test fails), then `hash(kernel, input)` without the gate.
template <class List, class Hash>
std::vector<std::uint8_t> hash_on_kernel(const List& list, const KernelInfo& kernel,
                                         std::span<const std::uint8_t> input, Hash hash) {
  const auto* k = list.find(kernel);
  if (k == nullptr) return {};
  const auto sum = hash(*k, input);
  return {sum.begin(), sum.end()};
}

}  // namespace fipsmod::internal
