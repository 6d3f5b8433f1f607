// The constant-time test's package-independent part (docs/constant-time.md):
// every algorithm of the package table on every kernel of its list that is
// usable here, computing its known answer from an input marked secret; the
// kernels that cannot run here, listed with what they need; and two
// deliberately broken functions, run only when asked for
// (--gtest_also_run_disabled_tests), which memcheck must report by name.
// Each package's own cases are in its folder's *_constant_time_test.cpp.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "core/compare.hpp"
#include "core/cpu.hpp"
#include "power_on/packages.hpp"
#include "testing/constant_time.hpp"
#include "testing/vec_file.hpp"

// Deliberately not constant time: what the test exists to catch, each
// written the way it happens by mistake. Not inlined, and named in plain C,
// so that memcheck's reports name them as written here (the ctest
// constant_time_detects_broken_code looks for these names).
extern "C" {

// A look-up table, as a byte-oriented AES would have (any 256 bytes do).
const std::uint8_t fipsmod_ct_table[256] = {
#define FIPSMOD_CT_ROW(r) \
  r * 16 + 7, r * 16 + 3, r * 16 + 12, r * 16 + 1, r * 16 + 9, r * 16 + 14, r * 16 + 0, r * 16 + 5, \
  r * 16 + 11, r * 16 + 2, r * 16 + 15, r * 16 + 8, r * 16 + 4, r * 16 + 13, r * 16 + 6, r * 16 + 10
    FIPSMOD_CT_ROW(0),  FIPSMOD_CT_ROW(1),  FIPSMOD_CT_ROW(2),  FIPSMOD_CT_ROW(3),
    FIPSMOD_CT_ROW(4),  FIPSMOD_CT_ROW(5),  FIPSMOD_CT_ROW(6),  FIPSMOD_CT_ROW(7),
    FIPSMOD_CT_ROW(8),  FIPSMOD_CT_ROW(9),  FIPSMOD_CT_ROW(10), FIPSMOD_CT_ROW(11),
    FIPSMOD_CT_ROW(12), FIPSMOD_CT_ROW(13), FIPSMOD_CT_ROW(14), FIPSMOD_CT_ROW(15),
#undef FIPSMOD_CT_ROW
};

// A memory address computed from a secret byte: the cache line it touches
// tells the byte.
[[gnu::noinline]] std::uint8_t fipsmod_ct_broken_table_lookup(const std::uint8_t* secret_byte) {
  return fipsmod_ct_table[*secret_byte];
}

// A branch on a secret bit. The volatile store cannot be made
// unconditional, so the compiler must branch (it would turn a choice of
// two values into a cmov, which is constant time).
volatile int fipsmod_ct_sink;
[[gnu::noinline]] void fipsmod_ct_broken_branch(const std::uint8_t* secret_byte) {
  if (*secret_byte & 1) fipsmod_ct_sink = 1;
}

}  // extern "C"

