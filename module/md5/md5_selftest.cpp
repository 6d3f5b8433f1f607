// MD5's known-answer self-test: each usable kernel hashes a fixed message
// of two blocks and a partial one, and must give the digest Botan gave
// (md5_kats.inc, written by vectors/gen_vectors.cpp).
#include "md5_kernel.hpp"

namespace fipsmod::md5 {
namespace {

constexpr internal::RawKnownAnswer kRaw[] = {
#include "md5_kats.inc"
};

}  // namespace

std::span<const internal::KnownAnswer> known_answers() noexcept { return internal::known_answer_table<kRaw>(); }

std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input) {
  return internal::hash_on_kernel(kernels(), kernel, input, DigestAccess::unchecked_sum);
}

}  // namespace fipsmod::md5
