// HMAC's description of itself: its algorithms (HMAC-SHA-256 on SHA-256's
// kernel list and choice, HMAC-SHA-512 on SHA-512's, since HMAC calls
// nothing of a kernel but the block function), each with its known answer,
// and its services.
#include "core/package.hpp"
#include "internal.hpp"
#include "traits.hpp"

namespace fipsmod::hmac {
namespace {

// The known answers (vectors/gen_vectors.cpp): the HMAC-SHA-256 and the
// HMAC-SHA-512 of a message of two blocks and a partial one of its hash
// under a 32-byte key (the input is the key, then the message), which
// every kernel of the hash must give. One per hash family, as the hashes
// have (FIPS 140-3 IG 10.3.A allows one HMAC test per family): HMAC-SHA-224
// has no test of its own, as it is this code on SHA-224's initial values
// and digest length, as SHA-224 is SHA-256's code; HMAC-SHA-384,
// HMAC-SHA-512/224 and HMAC-SHA-512/256 are HMAC-SHA-512's code in the same
// way. HMAC-SHA-512 has its own because it runs other kernels (SHA-512's)
// with another block size (128 bytes: its own padding of the key).
internal::KnownAnswer sha256_answer() noexcept {
  return
#include "hmac_kat.inc"
      ;
}
internal::KnownAnswer sha512_answer() noexcept {
  return
#include "hmac_sha512_kat.inc"
      ;
}

template <class H>
void mac_on(const typename H::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() < kat_key_size) return;  // nothing computed: the test fails
  out.resize(H::size);
  mac<H>(k, input.first(kat_key_size), input.subspan(kat_key_size), out);
}

// The two rows of HMAC over one hash: approved under a key of at least
// kMinApprovedKeySize bytes, not under a shorter one.
void add_rows(internal::PackageBuilder& out, const char* approved, const char* not_approved) {
  constexpr const char* calls = "one-shot, streaming";
  out.services.push_back({approved, calls, approval_for_key(kMinApprovedKeySize)});
  out.services.push_back({not_approved, calls, approval_for_key(kMinApprovedKeySize - 1)});
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"hmac_sha256", "HMAC-SHA-256", &sha256::kernels(), sha256_answer(),
                            &internal::compute_on<&sha256::kernels, &mac_on<sha256::Sha256>>, "hmac_sha224"});
  out.algorithms.push_back({"hmac_sha512", "HMAC-SHA-512", &sha512::kernels(), sha512_answer(),
                            &internal::compute_on<&sha512::kernels, &mac_on<sha512::Sha512>>,
                            "hmac_sha384,hmac_sha512_224,hmac_sha512_256"});
  static_assert(kMinApprovedKeySize == 14, "the service names below spell the threshold out");
  add_rows(out, "HMAC-SHA-256, key >= 14 bytes", "HMAC-SHA-256, key < 14 bytes");
  add_rows(out, "HMAC-SHA-224, key >= 14 bytes", "HMAC-SHA-224, key < 14 bytes");
  add_rows(out, "HMAC-SHA-512, key >= 14 bytes", "HMAC-SHA-512, key < 14 bytes");
  add_rows(out, "HMAC-SHA-384, key >= 14 bytes", "HMAC-SHA-384, key < 14 bytes");
  add_rows(out, "HMAC-SHA-512/224, key >= 14 bytes", "HMAC-SHA-512/224, key < 14 bytes");
  add_rows(out, "HMAC-SHA-512/256, key >= 14 bytes", "HMAC-SHA-512/256, key < 14 bytes");
}

}  // namespace fipsmod::hmac
