// The self-tests' registry: one known-answer test per usable kernel of
// every algorithm, named "MD5/<kernel>" or "XORBytes/<kernel>". The answers
// come from vectors/selftest_kats.inc (Botan), compiled in.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/selftest.hpp>

#include "../module/registry.hpp"

namespace fipsmod::selftest {

// A known answer: the input a kernel hashes or XORs (for XOR, x then y,
// each half of it) and what it must give.
struct KnownAnswer {
  std::string_view algorithm;  // "md5", "xor_bytes"
  std::string_view kernel;     // "generic", "amd64-avx2", ...
  std::span<const std::uint8_t> input;
  std::span<const std::uint8_t> expected;
};

// Every known answer in the build, for every kernel of every architecture.
std::span<const KnownAnswer> known_answers() noexcept;
// The one for a kernel; null if there is none.
const KnownAnswer* find_known_answer(std::string_view algorithm, std::string_view kernel) noexcept;

// One registered self-test.
struct Test {
  std::string name;                     // "MD5/generic"
  std::string_view algorithm;           // "md5"
  const internal::KernelInfo* kernel;   // the kernel it checks
  const KnownAnswer* answer;            // null: no known answer, the test fails
  // Runs the kernel on the known answer's input.
  std::vector<std::uint8_t> (*compute)(const internal::KernelInfo& kernel, std::span<const std::uint8_t> input);
};

// The self-tests, in registry order: every usable kernel of every algorithm.
std::vector<Test> registered();

// Lower-case hex, as failures and `fipsmod selftest --known-answers` show
// bytes.
std::string hex(std::span<const std::uint8_t> bytes);

// A failure as one line: "NAME (kernel KERNEL): expected HEX, computed HEX".
std::string describe(const Failure& f);

// How long the power-on run took (zero before it has run): the module's
// start-up cost, which `fipsmod selftest` reports.
std::chrono::nanoseconds power_on_duration() noexcept;

}  // namespace fipsmod::selftest
