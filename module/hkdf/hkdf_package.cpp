// HKDF's description of itself: its algorithm (HKDF-SHA-256, on SHA-256's
// kernel list and choice, as HMAC-SHA-256 is) with its known answer, the
// CAST Go's list names HKDF-SHA2-256, and its services.
#include "core/package.hpp"
#include "internal.hpp"

namespace fipsmod::hkdf {
namespace {

// The known answer (vectors/gen_vectors.cpp): HKDF-SHA-256 of a 32-byte
// secret, a 32-byte salt and the info after them, 42 bytes out. The other
// hashes have no test of their own: HKDF is one template over the hash,
// whose own answers run before this one (module/packages.def).
internal::KnownAnswer known_answer() noexcept {
  return
#include "hkdf_kat.inc"
      ;
}

void key_on(const sha256::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() < kat_secret_size + kat_salt_size) return;  // nothing computed: the test fails
  out.resize(kat_output_size);
  key<sha256::Sha256>(k, input.first(kat_secret_size), input.subspan(kat_secret_size, kat_salt_size),
                      input.subspan(kat_secret_size + kat_salt_size), out);
}

template <class M>
void rows(internal::PackageBuilder& out, const char* approved, const char* not_approved) {
  constexpr const char* calls = "extract, expand, one-shot";
  out.services.push_back({approved, calls, approval_for_secret(kMinApprovedSecretSize)});
  out.services.push_back({not_approved, calls, approval_for_secret(kMinApprovedSecretSize - 1)});
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"hkdf_sha256", "HKDF-SHA-256", &sha256::kernels(), known_answer(),
                            &internal::compute_on<&sha256::kernels, &key_on>, "hkdf_sha224"});
  static_assert(kMinApprovedSecretSize == 14, "the service names below spell the threshold out");
  rows<Sha256>(out, "HKDF-SHA-256, secret >= 14 bytes", "HKDF-SHA-256, secret < 14 bytes");
  rows<Sha224>(out, "HKDF-SHA-224, secret >= 14 bytes", "HKDF-SHA-224, secret < 14 bytes");
  rows<Sha512>(out, "HKDF-SHA-512, secret >= 14 bytes", "HKDF-SHA-512, secret < 14 bytes");
  rows<Sha384>(out, "HKDF-SHA-384, secret >= 14 bytes", "HKDF-SHA-384, secret < 14 bytes");
  rows<Sha512_224>(out, "HKDF-SHA-512/224, secret >= 14 bytes", "HKDF-SHA-512/224, secret < 14 bytes");
  rows<Sha512_256>(out, "HKDF-SHA-512/256, secret >= 14 bytes", "HKDF-SHA-512/256, secret < 14 bytes");
}

}  // namespace fipsmod::hkdf
