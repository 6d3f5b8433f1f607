// AES (FIPS 197) inside the module: the key schedule every kernel fills in
// its own layout, the kernel record and list, and the block and CTR
// services' checked entries, which GCM (module/gcm/) and the DRBG build on.
#pragma once

#include <cstddef>
#include <cstdint>

#include <fipsmod/aes.hpp>  // block_size, shared with the C++ API

#include "core/registry.hpp"
#include "core/service.hpp"
#include "core/status.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::aes {

// An expanded key, in the layout of the kernel that expanded it: only that
// kernel's functions (and a GCM kernel that names them) read it. 16-byte
// aligned; secret; wiped by whoever owns it (secure_zero).
//
// The layout of the amd64 kernels, which every amd64 AES and GCM kernel
// shares (AES-NI, VAES): the encryption round keys, FIPS 197's w[0..4(Nr+1))
// as bytes in order (round key i at enc + 16i, as aesenc takes it), then
// at dec the decryption round keys of the equivalent inverse cipher
// (§5.3.5) in the order aesdec uses them: dec + 16i is InvMixColumns of
// round key Nr - i, and dec + 0 and dec + 16 Nr are round keys Nr and 0
// unchanged. The arm64 and riscv64 kernels use the same byte order.
struct alignas(16) Schedule {
  std::uint8_t enc[240];  // 16 (Nr + 1) bytes used
  std::uint8_t dec[240];
  std::uint32_t rounds;  // Nr: 10, 12 or 14
  std::uint32_t reserved[3];  // zero: no padding (a context copies it whole)
};

// Expands `key` (key_len 16, 24 or 32: checked by the caller) into `out`,
// setting out->rounds. Writes nothing else.
using ExpandFn = void (*)(Schedule* out, const std::uint8_t* key, std::size_t key_len);
// Encrypts (or decrypts) `blocks` 16-byte blocks from `in` to `out`, each
// on its own (ECB). in == out is allowed; any other overlap is not. Any
// alignment. blocks may be 0.
using CryptFn = void (*)(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  ExpandFn expand;
  CryptFn encrypt;
  CryptFn decrypt;
};

// Every AES kernel, best first; the generic (constant-time, bitsliced) one
// last.
const internal::KernelList<Kernel>& kernels() noexcept;

void expand_generic(Schedule* out, const std::uint8_t* key, std::size_t key_len) noexcept;
void encrypt_generic(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;
void decrypt_generic(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;

// The block service (AES-ECB in ACVP's terms) and CTR are approved for
// every key size FIPS 197 defines.
inline constexpr internal::Approval approval = internal::Approval::approved;

inline constexpr bool valid_key_size(std::size_t n) noexcept { return n == 16 || n == 24 || n == 32; }

// The known answer's sizes (vectors/gen_vectors.cpp writes it): an AES-256
// key, a counter block, and a message of four blocks and a part, which
// every kernel encrypts and decrypts block by block (the first four
// blocks) and encrypts in CTR mode (all of it).
inline constexpr std::size_t kat_key_size = 32, kat_blocks = 4, kat_message_size = 4 * 16 + 3;

// CTR mode (SP 800-38A §6.5) with the whole 128-bit block as a big-endian
// counter (wrapping modulo 2^128), starting at `iv`: out = in xor the
// keystream, through the XORBytes kernel the module selected (as Go's
// crypto/internal/fips140/aes does). in == out, or no overlap (the caller
// checks). Keystream bytes are wiped before returning.
void ctr(const Kernel& k, const Schedule& s, const std::uint8_t iv[block_size], const std::uint8_t* in,
         std::uint8_t* out, std::size_t len) noexcept;

}  // namespace fipsmod::aes

#pragma GCC visibility pop
