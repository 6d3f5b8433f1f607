// The TLS key derivations' description of themselves: two algorithms, on
// SHA-256's kernel list and choice, each with the CAST Go's list names
// (TLSv1.2-SHA2-256: the TLS 1.2 PRF; TLSv1.3-SHA2-256: Derive-Secret, an
// HKDF-Expand-Label), and their services.
#include "core/package.hpp"
#include "internal.hpp"

namespace fipsmod::tls_kdf {
namespace {

// The known answers (vectors/gen_vectors.cpp). TLS 1.2: the PRF of a
// 48-byte secret, a 13-byte label and the seed after them, 104 bytes out.
// TLS 1.3: Derive-Secret of a 32-byte secret, a 12-byte label and a
// 32-byte transcript hash. The other hashes have no test of their own:
// each is the same template on their HMAC.
internal::KnownAnswer tls12_known_answer() noexcept {
  return
#include "tls12_kat.inc"
      ;
}
internal::KnownAnswer tls13_known_answer() noexcept {
  return
#include "tls13_kat.inc"
      ;
}

void tls12_on(const sha256::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() < tls12_kat_secret_size + tls12_kat_label_size) return;  // nothing computed: the test fails
  out.resize(tls12_kat_output_size);
  prf<sha256::Sha256>(k, input.first(tls12_kat_secret_size), input.subspan(tls12_kat_secret_size, tls12_kat_label_size),
                      input.subspan(tls12_kat_secret_size + tls12_kat_label_size), out);
}

void tls13_on(const sha256::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  using H = sha256::Sha256;
  if (input.size() != tls13_kat_secret_size + tls13_kat_label_size + H::size) return;
  out.resize(H::size);
  derive_secret<H>(k, input.first(tls13_kat_secret_size), input.subspan(tls13_kat_secret_size, tls13_kat_label_size),
                   input.subspan<tls13_kat_secret_size + tls13_kat_label_size, H::size>(),
                   std::span<std::uint8_t, H::size>(out.data(), H::size));
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"tls12_prf_sha256", "TLSv1.2-SHA-256", &sha256::kernels(), tls12_known_answer(),
                            &internal::compute_on<&sha256::kernels, &tls12_on>});
  out.algorithms.push_back({"tls13_kdf_sha256", "TLSv1.3-SHA-256", &sha256::kernels(), tls13_known_answer(),
                            &internal::compute_on<&sha256::kernels, &tls13_on>});
  constexpr const char* tls12 = "PRF (master secret, extended master secret, key block, verify_data)";
  constexpr const char* tls13 = "HKDF-Expand-Label, Derive-Secret";
  out.services.push_back({Tls12Sha256::service, tls12, approval});
  out.services.push_back({Tls12Sha384::service, tls12, approval});
  out.services.push_back({Tls12Sha512::service, tls12, approval});
  out.services.push_back({Tls13Sha256::service, tls13, approval});
  out.services.push_back({Tls13Sha384::service, tls13, approval});
}

}  // namespace fipsmod::tls_kdf
