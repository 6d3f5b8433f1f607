// GCM (NIST SP 800-38D) over AES inside the module: the GHASH key every
// kernel fills in its own layout, and the kernel record and list. A GCM
// kernel is a whole implementation: its own AES (the functions of one AES
// kernel, whose schedule layout it shares), GHASH, and the fused loop that
// runs the counter-mode encryption and the GHASH multiplications of many
// blocks together.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aes/internal.hpp"
#include "core/registry.hpp"
#include "core/service.hpp"
#include "core/status.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::gcm {

// The hash key H = E_K(0^128) and whatever a kernel precomputes from it
// (powers of H, their Karatsuba halves), in that kernel's layout. 16-byte
// aligned; secret; wiped by whoever owns it.
struct alignas(16) GhashKey {
  std::uint8_t bytes[768];
};

// Fills `out` from H (16 bytes, as E_K(0^128) gives it). Writes nothing else.
using GhashInitFn = void (*)(GhashKey* out, const std::uint8_t h[16]);
// GHASH (SP 800-38D §6.4) over `blocks` whole 16-byte blocks at `in`,
// continuing from y: for each block X, y = (y xor X) * H in GF(2^128), y
// held as the 16 bytes of the specification's bit string. blocks may be 0.
using GhashFn = void (*)(const GhashKey* key, std::uint8_t y[16], const std::uint8_t* in, std::size_t blocks);
// The fused bulk of seal (or open) over `blocks` whole blocks: with
// counter block `ctr` (incremented by inc32, §6.2, once a block, and left
// at the next unused value), out = in xor E_K(ctr, ctr+1, ...), and y
// continued by GHASH over the ciphertext (out when sealing, in when
// opening). in == out is allowed; any other overlap is not. Any alignment;
// blocks may be 0.
using CtrGhashFn = void (*)(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
                            const std::uint8_t* in, std::uint8_t* out, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  aes::ExpandFn expand;   // the AES kernel this one is built on
  aes::CryptFn encrypt;   // (same schedule layout)
  GhashInitFn ghash_init;
  GhashFn ghash;
  CtrGhashFn seal;
  CtrGhashFn open;
};

// Every GCM kernel, best first; the generic (constant-time) one last.
const internal::KernelList<Kernel>& kernels() noexcept;

void ghash_init_generic(GhashKey* out, const std::uint8_t h[16]) noexcept;
void ghash_generic(const GhashKey* key, std::uint8_t y[16], const std::uint8_t* in, std::size_t blocks) noexcept;
void seal_generic(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;
void open_generic(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;

// A GCM key: the AES schedule and the GHASH key, as one kernel made them.
struct Key {
  aes::Schedule aes;
  GhashKey ghash;
};

inline constexpr std::size_t nonce_size = 12, tag_size = 16, counter_prefix_size = 4;

// SP 800-38D §5.2.1.1: at most 2^39 - 256 bits of plaintext, 2^64 - 1 bits
// of additional data and of IV (whole bytes here).
inline constexpr std::uint64_t max_text_size = (std::uint64_t{1} << 36) - 32;
inline constexpr std::uint64_t max_aad_size = (std::uint64_t{1} << 61) - 1;
inline constexpr std::uint64_t max_nonce_size = (std::uint64_t{1} << 61) - 1;

// The tag lengths SP 800-38D allows (§5.2.1.2, appendix C): 12 to 16 bytes,
// and 8 and 4 for the applications of appendix C.
inline constexpr bool valid_tag_size(std::size_t n) noexcept { return (n >= 12 && n <= 16) || n == 8 || n == 4; }

// What approval a call runs as (IG C.H as Go and BoringSSL apply it):
// seal is approved only with a nonce the module makes (the counter-nonce
// context); open is approved with a 96-bit nonce; either needs a tag of at
// least 96 bits. Lengths are checked before (invalid_argument).
inline internal::Approval seal_approval(bool module_nonce, std::size_t tag_len) noexcept {
  return module_nonce && tag_len >= 12 ? internal::Approval::approved : internal::Approval::not_approved;
}
inline internal::Approval open_approval(std::size_t nonce_len, std::size_t tag_len) noexcept {
  return nonce_len == nonce_size && tag_len >= 12 ? internal::Approval::approved : internal::Approval::not_approved;
}
inline constexpr internal::Approval init_approval = internal::Approval::approved;

// Expands `aes_key` (16, 24 or 32 bytes: checked by the caller) into `out`
// on kernel k: the AES schedule, H = E_K(0^128) and the kernel's GHASH key.
void init(const Kernel& k, Key& out, std::span<const std::uint8_t> aes_key) noexcept;

// Seal (SP 800-38D §7.1): out = the encryption of in (the same length),
// tag = its first tag.size() bytes. Lengths and overlaps checked by the
// caller: in == out or apart; nonce non-empty.
void seal(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::span<std::uint8_t> tag) noexcept;
// Open (§7.2): decrypts in to out and checks tag (compared in constant
// time); on a mismatch zeroes out (no plaintext is left) and returns false.
bool open(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::span<const std::uint8_t> tag) noexcept;

// The counter-nonce context's state: each nonce is the caller's 4-byte
// prefix and the 64-bit big-endian invocation counter, which the module
// increments itself. The counter's last value, 2^64 - 1, is never used:
// once the counter reaches it, seal refuses (nonce_exhausted) until the
// context is initialised again.
struct CounterState {
  Key key;
  std::uint64_t counter;
  std::uint8_t prefix[counter_prefix_size];
  std::uint32_t reserved;  // zero: no padding
};
inline constexpr std::uint64_t last_counter = ~std::uint64_t{0};

// The test hook: sets a counter-nonce context's invocation counter, so the
// refusal to wrap is tested without 2^64 calls. Not in the C API.
void set_invocation_counter(CounterState& state, std::uint64_t counter) noexcept;

// The random-nonce context's state: each seal's 12-byte nonce is drawn
// from the module's DRBG (drbg/random.hpp), and the seals under the key are
// counted. SP 800-38D §8.3 allows at most 2^32 invocations with random
// 96-bit nonces under one key (the chance of a repeated nonce stays below
// 2^-32): the 2^32nd seal is the last, then seal refuses (nonce_exhausted)
// until the context is initialised again.
struct RandomState {
  Key key;
  std::uint64_t invocations;  // seals so far
  std::uint64_t reserved;     // zero: no padding
};
inline constexpr std::uint64_t random_invocation_limit = std::uint64_t{1} << 32;

// The test hook: sets a random-nonce context's count of seals, so the
// refusal at the limit is tested without 2^32 calls. Not in the C API.
void set_random_invocations(RandomState& state, std::uint64_t invocations) noexcept;

// The known answer (vectors/gen_vectors.cpp writes it): an AES-128 key, a
// 12-byte nonce, 20 bytes of additional data, a text of 32 blocks and a
// part (through every kernel's widest loop and its tail), and a tag under
// which that text opens. The answer is the seal of the text (ciphertext
// and tag), then the open of the text as a ciphertext under that tag:
// both directions, each against a known value (an open that fails
// returns zeroes, which the comparison catches).
inline constexpr std::size_t kat_key_size = 16, kat_aad_size = 20, kat_text_size = 32 * 16 + 5;

}  // namespace fipsmod::gcm

#pragma GCC visibility pop
