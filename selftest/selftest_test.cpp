// The self-test registry and its known answers, in process. (The state
// machine, the policies and break testing need fresh processes:
// selftest_probe and the ctest scripts beside it.)
#include "selftest.hpp"

#include <gtest/gtest.h>

#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>

#include <algorithm>
#include <set>
#include <vector>

#include "md5/md5_kernel.hpp"
#include "subtle/xor_kernel.hpp"

namespace fipsmod::selftest {
namespace {

// Every kernel in the build, usable here or not, must have its answer, so
// that a new kernel without one fails here on every machine.
TEST(KnownAnswers, EveryKernelHasOne) {
  for (const md5::Kernel* k : md5::kernels().all()) {
    const KnownAnswer* a = find_known_answer("md5", k->name);
    ASSERT_NE(a, nullptr) << "md5/" << k->name;
    EXPECT_EQ(a->expected.size(), md5::size);
    EXPECT_GT(a->input.size(), 2 * md5::block_size) << "more than one block";
    EXPECT_NE(a->input.size() % md5::block_size, 0u) << "a partial final block";
  }
  for (const subtle::XorKernel* k : subtle::xor_kernels().all()) {
    const KnownAnswer* a = find_known_answer("xor_bytes", k->name);
    ASSERT_NE(a, nullptr) << "xor_bytes/" << k->name;
    EXPECT_EQ(a->input.size(), 2 * a->expected.size());
    EXPECT_EQ(a->expected.size() % 2, 1u) << "an unaligned length";
    EXPECT_GT(a->expected.size(), 256u) << "long enough for every kernel's main loop";
  }
}

// selftest/break-kat finds each expected answer in a binary, so each must
// be its own; and each test has its own input.
TEST(KnownAnswers, AreAllDifferent) {
  std::set<std::string> inputs, answers;  // the bytes, as strings
  for (const KnownAnswer& a : known_answers()) {
    EXPECT_TRUE(inputs.emplace(a.input.begin(), a.input.end()).second) << a.algorithm << "/" << a.kernel;
    EXPECT_TRUE(answers.emplace(a.expected.begin(), a.expected.end()).second) << a.algorithm << "/" << a.kernel;
  }
  EXPECT_EQ(known_answers().size(), 14u);
}

TEST(Registered, OneTestPerUsableKernel) {
  std::vector<std::string> expected;
  for (const md5::Kernel* k : md5::kernels().usable()) expected.push_back(std::string("MD5/") + k->name);
  for (const subtle::XorKernel* k : subtle::xor_kernels().usable()) expected.push_back(std::string("XORBytes/") + k->name);
  std::vector<std::string> names;
  for (const selftest::Test& t : registered()) {
    names.push_back(t.name);
    EXPECT_NE(t.answer, nullptr) << t.name;
  }
  EXPECT_EQ(names, expected);
}

TEST(Registered, EachComputesItsKnownAnswer) {
  for (const selftest::Test& t : registered()) {
    ASSERT_NE(t.answer, nullptr) << t.name;
    const std::vector<std::uint8_t> got = t.compute(*t.kernel, t.answer->input);
    EXPECT_EQ(got, std::vector<std::uint8_t>(t.answer->expected.begin(), t.answer->expected.end())) << t.name;
  }
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

}  // namespace
}  // namespace fipsmod::selftest
