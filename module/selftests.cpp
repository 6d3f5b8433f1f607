// The self-test registry, built from the algorithm table: each algorithm
// brings its known answers and the computation that checks a kernel
// (module/<algorithm>/*_selftest.cpp); this file only enumerates them.
#include "selftests.hpp"

#include <algorithm>
#include <cstdlib>

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

}  // namespace

std::vector<Test> registered() {
  std::vector<Test> tests;
  for (const internal::Algorithm* a : internal::algorithms()) {
    for (const internal::KernelInfo* k : a->kernels.usable()) {
      tests.push_back({std::string(a->cast_prefix) + "/" + k->name, a, k, a->known_answer(k->name)});
    }
  }
  return tests;
}

bool run(const Test& t, std::vector<std::uint8_t>& computed) {
  emit(Phase::start, t);
  bool passed = false;
  if (t.answer != nullptr) {
    computed = t.algorithm->compute(*t.kernel, t.answer->input);
    if (!computed.empty() && t.name == break_target()) computed[0] ^= 0x01;
    passed = std::ranges::equal(computed, t.answer->expected);
  }
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
