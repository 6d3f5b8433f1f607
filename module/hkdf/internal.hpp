// HKDF (RFC 5869; NIST SP 800-56C rev. 2 §5, two-step key derivation with
// HMAC) inside the module, over any hash of the streaming core: extract,
// expand and the two in one call, without the gate, and the services over
// them. The HMAC is hmac/internal.hpp's one template, keyed once per
// extract and once per expand. tls_kdf (TLS 1.3's HKDF-Expand-Label) calls
// expand() here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>

#include <fipsmod/hkdf.h>

#include "core/secure_zero.hpp"
#include "core/service.hpp"
#include "hmac/internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::hkdf {

// The shortest secret keying an approved HKDF: 112 bits (NIST SP 800-131A;
// Go's crypto/internal/fips140/hkdf applies the same number to Extract's
// secret). Extract and the one-shot go by the input keying material,
// expand by its pseudorandom key (docs/services.md says why).
constexpr std::size_t kMinApprovedSecretSize = FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE;

// RFC 5869 §2.3: L <= 255 * HashLen (the block counter is one octet).
template <class H>
constexpr std::size_t max_output_of = 255 * H::size;

// RFC 5869 §2.2: PRK = HMAC-Hash(salt, IKM). An empty salt is HMAC's empty
// key, which is the same as HashLen zero bytes (both pad to a block of
// zeros), the RFC's "not provided".
template <class H>
void extract(const typename H::Kernel& kernel, std::span<const std::uint8_t> secret,
             std::span<const std::uint8_t> salt, std::span<std::uint8_t, H::size> prk) noexcept {
  hmac::mac<H>(kernel, salt, secret, prk);
}

// RFC 5869 §2.3: T(i) = HMAC-Hash(PRK, T(i-1) | info | i), the first
// out.size() bytes of T(1) | T(2) | ...; out.size() <= max_output_of<H> (the
// caller checks). The info is given in pieces, read in order as if joined
// (TLS 1.3's HkdfLabel is built of several); every piece is read once per
// block, so none may share bytes with `out`. The PRK keys one HMAC state,
// restarted for each block. Leaves nothing key-derived behind.
template <class H>
void expand(const typename H::Kernel& kernel, std::span<const std::uint8_t> prk,
            std::initializer_list<std::span<const std::uint8_t>> info, std::span<std::uint8_t> out) noexcept {
  hmac::Keyed<H> keyed;
  hmac::key<H>(keyed, kernel, prk);
  std::array<std::uint8_t, H::size> t;
  std::uint8_t counter = 0;
  for (std::size_t done = 0; done < out.size();) {
    ++counter;
    if (counter > 1) {
      hmac::restart<H>(keyed);
      hmac::absorb<H>(keyed, t);
    }
    for (const auto piece : info) hmac::absorb<H>(keyed, piece);
    hmac::absorb<H>(keyed, std::span<const std::uint8_t>(&counter, 1));
    const std::size_t n = std::min(H::size, out.size() - done);
    if (n == H::size) {
      hmac::finish<H>(keyed, std::span<std::uint8_t>(out.data() + done, n));
      std::copy_n(out.data() + done, n, t.data());
    } else {
      hmac::finish<H>(keyed, t);
      std::copy_n(t.data(), n, out.data() + done);
    }
    done += n;
  }
  hmac::wipe<H>(keyed);
  internal::secure_zero(t.data(), t.size());
}

// RFC 5869 §2: extract, then expand. out.size() <= max_output_of<H>.
template <class H>
void key(const typename H::Kernel& kernel, std::span<const std::uint8_t> secret, std::span<const std::uint8_t> salt,
         std::span<const std::uint8_t> info, std::span<std::uint8_t> out) noexcept {
  std::array<std::uint8_t, H::size> prk;
  extract<H>(kernel, secret, salt, prk);
  expand<H>(kernel, prk, {info}, out);
  internal::secure_zero(prk.data(), prk.size());
}

// How a call runs: by the length of the secret that keys the derivation
// (the input keying material for extract and the one-shot, the
// pseudorandom key for expand). The salt's length does not matter.
constexpr internal::Approval approval_for_secret(std::size_t secret_size) noexcept {
  return secret_size >= kMinApprovedSecretSize ? internal::Approval::approved : internal::Approval::not_approved;
}

// The services of HKDF over one hash, each through run_service. The
// output goes to `out`, which may share bytes with no input (the C layer
// computes into its own buffer).
template <class M>
struct Service {
  using H = typename M::Hash;
  using Status = internal::Status;
  using Bytes = std::span<const std::uint8_t>;
  static Status extract(Bytes secret, Bytes salt, std::span<std::uint8_t, H::size> prk) noexcept {
    return internal::run_service(approval_for_secret(secret.size()), M::service, [&] {
      hkdf::extract<H>(H::kernels().selected(), secret, salt, prk);
      return Status::ok;
    });
  }
  static Status expand(Bytes prk, Bytes info, std::span<std::uint8_t> out) noexcept {
    return internal::run_service(approval_for_secret(prk.size()), M::service, [&] {
      hkdf::expand<H>(H::kernels().selected(), prk, {info}, out);
      return Status::ok;
    });
  }
  static Status key(Bytes secret, Bytes salt, Bytes info, std::span<std::uint8_t> out) noexcept {
    return internal::run_service(approval_for_secret(secret.size()), M::service, [&] {
      hkdf::key<H>(H::kernels().selected(), secret, salt, info, out);
      return Status::ok;
    });
  }
};

// HKDF over each hash it serves: the hash and the service's name.
struct Sha256 {
  using Hash = sha256::Sha256;
  static constexpr const char* service = "HKDF-SHA-256";
};
struct Sha224 {
  using Hash = sha256::Sha224;
  static constexpr const char* service = "HKDF-SHA-224";
};
struct Sha512 {
  using Hash = sha512::Sha512;
  static constexpr const char* service = "HKDF-SHA-512";
};
struct Sha384 {
  using Hash = sha512::Sha384;
  static constexpr const char* service = "HKDF-SHA-384";
};
struct Sha512_224 {
  using Hash = sha512::Sha512_224;
  static constexpr const char* service = "HKDF-SHA-512/224";
};
struct Sha512_256 {
  using Hash = sha512::Sha512_256;
  static constexpr const char* service = "HKDF-SHA-512/256";
};

// The known answer's input (HKDF-SHA-256, vectors/gen_vectors.cpp): a
// secret, a salt, then the info; the answer is kat_output_size bytes (two
// blocks of expand, the second cut).
inline constexpr std::size_t kat_secret_size = 32, kat_salt_size = 32, kat_output_size = 42;

}  // namespace fipsmod::hkdf

#pragma GCC visibility pop
