// CTR_DRBG (NIST SP 800-90A rev. 1 §10.2) over AES-256, with and without the
// derivation function (Block_cipher_df, §10.3.2): the mechanism alone, on
// the AES kernel the module selected. Its callers give it entropy: the
// module's own DRBG (random.cpp) from the entropy source, the public
// deterministic DRBG (fipsmod_ctr_drbg_*) from the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aes/internal.hpp"
#include "core/status.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::drbg {

// Table 3 of SP 800-90A for AES-256: keylen 256, blocklen 128, seedlen 384
// bits; security strength 256 bits.
inline constexpr std::size_t key_size = 32, block_size = 16, seed_size = 48, security_strength = 32;
// At most 2^48 requests between reseeds; at most 2^19 bits (64 KiB) a request.
inline constexpr std::uint64_t reseed_interval = std::uint64_t{1} << 48;
inline constexpr std::size_t max_request = 1 << 16;
// With the derivation function: entropy input of 32 bytes to 2^32 bytes
// (the table allows 2^35 bits), a nonce of at least 16 bytes (half the
// strength), personalisation and additional input up to 2^32 bytes.
// Without: entropy input of exactly seed_size bytes, no nonce, and
// personalisation and additional input of at most seed_size bytes.
inline constexpr std::uint64_t max_input = std::uint64_t{1} << 32;

// The working state (§10.2.1.1): Key, V and the reseed counter; the AES
// schedule of Key, kept with it; whether the derivation function is used.
// Secret; wiped by whoever owns it (cleanse).
struct State {
  aes::Schedule schedule;  // of key, on aes::kernels().selected()
  std::uint8_t key[key_size];
  std::uint8_t v[block_size];
  std::uint64_t reseed_counter;
  std::uint32_t derivation_function;  // 0 or 1
  std::uint32_t reserved;             // zero: no padding
};

// §10.2.1.3: instantiate. invalid_argument for lengths outside those above.
internal::Status instantiate(State& s, bool derivation_function, std::span<const std::uint8_t> entropy,
                             std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> personalization) noexcept;
// §10.2.1.4: reseed. invalid_argument for lengths outside those above.
internal::Status reseed(State& s, std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> additional) noexcept;
// §10.2.1.5: generate out.size() (at most max_request) bytes. reseed_required
// once reseed_interval requests have been served since the last (re)seed;
// invalid_argument for a request or additional input too long. Nothing is
// written to out on an error.
internal::Status generate(State& s, std::span<std::uint8_t> out, std::span<const std::uint8_t> additional) noexcept;
// Zeroises the state with stores the compiler keeps.
void cleanse(State& s) noexcept;

// The same on a given AES kernel, for the known answer and the tests, which
// run every kernel (the functions above use aes::kernels().selected()). A
// state instantiated on a kernel is reseeded and generated from on that
// kernel only: its schedule is in that kernel's layout.
internal::Status instantiate(const aes::Kernel& k, State& s, bool derivation_function,
                             std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> nonce,
                             std::span<const std::uint8_t> personalization) noexcept;
internal::Status reseed(const aes::Kernel& k, State& s, std::span<const std::uint8_t> entropy,
                        std::span<const std::uint8_t> additional) noexcept;
internal::Status generate(const aes::Kernel& k, State& s, std::span<std::uint8_t> out,
                          std::span<const std::uint8_t> additional) noexcept;

}  // namespace fipsmod::drbg

#pragma GCC visibility pop
