// HMAC-SHA-256's known-answer self-test: each usable SHA-256 kernel
// computes the MAC of a fixed message (two blocks and a partial one) under
// a fixed 32-byte key, and must give the MAC Botan gave (hmac_kats.inc,
// written by vectors/gen_vectors.cpp). An input is the key, then the
// message.
#include "hmac_kernel.hpp"

#include "../sha256/sha256_kernel.hpp"

namespace fipsmod::hmac {
namespace {

constexpr internal::RawKnownAnswer kRaw[] = {
#include "hmac_kats.inc"
};

}  // namespace

constinit const internal::Algorithm algorithm{"hmac_sha256", "HMAC-SHA-256", sha256::kernel_list, &known_answers,
                                              &known_answer_computation};

std::span<const internal::KnownAnswer> known_answers() noexcept { return internal::known_answer_table<kRaw>(); }

std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input) {
  const sha256::Kernel* k = sha256::kernels().find(kernel);
  if (k == nullptr || input.size() < kat_key_size) return {};  // nothing computed: the test fails
  Keyed keyed;
  HmacAccess::key(keyed, *k, Variant::sha256, input.first(kat_key_size));
  HmacAccess::absorb(keyed, input.subspan(kat_key_size));
  std::vector<std::uint8_t> out(sha256::size);
  HmacAccess::finish(keyed, Variant::sha256, out);
  HmacAccess::wipe(keyed);
  return out;
}

}  // namespace fipsmod::hmac