namespace fipsmod::testing {
namespace {

using ct::Bytes;

// Whether the ctest that runs this program under valgrind did so: it sets
// FIPSMOD_CT_UNDER_VALGRIND, and a run that valgrind did not watch would
// pass whatever the module does.
TEST(ConstantTime, RunsUnderValgrindWhenRegisteredSo) {
  if (std::getenv("FIPSMOD_CT_UNDER_VALGRIND") == nullptr) {
    std::cout << "not asked to check for valgrind (FIPSMOD_CT_UNDER_VALGRIND unset); under valgrind: "
              << (ct::under_valgrind() ? "yes" : "no, so only the answers are checked") << "\n";
    return;
  }
  EXPECT_TRUE(ct::under_valgrind()) << "FIPSMOD_CT_UNDER_VALGRIND is set but valgrind is not running this program";
}

// Every algorithm's known-answer computation (the self-test's, on the
// kernel given) on every usable kernel of its list, with the whole input
// secret: for HMAC, HKDF and PBKDF2 the key, secret or password and the
// rest of the message; for the hashes the message.
TEST(ConstantTime, EveryKnownAnswerOnEveryUsableKernel) {
  std::size_t runs = 0;
  for (const internal::Algorithm* a : internal::algorithms()) {
    std::string ran;
    for (const internal::KernelInfo* k : a->kernels->usable()) {
      const Bytes input(a->answer.input.begin(), a->answer.input.end());
      std::vector<std::uint8_t> out;
      const Bytes got = ct::on_secrets({input}, [&](const std::vector<Bytes>& in) {
        a->compute(*k, in[0], out);
        return out;
      });
      EXPECT_EQ(to_hex(got), to_hex(Bytes(a->answer.expected.begin(), a->answer.expected.end())))
          << a->name << " on " << k->name;
      ran += std::string(ran.empty() ? "" : ", ") + k->name;
      ++runs;
    }
    std::cout << "known answer of " << a->name << " with a secret input on: " << ran << "\n";
  }
  EXPECT_GT(runs, 0u);
}

// What this test cannot run here, and why: each list's kernels that are
// not usable, with the features they need that are not enabled. Under
// valgrind these are the features of the CPU valgrind emulates (its CPUID),
// which lacks some of the real one's (docs/constant-time.md lists them).
TEST(ConstantTime, KernelsThatCannotRunHere) {
  std::cout << "cpu features enabled" << (ct::under_valgrind() ? " (as valgrind's CPU reports them)" : "") << ": "
            << cpu::to_string(cpu::enabled()) << "\n";
  std::set<const internal::KernelSet*> seen;
  std::size_t not_run = 0;
  for (const internal::Algorithm* a : internal::algorithms()) {
    if (!seen.insert(a->kernels).second) continue;  // a list shared with an algorithm listed before
    for (const internal::KernelInfo* k : a->kernels->all()) {
      if (k->usable()) continue;
      std::cout << "not run: " << a->name << " kernel " << k->name << ", needs "
                << cpu::to_string(k->needs.without(cpu::enabled())) << "\n";
      ++not_run;
    }
  }
  std::cout << not_run << " kernel(s) of " << seen.size() << " list(s) not run\n";
}

// The module's comparison (core/compare.hpp), which every tag and MAC check
// goes through: on secret bytes that differ at the first, a middle or the
// last byte, or not at all, it branches on none of them, and its answer
// alone is declassified (the test branches on it here).
TEST(ConstantTime, EqualDeclassifiesOnlyItsAnswer) {
  for (const std::size_t at : {std::size_t{0}, std::size_t{7}, std::size_t{15}, std::size_t{16}}) {
    Bytes a = ct::bytes(16, 5), b = a;
    if (at < b.size()) b[at] ^= 0x10;
    ct::secret(a);
    ct::secret(b);
    EXPECT_EQ(internal::equal(a, b), at == b.size()) << "differing at " << at;
  }
}

// The broken functions above, on a secret byte. Disabled: the ctest
// constant_time_detects_broken_code runs them alone, in this order, and
// passes only if memcheck reports each by name.
TEST(ConstantTimeBrokenOnPurpose, DISABLED_TableLookUpBySecretByte) {
  std::uint8_t b = 0x5a;
  ct::secret({&b, 1});
  std::uint8_t r = fipsmod_ct_broken_table_lookup(&b);
  ct::declassify({&r, 1});
  EXPECT_EQ(r, fipsmod_ct_table[0x5a]);
}

TEST(ConstantTimeBrokenOnPurpose, DISABLED_BranchOnSecretBit) {
  std::uint8_t b = 0x5b;
  fipsmod_ct_sink = 0;
  ct::secret({&b, 1});
  fipsmod_ct_broken_branch(&b);
  EXPECT_EQ(fipsmod_ct_sink, 1);
}

}  // namespace
}  // namespace fipsmod::testing
