// PBKDF2 (NIST SP 800-132, RFC 8018 §5.2) inside the module, over any hash
// of the streaming core with HMAC (hmac/internal.hpp) as its PRF: the
// derivation, its approval rule and its services. One template for every
// SHA-2 hash.
//
// The derivation keys HMAC once per call: the password gives the inner
// and outer start states (hmac::Keyed), the salt is absorbed once into the
// inner state, and each block of output starts from a copy of that. Each
// further iteration U_j = HMAC(P, U_{j-1}) is then exactly two compressions
// on the selected kernel's block function: one from the inner start state
// over U_{j-1} || 0x80 || zeros || length, one from the outer start state
// over the inner digest padded the same way. Both messages are one block
// (the keyed pad block) plus hLen bytes, so one block padded once serves
// both, and only its first hLen bytes change.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include <fipsmod/pbkdf2.h>

#include "core/byteorder.hpp"
#include "core/hash.hpp"
#include "core/secure_zero.hpp"
#include "core/service.hpp"
#include "hmac/internal.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::pbkdf2 {

// The approval rule (docs/services.md): the public headers name the same.
constexpr std::size_t kMinApprovedSaltSize = FIPSMOD_PBKDF2_MIN_APPROVED_SALT_SIZE;
constexpr std::size_t kMinApprovedOutputSize = FIPSMOD_PBKDF2_MIN_APPROVED_OUTPUT_SIZE;
constexpr std::uint32_t kMinApprovedIterations = FIPSMOD_PBKDF2_MIN_APPROVED_ITERATIONS;

// Approved when all three hold; the password's length does not count.
constexpr internal::Approval approval_for(std::size_t salt_size, std::size_t out_size, std::uint32_t iterations) noexcept {
  return salt_size >= kMinApprovedSaltSize && out_size >= kMinApprovedOutputSize && iterations >= kMinApprovedIterations
             ? internal::Approval::approved
             : internal::Approval::not_approved;
}

// RFC 8018 §5.2 step 1: dkLen at most (2^32 - 1) * hLen.
template <class H>
inline constexpr std::uint64_t kMaxOutputSize = std::uint64_t{0xffffffff} * H::size;

template <class H>
using State = std::array<internal::hash::Word<H>, H::words>;

// Writes the digest of chaining words s (H::size bytes, big-endian words,
// the last one cut for SHA-224-like sizes) to p, and nothing past it.
template <class H>
[[gnu::always_inline]] inline void put_digest(std::uint8_t* p, const State<H>& s) noexcept {
  using W = internal::hash::Word<H>;
  static_assert(H::order == std::endian::big, "PBKDF2 runs on the SHA-2 hashes");
  constexpr std::size_t whole = H::size / sizeof(W), part = H::size % sizeof(W);
  for (std::size_t i = 0; i < whole; ++i) internal::store_be<W>(p + i * sizeof(W), s[i]);
  for (std::size_t b = 0; b < part; ++b) {
    p[whole * sizeof(W) + b] = static_cast<std::uint8_t>(s[whole] >> (8 * (sizeof(W) - 1 - b)));
  }
}

// PBKDF2 on `kernel`, without the gate (the service's and the self-test's
// computation): out.size() bytes (1 to kMaxOutputSize<H>, iterations >= 1:
// the callers check) of the key derived from password and salt. The
// password is read only while keying and the salt only before the first
// byte of out is written, so out may overlap either. Leaves nothing
// derived from the password behind but out.
template <class H>
void derive(const typename H::Kernel& kernel, std::span<const std::uint8_t> password,
            std::span<const std::uint8_t> salt, std::uint32_t iterations, std::span<std::uint8_t> out) noexcept {
  constexpr std::size_t n = H::size, b = H::block_size;
  static_assert(n + 1 + H::length_size <= b, "U and its padding fit one block");
  hmac::Keyed<H> keyed;
  hmac::key<H>(keyed, kernel, password);
  hmac::absorb<H>(keyed, salt);  // the inner state after the key block and the salt

  // The block both per-iteration compressions run over: hLen bytes (U, or
  // the inner digest), 0x80, zeros, and the length of a message of one
  // block and hLen bytes in bits (FIPS 180-4 §5.1; the length's high
  // bytes, 16-byte field or not, are zero).
  std::array<std::uint8_t, b> block{};
  block[n] = 0x80;
  internal::store_be<std::uint64_t>(block.data() + b - 8, std::uint64_t{b + n} * 8);

  State<H> s, t;
  std::array<std::uint8_t, n> ti;
  internal::hash::Chain<H> first;
  for (std::uint32_t i = 1; !out.empty(); ++i) {
    // U_1 = HMAC(P, S || INT(i)): the salted inner state, the counter, the
    // inner digest into the block, then the outer compression.
    first = keyed.inner;
    std::array<std::uint8_t, 4> counter;
    internal::store_be<std::uint32_t>(counter.data(), i);
    internal::hash::absorb<H>(kernel, first, counter);
    internal::hash::finish<H>(kernel, first, std::span(block).first(n));
    s = keyed.outer_start;
    kernel.block(s.data(), block.data(), 1);
    t = s;
    // U_j = HMAC(P, U_{j-1}); T_i = U_1 ^ ... ^ U_c, kept as words (the
    // digest is the words' bytes, so xoring words xors the bytes).
    for (std::uint32_t j = 1; j < iterations; ++j) {
      put_digest<H>(block.data(), s);
      s = keyed.inner_start;
      kernel.block(s.data(), block.data(), 1);
      put_digest<H>(block.data(), s);
      s = keyed.outer_start;
      kernel.block(s.data(), block.data(), 1);
      for (std::size_t w = 0; w < H::words; ++w) t[w] ^= s[w];
    }
    put_digest<H>(ti.data(), t);
    const std::size_t take = std::min(n, out.size());
    std::copy_n(ti.begin(), take, out.begin());
    out = out.subspan(take);
  }
  hmac::wipe<H>(keyed);
  internal::secure_zero(&first, sizeof first);
  internal::secure_zero(block.data(), block.size());
  internal::secure_zero(s.data(), sizeof s);
  internal::secure_zero(t.data(), sizeof t);
  internal::secure_zero(ti.data(), ti.size());
}

// The service of PBKDF2 over one hash: M names the hash (M::Hash) and the
// service (M::service). The arguments are checked (by the C function)
// before it runs.
template <class M>
struct Service {
  using H = typename M::Hash;
  static internal::Status derive(std::span<const std::uint8_t> password, std::span<const std::uint8_t> salt,
                                 std::uint32_t iterations, std::span<std::uint8_t> out) noexcept {
    return internal::run_service(approval_for(salt.size(), out.size(), iterations), M::service, [&] {
      pbkdf2::derive<H>(H::kernels().selected(), password, salt, iterations, out);
      return internal::Status::ok;
    });
  }
};

// The known answer (vectors/gen_vectors.cpp writes it): its input is a
// password of kat_password_size bytes, then the salt; kat_iterations
// iterations (more than one, so the per-iteration loop runs) and
// kat_output_size bytes of output (more than one block, the second cut).
inline constexpr std::size_t kat_password_size = 20;
inline constexpr std::uint32_t kat_iterations = 8;
inline constexpr std::size_t kat_output_size = 40;

}  // namespace fipsmod::pbkdf2

#pragma GCC visibility pop
