// The TLS key derivations inside the module: TLS 1.2's PRF (RFC 5246 §5,
// P_hash over HMAC; with RFC 7627's extended master secret, which is the
// same PRF on another label and seed) and TLS 1.3's HKDF-Expand-Label and
// Derive-Secret (RFC 8446 §7.1), which are HKDF-Expand on an HkdfLabel:
// they call hkdf/internal.hpp's expand, with the label's pieces as its
// info, and nothing of HKDF is written again here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include <fipsmod/tls_kdf.h>

#include "core/secure_zero.hpp"
#include "core/service.hpp"
#include "hkdf/internal.hpp"
#include "hmac/internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::tls_kdf {

// RFC 5246 §5: P_hash(secret, seed) = HMAC(secret, A(1) + seed) |
// HMAC(secret, A(2) + seed) | ..., A(0) = seed, A(i) = HMAC(secret,
// A(i-1)); PRF(secret, label, seed) = P_hash(secret, label + seed), cut
// to out.size(). The secret keys one HMAC state, restarted for each
// HMAC; label and seed are read once per block, so neither may share
// bytes with `out` (the C layer refuses that). Leaves nothing
// secret-derived behind.
template <class H>
void prf(const typename H::Kernel& kernel, std::span<const std::uint8_t> secret, std::span<const std::uint8_t> label,
         std::span<const std::uint8_t> seed, std::span<std::uint8_t> out) noexcept {
  hmac::Keyed<H> keyed;
  hmac::key<H>(keyed, kernel, secret);
  std::array<std::uint8_t, H::size> a, block;
  hmac::absorb<H>(keyed, label);  // A(1) = HMAC(secret, label + seed)
  hmac::absorb<H>(keyed, seed);
  hmac::finish<H>(keyed, a);
  for (std::size_t done = 0; done < out.size();) {
    hmac::restart<H>(keyed);
    hmac::absorb<H>(keyed, a);
    hmac::absorb<H>(keyed, label);
    hmac::absorb<H>(keyed, seed);
    hmac::finish<H>(keyed, block);
    const std::size_t n = std::min(H::size, out.size() - done);
    std::copy_n(block.data(), n, out.data() + done);
    done += n;
    if (done < out.size()) {  // A(i+1) = HMAC(secret, A(i))
      hmac::restart<H>(keyed);
      hmac::absorb<H>(keyed, a);
      hmac::finish<H>(keyed, a);
    }
  }
  hmac::wipe<H>(keyed);
  internal::secure_zero(a.data(), a.size());
  internal::secure_zero(block.data(), block.size());
}

// RFC 8446 §7.1: the HkdfLabel's limits. "tls13 " + Label is 7 to 255
// bytes, the Context at most 255; Length is two bytes, which HKDF's own
// limit (255 * HashLen) keeps it under.
inline constexpr std::size_t kMaxLabel = FIPSMOD_TLS13_MAX_LABEL_SIZE, kMaxContext = FIPSMOD_TLS13_MAX_CONTEXT_SIZE;
inline constexpr std::array<std::uint8_t, 6> kLabelPrefix = {'t', 'l', 's', '1', '3', ' '};

// HKDF-Expand-Label(Secret, Label, Context, Length) = HKDF-Expand(Secret,
// HkdfLabel, Length), HkdfLabel = uint16 Length | opaque label<7..255> =
// "tls13 " + Label | opaque context<0..255> = Context, given to expand in
// pieces. label.size() <= kMaxLabel, context.size() <= kMaxContext,
// out.size() <= hkdf::max_output_of<H> (the caller checks).
template <class H>
void expand_label(const typename H::Kernel& kernel, std::span<const std::uint8_t> secret,
                  std::span<const std::uint8_t> label, std::span<const std::uint8_t> context,
                  std::span<std::uint8_t> out) noexcept {
  const std::array<std::uint8_t, 3> head = {static_cast<std::uint8_t>(out.size() >> 8),
                                            static_cast<std::uint8_t>(out.size()),
                                            static_cast<std::uint8_t>(kLabelPrefix.size() + label.size())};
  const std::array<std::uint8_t, 1> context_size = {static_cast<std::uint8_t>(context.size())};
  hkdf::expand<H>(kernel, secret, {head, kLabelPrefix, label, context_size, context}, out);
}

