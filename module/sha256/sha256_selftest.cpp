// SHA-256's known-answer self-test: each usable kernel hashes a fixed
// message of two blocks and a partial one, and must give the digest Botan
// gave (sha256_kats.inc, written by vectors/gen_vectors.cpp).
#include "sha256_kernel.hpp"

namespace fipsmod::sha256 {
namespace {

constexpr internal::RawKnownAnswer kRaw[] = {
#include "sha256_kats.inc"
};

}  // namespace

std::span<const internal::KnownAnswer> known_answers() noexcept { return internal::known_answer_table<kRaw>(); }

std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input) {
  return internal::hash_on_kernel(kernels(), kernel, input, DigestAccess::unchecked_sum);
}

}  // namespace fipsmod::sha256
