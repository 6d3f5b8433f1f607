// XORBytes' known-answer self-test: each usable kernel XORs two fixed
// 333-byte inputs (an odd length, past every kernel's main-loop threshold)
// and must give what Botan gave (xor_bytes_kats.inc, written by
// vectors/gen_vectors.cpp). The input holds x, then y.
#include "xor_bytes_kernel.hpp"

namespace fipsmod::subtle {
namespace {

constexpr internal::RawKnownAnswer kRaw[] = {
#include "xor_bytes_kats.inc"
};

}  // namespace

std::span<const internal::KnownAnswer> xor_bytes_known_answers() noexcept {
  return internal::known_answer_table<kRaw>();
}

std::vector<std::uint8_t> xor_bytes_known_answer_computation(const internal::KernelInfo& kernel,
                                                             std::span<const std::uint8_t> input) {
  const XorBytesKernel* k = xor_bytes_kernels().find(kernel);
  const std::size_t n = input.size() / 2;
  if (k == nullptr || n == 0) return {};  // nothing computed: the test fails
  std::vector<std::uint8_t> out(n);
  k->xor_bytes_fn(out.data(), input.data(), input.data() + n, n);
  return out;
}

}  // namespace fipsmod::subtle
