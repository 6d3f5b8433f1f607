// SHA-512, SHA-384, SHA-512/224 and SHA-512/256 inside the module: the
// kernel record and list, and the four hashes' traits for the streaming
// core (core/hash.hpp), which the packages built on this one
// (module/packages.def) use too.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "core/hash.hpp"
#include "core/registry.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::sha512 {

// Runs the SHA-512 compression function (FIPS 180-4 §6.4.2) over `blocks`
// consecutive 128-byte blocks at `data`, which may have any alignment, each
// read as sixteen big-endian 64-bit words, updating the eight chaining
// words in `state`. SHA-384, SHA-512/224 and SHA-512/256 use the same
// function (§6.5, §6.6, §6.7).
using BlockFn = void (*)(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  BlockFn block;
};

// Every SHA-512 kernel, best first; the generic one last. The three other
// variants, and a MAC over any of them, run on this list and its one
// choice: they call this block function and nothing else that a kernel
// provides, so the kernel best for one is best for all.
const internal::KernelList<Kernel>& kernels() noexcept;

void block_generic(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept;

// FIPS 180-4 §4.2.3: K, the first 64 bits of the fractional parts of the
// cube roots of the first 80 primes (sha512_test recomputes them, and
// holds asm/sha512_k.inc, the assembly kernels' copy, to this one).
extern const std::array<std::uint64_t, 80> fips180_k;

// The traits of the four hashes for core/hash.hpp. Each variant is SHA-512
// on other initial values with the digest cut (§6.5-§6.7); each has its
// own saved-state identifier (Go's crypto/sha512) and context tag, so none
// takes another's state or context.
struct Sha512 {
  using Word = std::uint64_t;
  using Kernel = sha512::Kernel;
  static constexpr std::size_t words = 8, block_size = 128, size = 64, length_size = 16;
  static constexpr std::endian order = std::endian::big;
  // §5.3.5: the first 64 bits of the fractional parts of the square roots
  // of the first eight primes (sha512_test recomputes them).
  static constexpr std::array<Word, 8> iv = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                             0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                             0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x07};
  static constexpr internal::Approval approval = internal::Approval::approved;
  static constexpr const char* service = "SHA-512";
  static constexpr std::uint64_t ctx_tag = 0x666970736d353132;  // "fipsm512"
  static const internal::KernelList<Kernel>& kernels() noexcept { return sha512::kernels(); }
};
struct Sha384 : Sha512 {
  static constexpr std::size_t size = 48;
  // §5.3.4: the first 64 bits of the fractional parts of the square roots
  // of the ninth to sixteenth primes.
  static constexpr std::array<Word, 8> iv = {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,
                                             0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
                                             0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x04};
  static constexpr const char* service = "SHA-384";
  static constexpr std::uint64_t ctx_tag = 0x666970736d333834;  // "fipsm384"
};
struct Sha512_224 : Sha512 {
  static constexpr std::size_t size = 28;
  // §5.3.6.1: the output of the SHA-512/t IV generation function (§5.3.6)
  // for t = 224 (sha512_test runs that function).
  static constexpr std::array<Word, 8> iv = {0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82,
                                             0x679dd514582f9fcf, 0x0f6d2b697bd44da8, 0x77e36f7304c48942,
                                             0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x05};
  static constexpr const char* service = "SHA-512/224";
  static constexpr std::uint64_t ctx_tag = 0x666970736d353274;  // "fipsm52t"
};
struct Sha512_256 : Sha512 {
  static constexpr std::size_t size = 32;
  // §5.3.6.2: the same function for t = 256.
  static constexpr std::array<Word, 8> iv = {0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151,
                                             0x963877195940eabd, 0x96283ee2a88effe3, 0xbe5e1e2553863992,
                                             0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x06};
  static constexpr const char* service = "SHA-512/256";
  static constexpr std::uint64_t ctx_tag = 0x666970736d353266;  // "fipsm52f"
};

}  // namespace fipsmod::sha512

#pragma GCC visibility pop