// Derive-Secret(Secret, Label, Messages) = HKDF-Expand-Label(Secret, Label,
// Transcript-Hash(Messages), Hash.length), given the transcript hash.
template <class H>
void derive_secret(const typename H::Kernel& kernel, std::span<const std::uint8_t> secret,
                   std::span<const std::uint8_t> label, std::span<const std::uint8_t, H::size> transcript_hash,
                   std::span<std::uint8_t, H::size> out) noexcept {
  expand_label<H>(kernel, secret, label, transcript_hash, out);
}

// Every TLS derivation offered is approved (issue 26): the TLS 1.2 PRF
// over SHA-256, SHA-384 and SHA-512 (NIST SP 800-135 rev. 1 §4.2), TLS
// 1.3's schedule over SHA-256 and SHA-384 (SP 800-135's TLS 1.3 KDF, RFC
// 8446 §7.1). Any other hash is not offered at all.
inline constexpr internal::Approval approval = internal::Approval::approved;

template <class M>
struct Tls12Service {
  using H = typename M::Hash;
  using Status = internal::Status;
  using Bytes = std::span<const std::uint8_t>;
  static Status prf(Bytes secret, Bytes label, Bytes seed, std::span<std::uint8_t> out) noexcept {
    return internal::run_service(approval, M::service, [&] {
      tls_kdf::prf<H>(H::kernels().selected(), secret, label, seed, out);
      return Status::ok;
    });
  }
};

template <class M>
struct Tls13Service {
  using H = typename M::Hash;
  using Status = internal::Status;
  using Bytes = std::span<const std::uint8_t>;
  static Status expand_label(Bytes secret, Bytes label, Bytes context, std::span<std::uint8_t> out) noexcept {
    return internal::run_service(approval, M::service, [&] {
      tls_kdf::expand_label<H>(H::kernels().selected(), secret, label, context, out);
      return Status::ok;
    });
  }
  static Status derive_secret(Bytes secret, Bytes label, std::span<const std::uint8_t, H::size> transcript_hash,
                              std::span<std::uint8_t, H::size> out) noexcept {
    return internal::run_service(approval, M::service, [&] {
      tls_kdf::derive_secret<H>(H::kernels().selected(), secret, label, transcript_hash, out);
      return Status::ok;
    });
  }
};

struct Tls12Sha256 {
  using Hash = sha256::Sha256;
  static constexpr const char* service = "TLS 1.2 PRF (SHA-256)";
};
struct Tls12Sha384 {
  using Hash = sha512::Sha384;
  static constexpr const char* service = "TLS 1.2 PRF (SHA-384)";
};
struct Tls12Sha512 {
  using Hash = sha512::Sha512;
  static constexpr const char* service = "TLS 1.2 PRF (SHA-512)";
};
struct Tls13Sha256 {
  using Hash = sha256::Sha256;
  static constexpr const char* service = "TLS 1.3 key schedule (SHA-256)";
};
struct Tls13Sha384 {
  using Hash = sha512::Sha384;
  static constexpr const char* service = "TLS 1.3 key schedule (SHA-384)";
};

// The known answers' shapes (vectors/gen_vectors.cpp). TLS 1.2: a 48-byte
// secret, a 13-byte label, then the seed, 104 bytes out (three blocks
// and part of a fourth). TLS 1.3: a 32-byte secret, a 12-byte label, then
// the 32-byte transcript hash; the answer Derive-Secret's 32 bytes.
inline constexpr std::size_t tls12_kat_secret_size = 48, tls12_kat_label_size = 13, tls12_kat_output_size = 104;
inline constexpr std::size_t tls13_kat_secret_size = 32, tls13_kat_label_size = 12;

}  // namespace fipsmod::tls_kdf

#pragma GCC visibility pop
