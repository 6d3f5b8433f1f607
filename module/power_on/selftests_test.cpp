// The self-test table built from the packages, in process: one known
// answer per algorithm, run on every usable kernel, the integrity test
// where it belongs. (The state machine, the policies and break testing
// need fresh processes: selftest/selftest_probe and the scripts beside it.)
#include "selftests.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <fipsmod/module.h>

#include "packages.hpp"

namespace fipsmod::selftests {
namespace {

using internal::Algorithm;
using internal::KernelInfo;

// Every algorithm has its known answer, and no two share an input or an
// answer (a test that computed the wrong algorithm could not pass).
TEST(KnownAnswers, EachAlgorithmHasOneOfItsOwn) {
  std::set<std::string> inputs, answers;  // the bytes, as strings
  for (const Algorithm* a : internal::algorithms()) {
    EXPECT_FALSE(a->answer.input.empty()) << a->name;
    EXPECT_FALSE(a->answer.expected.empty()) << a->name;
    EXPECT_TRUE(inputs.emplace(a->answer.input.begin(), a->answer.input.end()).second) << a->name;
    EXPECT_TRUE(answers.emplace(a->answer.expected.begin(), a->answer.expected.end()).second) << a->name;
  }
}

// Every usable kernel of every algorithm has its known-answer test, named
// "<cast prefix>/<kernel>", exactly once.
TEST(Registered, OneTestPerUsableKernel) {
  std::multiset<std::string> expected, names;
  for (const Algorithm* a : internal::algorithms()) {
    for (const KernelInfo* k : a->kernels->all()) {
      if (k->usable()) expected.insert(std::string(a->cast_prefix) + "/" + k->name);
    }
  }
  for (const selftests::Test& t : registered()) {
    if (t.pre != nullptr) continue;
    ASSERT_NE(t.known, nullptr) << t.name;
    names.insert(t.name);
  }
  EXPECT_EQ(names, expected);
  EXPECT_FALSE(names.empty());
}

// The integrity test is there exactly when the module has it, once, and
// ends the first part: after the known answers of the kernel it computes
// with, before anything else.
TEST(Registered, IntegrityEndsTheFirstPart) {
  const std::vector<selftests::Test> first = registered_first();
  const std::vector<selftests::Test> all = registered();
  const auto integrity_tests = std::count_if(all.begin(), all.end(), [](const selftests::Test& t) { return t.pre != nullptr; });
  if (!fipsmod_integrity_built_in()) {
    EXPECT_EQ(integrity_tests, 0);
    return;
  }
  EXPECT_EQ(integrity_tests, 1);
  ASSERT_GE(first.size(), 2u);
  EXPECT_EQ(first.back().name, "integrity");
  const Algorithm* computes_with = internal::find_algorithm(first.back().pre->algorithm);
  ASSERT_NE(computes_with, nullptr) << first.back().pre->algorithm;
  const bool kernel_tested_first = std::any_of(first.begin(), first.end() - 1, [&](const selftests::Test& t) {
    return t.known == computes_with && t.kernel == first.back().kernel;
  });
  EXPECT_TRUE(kernel_tested_first) << "integrity computes on a kernel whose known answer has not run";
}

TEST(Registered, EachComputesItsKnownAnswer) {
  for (const selftests::Test& t : registered()) {
    if (t.pre != nullptr) continue;  // IntegrityValueIsTheSameOnEveryKernel
    std::vector<std::uint8_t> got;
    t.known->compute(*t.kernel, t.known->answer.input, got);
    EXPECT_EQ(got, std::vector<std::uint8_t>(t.known->answer.expected.begin(), t.known->answer.expected.end()))
        << t.name;
  }
}

// An algorithm's computation refuses a kernel that is not its own rather
// than running it as one of its type. (Algorithms on one kernel list, a
// hash and a MAC over it, share their kernels by design.)
TEST(Registered, AComputationRunsOnlyItsOwnKernels) {
  const auto algorithms = internal::algorithms();
  std::size_t pairs = 0;
  for (const Algorithm* a : algorithms) {
    for (const Algorithm* other : algorithms) {
      if (a == other || a->kernels == other->kernels) continue;
      ++pairs;
      std::vector<std::uint8_t> got{1};
      a->compute(other->kernels->selected(), a->answer.input, got);
      EXPECT_TRUE(got.empty()) << a->name << " ran " << other->name << "'s kernel";
    }
  }
  EXPECT_GT(pairs, 0u);
}

}  // namespace
}  // namespace fipsmod::selftests
