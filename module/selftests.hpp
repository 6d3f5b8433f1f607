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

// One registered self-test: a known answer of one kernel, or the
// integrity test, which runs on the HMAC-SHA-256 kernel before it.
enum class Kind { known_answer, integrity };
struct Test {
  std::string name;                              // "MD5/generic", "integrity"
  const internal::Algorithm* algorithm;
  const internal::KernelInfo* kernel;            // the kernel it checks, or the integrity test runs on
  const internal::KnownAnswer* answer;           // known answers only; null: none, the test fails
  Kind kind = Kind::known_answer;
};

// The self-tests, in registry order: the known answer of the HMAC-SHA-256
// kernel the integrity test uses, the integrity test, then every other
// usable kernel of every algorithm, in table order.
std::vector<Test> registered();

// registered() in its two parts. The first: the HMAC-SHA-256 known answer
// and the integrity test (none in a module built without the integrity
// test). The rest: every other known-answer test. A run builds and runs
// the rest only once the integrity test has passed: until then the
// module's code is not trusted, so none of it runs but what the integrity
// test needs (power_on.cpp).
std::vector<Test> registered_first();
std::vector<Test> registered_rest();

// Runs one: reports start, computes, compares, reports pass or fail. The
// expected and the computed bytes are left in `expected` and `computed`;
// when there is no expected value, `*absent` (if given) says what a failure
// shows instead: "(none)" for a known answer, and for the integrity test
// "(no value recorded)" or, for a record that is damaged (bad magic,
// unknown state, range fields not the module's own), "(record damaged)".
bool run(const Test& t, std::vector<std::uint8_t>& expected, std::vector<std::uint8_t>& computed,
         const char** absent = nullptr);

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
