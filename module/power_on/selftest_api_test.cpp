// The self-test registry and its known answers, in process. (The state
// machine, the policies and break testing need fresh processes:
// selftest_probe and the ctest scripts beside it.)
#include "selftests.hpp"

#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "integrity/integrity.hpp"

namespace fipsmod::selftest {
namespace {

using internal::Algorithm;
using internal::KernelInfo;
using internal::KnownAnswer;

std::string name_of(const Algorithm& a, std::string_view kernel) {
  return std::string(a.name) + "/" + std::string(kernel);
}

// Every kernel in the build, usable here or not, must have its answer, so
// that a new kernel without one fails here on every machine.
TEST(KnownAnswers, EveryKernelHasOne) {
  for (const Algorithm* a : internal::algorithms()) {
    for (const KernelInfo* k : a->kernels.all()) {
      const KnownAnswer* answer = a->known_answer(k->name);
      ASSERT_NE(answer, nullptr) << name_of(*a, k->name);
      EXPECT_FALSE(answer->input.empty()) << name_of(*a, k->name);
      EXPECT_FALSE(answer->expected.empty()) << name_of(*a, k->name);
    }
  }
}

TEST(KnownAnswers, AreAllDifferent) {
  std::set<std::string> inputs, answers;  // the bytes, as strings
  for (const Algorithm* a : internal::algorithms()) {
    std::set<std::string_view> kernels;
    for (const KnownAnswer& k : a->known_answers()) {
      EXPECT_TRUE(kernels.insert(k.kernel).second) << name_of(*a, k.kernel) << " has two answers";
      EXPECT_TRUE(inputs.emplace(k.input.begin(), k.input.end()).second) << name_of(*a, k.kernel);
      EXPECT_TRUE(answers.emplace(k.expected.begin(), k.expected.end()).second) << name_of(*a, k.kernel);
    }
  }
}

// Every usable kernel has its known-answer test, in table order, except
// that the one the integrity test computes with runs first.
TEST(Registered, OneTestPerUsableKernel) {
  std::vector<std::string> expected;
  for (const Algorithm* a : internal::algorithms()) {
    for (const KernelInfo* k : a->kernels.all()) {
      if (k->usable()) expected.push_back(std::string(a->cast_prefix) + "/" + k->name);
    }
  }
  std::vector<std::string> names;
  for (const selftest::Test& t : registered()) {
    if (t.kind == selftest::Kind::integrity) continue;
    names.push_back(t.name);
    EXPECT_NE(t.answer, nullptr) << t.name;
  }
  if (integrity::built_in()) {
    ASSERT_FALSE(names.empty());
    const auto first = std::find(expected.begin(), expected.end(), names.front());
    ASSERT_NE(first, expected.end());
    std::rotate(expected.begin(), first, first + 1);  // that one moves to the front
  }
  EXPECT_EQ(names, expected);
  EXPECT_FALSE(names.empty());
}

// The integrity test runs second, on the selected HMAC-SHA-256 kernel,
// right after that kernel's known answer (the algorithm is tested before
// the check relies on it); it is there exactly when the module has it.
TEST(Registered, IntegrityRunsRightAfterItsHmacKernelsKnownAnswer) {
  const std::vector<selftest::Test> tests = registered();
  const auto integrity_tests = std::count_if(tests.begin(), tests.end(),
                                             [](const selftest::Test& t) { return t.kind == selftest::Kind::integrity; });
  if (!integrity::built_in()) {
    EXPECT_EQ(integrity_tests, 0);
    return;
  }
  EXPECT_EQ(integrity_tests, 1);
  const Algorithm* hmac = internal::find_algorithm("hmac_sha256");
  ASSERT_NE(hmac, nullptr);
  ASSERT_GE(tests.size(), 2u);
  EXPECT_EQ(tests[0].kind, selftest::Kind::known_answer);
  EXPECT_EQ(tests[0].algorithm, hmac);
  EXPECT_EQ(tests[0].kernel, &hmac->kernels.selected());
  EXPECT_EQ(tests[1].name, "integrity");
  EXPECT_EQ(tests[1].kind, selftest::Kind::integrity);
  EXPECT_EQ(tests[1].kernel, &hmac->kernels.selected());
  EXPECT_EQ(tests[1].answer, nullptr);
}

// The integrity test computes the value the tool recorded in this test
// program, on every usable SHA-256 kernel, not only the selected one.
TEST(Registered, IntegrityValueIsTheSameOnEveryKernel) {
  if (!integrity::built_in()) GTEST_SKIP() << "built with FIPSMOD_INTEGRITY=OFF: no integrity test";
  const Algorithm* hmac = internal::find_algorithm("hmac_sha256");
  ASSERT_NE(hmac, nullptr);
  for (const KernelInfo* k : hmac->kernels.usable()) {
    std::vector<std::uint8_t> expected, computed;
    EXPECT_TRUE(integrity::check(*k, expected, computed)) << k->name;
    EXPECT_EQ(computed.size(), 32u) << k->name;
    EXPECT_EQ(computed, expected) << k->name;
  }
}

TEST(Registered, EachComputesItsKnownAnswer) {
  for (const selftest::Test& t : registered()) {
    if (t.kind == selftest::Kind::integrity) continue;  // IntegrityValueIsTheSameOnEveryKernel
    ASSERT_NE(t.answer, nullptr) << t.name;
    const std::vector<std::uint8_t> got = t.algorithm->compute(*t.kernel, t.answer->input);
    EXPECT_EQ(got, std::vector<std::uint8_t>(t.answer->expected.begin(), t.answer->expected.end())) << t.name;
  }
}

// An algorithm's computation refuses a kernel that is not its own rather
// than running it as one of its type. (Algorithms on one kernel list, as
// SHA-256 and HMAC-SHA-256 are, share their kernels by design.)
TEST(Registered, AComputationRunsOnlyItsOwnKernels) {
  const auto& algorithms = internal::algorithms();
  std::size_t pairs = 0;
  for (const Algorithm* a : algorithms) {
    for (const Algorithm* other : algorithms) {
      if (a == other || &a->kernels == &other->kernels) continue;
      ++pairs;
      const KernelInfo& foreign = other->kernels.selected();
      const KnownAnswer* answer = a->known_answer(a->kernels.selected().name);
      ASSERT_NE(answer, nullptr);
      EXPECT_TRUE(a->compute(foreign, answer->input).empty()) << a->name << " ran " << other->name << "'s kernel";
    }
  }
  EXPECT_GT(pairs, 0u);
}

TEST(RunAll, PassesAndReportsEveryTest) {
  const Report r = run_all();
  EXPECT_TRUE(r.passed());
  ASSERT_EQ(r.results.size(), registered().size());
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    EXPECT_EQ(r.results[i].name, registered()[i].name);
    EXPECT_TRUE(r.results[i].passed) << r.results[i].name;
  }
  EXPECT_GT(r.total.count(), 0);
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
  EXPECT_FALSE(first_failure());
  EXPECT_GT(power_on_duration().count(), 0);
}

TEST(RunAll, FromACallbackThrowsTheModulesError) {
  struct Seen {
    int status = 0;
  } seen;
  set_callback(
      [](const Event& event, void* arg) {
        auto* s = static_cast<Seen*>(arg);
        if (event.phase != Phase::start || s->status != 0) return;
        try {
          set_callback(nullptr, nullptr);  // a nested run would be seen by nobody
          run_all();
          s->status = 1;
        } catch (const fipsmod::error& e) {
          s->status = e.status();
        }
      },
      &seen);
  const Report r = run_all();
  set_callback(nullptr, nullptr);
  EXPECT_EQ(seen.status, FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
}

}  // namespace
}  // namespace fipsmod::selftest
