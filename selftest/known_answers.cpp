// The known-answer tests: the table generated from Botan, and how each
// algorithm runs its kernels on it.
#include <algorithm>

#include "../module/md5/md5_kernel.hpp"
#include "selftest.hpp"
#include "../module/subtle/xor_kernel.hpp"

namespace fipsmod::selftest {
namespace {

struct RawAnswer {
  std::string_view algorithm, kernel, input, expected;
};

// String literals keep every expected answer in the binary as plain bytes,
// where selftest/break-kat can find and corrupt it.
#define FIPSMOD_KAT(algorithm, kernel, input, expected) \
  {#algorithm, kernel, {input, sizeof(input) - 1}, {expected, sizeof(expected) - 1}},
constexpr RawAnswer kRaw[] = {
#include "../vectors/selftest_kats.inc"
};
#undef FIPSMOD_KAT

std::span<const std::uint8_t> bytes(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  // An optimisation barrier: the compiler must not see through the pointer
  // and fold a known-answer computation into a constant.
  __asm__ volatile("" : "+r"(p));
  return {p, s.size()};
}

const std::vector<KnownAnswer>& table() {
  static const std::vector<KnownAnswer> answers = [] {
    std::vector<KnownAnswer> out;
    for (const RawAnswer& r : kRaw) out.push_back({r.algorithm, r.kernel, bytes(r.input), bytes(r.expected)});
    return out;
  }();
  return answers;
}

std::vector<std::uint8_t> md5_of(const internal::KernelInfo& kernel, std::span<const std::uint8_t> input) {
  const md5::Sum sum = md5::DigestAccess::unchecked_sum(static_cast<const md5::Kernel&>(kernel), input);
  return {sum.begin(), sum.end()};
}

std::vector<std::uint8_t> xor_of(const internal::KernelInfo& kernel, std::span<const std::uint8_t> input) {
  const std::size_t n = input.size() / 2;
  std::vector<std::uint8_t> out(n);
  static_cast<const subtle::XorKernel&>(kernel).xor_fn(out.data(), input.data(), input.data() + n, n);
  return out;
}

template <class Kernel>
void add_tests(std::vector<Test>& out, std::string_view prefix, std::string_view algorithm,
               const internal::KernelList<Kernel>& kernels, decltype(Test::compute) compute) {
  for (const Kernel* k : kernels.usable()) {
    out.push_back({std::string(prefix) + "/" + k->name, algorithm, k, find_known_answer(algorithm, k->name), compute});
  }
}

}  // namespace

std::span<const KnownAnswer> known_answers() noexcept { return table(); }

const KnownAnswer* find_known_answer(std::string_view algorithm, std::string_view kernel) noexcept {
  const auto& t = table();
  const auto it = std::find_if(t.begin(), t.end(),
                               [&](const KnownAnswer& a) { return a.algorithm == algorithm && a.kernel == kernel; });
  return it == t.end() ? nullptr : &*it;
}

std::vector<Test> registered() {
  std::vector<Test> tests;
  add_tests(tests, "MD5", "md5", md5::kernels(), md5_of);
  add_tests(tests, "XORBytes", "xor_bytes", subtle::xor_kernels(), xor_of);
  return tests;
}

}  // namespace fipsmod::selftest
