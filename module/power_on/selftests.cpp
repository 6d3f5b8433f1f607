// The self-test registry, built from the package table: each package brings
// its algorithms with their known answers and the computation that checks a
// kernel; this file only enumerates them, in the registration list's order.
#include "selftests.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <utility>

#include "../core/compare.hpp"

namespace fipsmod::selftests {
namespace {

using internal::Algorithm;
using internal::KernelInfo;
using internal::Package;

// FIPSMOD_BREAK names the self-test to break, in builds made for break
// testing (FIPSMOD_BREAK_TESTS); elsewhere nothing can break one.
std::string_view break_target() {
#if FIPSMOD_BREAK_TESTS
  static const char* name = std::getenv("FIPSMOD_BREAK");
  return name ? name : "";
#else
  return "";
#endif
}

Test known_answer(const Algorithm& a, const KernelInfo& k) {
  return Test{std::string(a.cast_prefix) + "/" + k.name, "KAT", a.name, &k, &a, nullptr};
}

// Every package that p is built on, directly or not, in list order. (A
// package comes after everything it is built on, so one pass from p down
// marks them all; no node-based container, whose rebalancing lives in the
// uninstrumented C++ library that MemorySanitizer cannot see into.)
std::vector<int> built_on(const std::vector<Package>& table, int p) {
  std::vector<bool> needed(table.size(), false);
  for (const int d : table[p].depends) needed[d] = true;
  for (int q = p - 1; q >= 0; --q) {
    if (!needed[q]) continue;
    for (const int d : table[q].depends) needed[d] = true;
  }
  std::vector<int> out;
  for (int q = 0; q < p; ++q) {
    if (needed[q]) out.push_back(q);
  }
  return out;
}

}  // namespace

std::vector<Test> registered_first() {
  const auto& table = internal::packages();
  std::vector<Test> tests;
  for (std::size_t p = 0; p < table.size(); ++p) {
    if (table[p].parts.pre_operational.empty()) continue;
    for (int d : built_on(table, static_cast<int>(p))) {
      for (const Algorithm& a : table[d].parts.algorithms) {
        const KernelInfo& k = a.kernels->selected();
        const bool already = std::any_of(tests.begin(), tests.end(),
                                         [&](const Test& t) { return t.known == &a && t.kernel == &k; });
        if (!already) tests.push_back(known_answer(a, k));
      }
    }
    for (const internal::PreOperationalTest& t : table[p].parts.pre_operational) {
      tests.push_back(Test{t.name, t.name, t.algorithm, &t.kernels->selected(), nullptr, &t});
    }
  }
  return tests;
}

std::vector<Test> registered_rest() {
  const std::vector<Test> first = registered_first();
  std::vector<Test> tests;
  for (const Package& p : internal::packages()) {
    for (const Algorithm& a : p.parts.algorithms) {
      for (const KernelInfo* k : a.kernels->usable()) {
        const bool ran = std::any_of(first.begin(), first.end(),
                                     [&](const Test& t) { return t.known == &a && t.kernel == k; });
        if (!ran) tests.push_back(known_answer(a, *k));
      }
    }
  }
  return tests;
}

std::vector<Test> registered() {
  std::vector<Test> tests = registered_first();
  std::vector<Test> rest = registered_rest();
  tests.insert(tests.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return tests;
}

bool run(const Test& t, internal::TestRecord& record) {
  emit(FIPSMOD_SELFTEST_START, t);
  record = {};
  if (t.pre != nullptr) {
    t.pre->run(*t.kernel, record);
  } else if (t.known != nullptr) {
    record.expected.assign(t.known->answer.expected.begin(), t.known->answer.expected.end());
    t.known->compute(*t.kernel, t.known->answer.input, record.computed);
  }
  if (!record.computed.empty() && t.name == break_target()) record.computed[0] ^= 0x01;
  // The module's own comparison, inside the hashed range: a self-test
  // decides nothing through code from outside the module.
  const bool passed = !record.expected.empty() && internal::equal(record.computed, record.expected);
  emit(passed ? FIPSMOD_SELFTEST_PASS : FIPSMOD_SELFTEST_FAIL, t);
  return passed;
}

std::string describe(const Failure& f) {
  // A run that stopped short compared nothing: what stopped it is all.
  if (f.kernel.empty() && f.expected.empty()) return f.test + ": " + f.computed;
  return f.test + " (kernel " + f.kernel + "): expected " + f.expected + ", computed " + f.computed;
}

}  // namespace fipsmod::selftests
