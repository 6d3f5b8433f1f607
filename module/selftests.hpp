// The self-test registry: one known-answer test per usable kernel of every
// algorithm in the table (algorithm.hpp), named "<cast prefix>/<kernel>",
// in table order; and the event callback that reports them. The state
// machine that runs them is power_on.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/selftest.hpp>

#include "algorithm.hpp"

namespace fipsmod::selftest {

// One registered self-test.
struct Test {
  std::string name;                              // "MD5/generic"
  const internal::Algorithm* algorithm;
  const internal::KernelInfo* kernel;            // the kernel it checks
  const internal::KnownAnswer* answer;           // null: no known answer, the test fails
};

// The self-tests, in registry order: every usable kernel of every algorithm.
std::vector<Test> registered();

// Runs one: reports start, computes, compares, reports pass or fail. The
// computed bytes are left in `computed`.
bool run(const Test& t, std::vector<std::uint8_t>& computed);

// Lower-case hex, as failures and `fipsmod selftest --known-answers` show
// bytes.
std::string hex(std::span<const std::uint8_t> bytes);

// A failure as one line: "NAME (kernel KERNEL): expected HEX, computed HEX".
std::string describe(const Failure& f);

// How long the power-on run took (zero before it has run): the module's
// start-up cost, which `fipsmod selftest` reports.
std::chrono::nanoseconds power_on_duration() noexcept;

// Sends an event to the registered callback, if any (selftest_events.cpp).
void emit(Phase phase, const Test& t) noexcept;

}  // namespace fipsmod::selftest
