// The self-test registry, built from the algorithm table: each algorithm
// brings its known answers and the computation that checks a kernel
// (module/<algorithm>/*_selftest.cpp); this file only enumerates them.
#include "selftests.hpp"

#include "integrity/integrity.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>

namespace fipsmod::selftest {
namespace {

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

Test known_answer(const internal::Algorithm* a, const internal::KernelInfo* k) {
  return Test{std::string(a->cast_prefix) + "/" + k->name, a, k, a->known_answer(k->name)};
}

// The HMAC-SHA-256 kernel the integrity test computes on.
const internal::KernelInfo* integrity_kernel() {
  return &internal::find_algorithm("hmac_sha256")->kernels.selected();
}

}  // namespace

std::vector<Test> registered_first() {
  std::vector<Test> tests;
  if (!integrity::built_in()) return tests;
  // The integrity test computes HMAC-SHA-256 on the selected kernel, so
  // that kernel's known answer is checked first (FIPS 140-3 asks that the
  // algorithm of the integrity technique be tested before it is used).
  const internal::Algorithm* hmac = internal::find_algorithm("hmac_sha256");
  const internal::KernelInfo* used = integrity_kernel();
  tests.push_back(known_answer(hmac, used));
  tests.push_back({"integrity", hmac, used, nullptr, Kind::integrity});
  return tests;
}

std::vector<Test> registered_rest() {
  const internal::Algorithm* hmac = internal::find_algorithm("hmac_sha256");
  const internal::KernelInfo* used = integrity::built_in() ? integrity_kernel() : nullptr;
  std::vector<Test> tests;
  for (const internal::Algorithm* a : internal::algorithms()) {
    for (const internal::KernelInfo* k : a->kernels.usable()) {
      if (a == hmac && k == used) continue;  // it ran first
      tests.push_back(known_answer(a, k));
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

bool run(const Test& t, std::vector<std::uint8_t>& expected, std::vector<std::uint8_t>& computed,
         const char** absent) {
  emit(Phase::start, t);
  bool passed = false;
  expected.clear();
  computed.clear();
  const char* none = "(none)";
  if (t.kind == Kind::integrity) {
    integrity::Record what = integrity::Record::damaged;
    integrity::check(*t.kernel, expected, computed, &what);
    none = what == integrity::Record::missing ? "(no value recorded)" : "(record damaged)";
  } else if (t.answer != nullptr) {
    expected.assign(t.answer->expected.begin(), t.answer->expected.end());
    computed = t.algorithm->compute(*t.kernel, t.answer->input);
  }
  if (!computed.empty() && t.name == break_target()) computed[0] ^= 0x01;
  passed = !expected.empty() && computed == expected;
  if (absent) *absent = none;
  emit(passed ? Phase::pass : Phase::fail, t);
  return passed;
}

std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t v : bytes) {
    out += kDigits[v >> 4];
    out += kDigits[v & 15];
  }
  return out;
}

std::string describe(const Failure& f) {
  return f.test + " (kernel " + f.kernel + "): expected " + f.expected + ", computed " + f.computed;
}

}  // namespace fipsmod::selftest
