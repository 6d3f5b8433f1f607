// GCM (NIST SP 800-38D) over AES inside the module: the GHASH key every
// kernel fills in its own layout, and the kernel record and list. A GCM
// kernel is a whole implementation: its own AES (the functions of one AES
// kernel, whose schedule layout it shares), GHASH, and the fused loop that
// runs the counter-mode encryption and the GHASH multiplications of many
// blocks together.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aes/internal.hpp"
#include "core/registry.hpp"

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

}  // namespace fipsmod::gcm

#pragma GCC visibility pop
