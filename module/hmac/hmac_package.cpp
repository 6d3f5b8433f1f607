// HMAC's description of itself: its algorithm (HMAC-SHA-256, on SHA-256's
// kernel list and choice, since HMAC calls nothing of a kernel but the
// block function) with its known answer, and its services.
#include "core/package.hpp"
#include "internal.hpp"
#include "traits.hpp"

namespace fipsmod::hmac {
namespace {

// The known answer (vectors/gen_vectors.cpp): the HMAC-SHA-256 of a message
// of two blocks and a partial one under a 32-byte key (the input is the
// key, then the message), which every kernel must give. HMAC-SHA-224 has no
// test of its own: it is this code on SHA-224's initial values and digest
// length, as SHA-224 is SHA-256's code.
internal::KnownAnswer known_answer() noexcept {
  return
#include "hmac_kat.inc"
      ;
}

void mac_on(const sha256::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() < kat_key_size) return;  // nothing computed: the test fails
  out.resize(sha256::Sha256::size);
  mac<sha256::Sha256>(k, input.first(kat_key_size), input.subspan(kat_key_size), out);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"hmac_sha256", "HMAC-SHA-256", &sha256::kernels(),
                            known_answer(),
                            &internal::compute_on<&sha256::kernels, &mac_on>, "hmac_sha224"});
  static_assert(kMinApprovedKeySize == 14, "the service names below spell the threshold out");
  constexpr const char* calls = "one-shot, streaming";
  out.services.push_back({"HMAC-SHA-256, key >= 14 bytes", calls, approval_for_key(kMinApprovedKeySize)});
  out.services.push_back({"HMAC-SHA-256, key < 14 bytes", calls, approval_for_key(kMinApprovedKeySize - 1)});
  out.services.push_back({"HMAC-SHA-224, key >= 14 bytes", calls, approval_for_key(kMinApprovedKeySize)});
  out.services.push_back({"HMAC-SHA-224, key < 14 bytes", calls, approval_for_key(kMinApprovedKeySize - 1)});
}

}  // namespace fipsmod::hmac
