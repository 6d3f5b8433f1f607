// PBKDF2's description of itself: its algorithm (PBKDF2-HMAC-SHA-256, on
// SHA-256's kernel list and choice, since it calls nothing of a kernel but
// the block function) with its known answer (the CAST), and its services.
#include "core/package.hpp"
#include "internal.hpp"
#include "traits.hpp"

namespace fipsmod::pbkdf2 {
namespace {

// The known answer (vectors/gen_vectors.cpp): PBKDF2-HMAC-SHA-256 of a
// 20-byte password and a 16-byte salt, 8 iterations, 40 bytes of output,
// which every SHA-256 kernel must give. The other hashes have no test of
// their own: they are this code on other traits, and their hashes' known
// answers run on every kernel of theirs.
internal::KnownAnswer known_answer() noexcept {
  return
#include "pbkdf2_kat.inc"
      ;
}

void derive_on(const sha256::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() < kat_password_size) return;  // nothing computed: the test fails
  out.resize(kat_output_size);
  derive<sha256::Sha256>(k, input.first(kat_password_size), input.subspan(kat_password_size), kat_iterations, out);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"pbkdf2_sha256", "PBKDF2-HMAC-SHA-256", &sha256::kernels(), known_answer(),
                            &internal::compute_on<&sha256::kernels, &derive_on>, "pbkdf2_sha224"});
  static_assert(kMinApprovedSaltSize == 16 && kMinApprovedOutputSize == 14 && kMinApprovedIterations == 1000,
                "the service names below spell the rule out");
  constexpr const char* calls = "one-shot";
  const internal::Approval yes = approval_for(kMinApprovedSaltSize, kMinApprovedOutputSize, kMinApprovedIterations);
  const internal::Approval no = approval_for(kMinApprovedSaltSize - 1, kMinApprovedOutputSize, kMinApprovedIterations);
#define FIPSMOD_PBKDF2_ROWS(hash)                                                                                 \
  out.services.push_back({"PBKDF2-HMAC-" hash ", salt >= 16 bytes, output >= 14 bytes, iterations >= 1000", calls, \
                          yes});                                                                                  \
  out.services.push_back({"PBKDF2-HMAC-" hash ", salt < 16 bytes, output < 14 bytes or iterations < 1000", calls, no})
  FIPSMOD_PBKDF2_ROWS("SHA-256");
  FIPSMOD_PBKDF2_ROWS("SHA-224");
  FIPSMOD_PBKDF2_ROWS("SHA-384");
  FIPSMOD_PBKDF2_ROWS("SHA-512");
  FIPSMOD_PBKDF2_ROWS("SHA-512/224");
  FIPSMOD_PBKDF2_ROWS("SHA-512/256");
#undef FIPSMOD_PBKDF2_ROWS
}

}  // namespace fipsmod::pbkdf2
