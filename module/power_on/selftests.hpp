// The self-tests, from the package table: one known-answer test for each
// usable kernel of every algorithm, named "<cast prefix>/<kernel>", and the
// pre-operational test (integrity) with the known answers it needs before
// it. power_on.cpp runs them; events.cpp reports them.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/hex.hpp>

#include "packages.hpp"

namespace fipsmod::selftests {

struct Test {
  std::string name;                          // "<cast prefix>/<kernel>", "integrity"
  const char* type;                          // "KAT" or "integrity"
  const char* algorithm;                     // Algorithm::name
  const internal::KernelInfo* kernel;        // the kernel it checks, or the pre-operational test runs on
  const internal::Algorithm* known;          // a known answer's algorithm, or null
  const internal::PreOperationalTest* pre;   // or the pre-operational test
};

// The self-tests in the order a run runs them. The first part: for each
// package with a pre-operational test (integrity), in list order, the
// known answers of the selected kernels of every package it is built on,
// directly or not, then that test (none in a module built without the
// integrity test). The rest: every other known answer, package by
// package in list order. A run builds and runs the rest only once the
// first part has passed: until then the module's code is not trusted, so
// none of it runs but what the integrity test needs (power_on.cpp).
std::vector<Test> registered_first();
std::vector<Test> registered_rest();
std::vector<Test> registered();

// Runs one: reports start, computes, compares, reports pass or fail. What
// was compared is left in `record`.
bool run(const Test& t, internal::TestRecord& record);


// The first failure of the process, field by field.
struct Failure {
  std::string test, algorithm, kernel, expected, computed;
};
// As one line: "NAME (kernel KERNEL): expected HEX, computed HEX", or, for a
// run that could not complete, "NAME: WHY".
std::string describe(const Failure& f);

// A run's outcome.
struct Result {
  std::string name, algorithm, kernel;
  bool passed;
  std::chrono::nanoseconds duration;
};
struct Report {
  std::vector<Result> results;
  std::chrono::nanoseconds total{};
  bool passed() const noexcept;
  bool ran = true;  // false: refused (called from a self-test callback)
};

// Runs every self-test now (the power-on run first, if it has not
// happened); see fipsmod_selftest. Called from a self-test callback it runs
// nothing and returns a report with ran false.
Report run_all();
// How long the power-on run took (zero before it has run).
std::chrono::nanoseconds power_on_duration() noexcept;
const Failure* first_failure() noexcept;
enum class Policy { enter_error_state, abort_process };
void set_failure_policy(Policy p) noexcept;

// The event callback (events.cpp), C's: one for the process.
void set_callback(fipsmod_selftest_callback callback, void* arg) noexcept;
// Sends an event to the registered callback, if any.
void emit(int phase, const Test& t) noexcept;

}  // namespace fipsmod::selftests
