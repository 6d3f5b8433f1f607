// SHA-256 and SHA-224 inside the module: the kernel record and list, the
// two hashes' traits for the streaming core (core/hash.hpp), which the
// packages built on this one (module/packages.def) use too, and the lanes
// kernels that hash many messages at once (core/lanes.hpp;
// docs/sha256-lanes.md).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/hash.hpp"
#include "core/lanes.hpp"
#include "core/registry.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::sha256 {

// Runs the SHA-256 compression function (FIPS 180-4 §6.2.2) over `blocks`
// consecutive 64-byte blocks at `data`, which may have any alignment, each
// read as sixteen big-endian words, updating the eight chaining words in
// `state`. SHA-224 uses the same function (§6.3).
using BlockFn = void (*)(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  BlockFn block;
};

// Every SHA-256 kernel, best first; the generic one last. SHA-224, and a
// MAC over either, run on this list and its one choice: they call this block
// function and nothing else that a kernel provides, so the kernel best for
// one is best for all.
const internal::KernelList<Kernel>& kernels() noexcept;

void block_generic(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept;

// FIPS 180-4 §4.2.2: K, the first 32 bits of the fractional parts of the
// cube roots of the first 64 primes (sha256_test recomputes them).
extern const std::array<std::uint32_t, 64> fips180_k;

// The traits of the two hashes for core/hash.hpp.
struct Sha256 {
  using Word = std::uint32_t;
  using Kernel = sha256::Kernel;
  static constexpr std::size_t words = 8, block_size = 64, size = 32, length_size = 8;
  static constexpr std::endian order = std::endian::big;
  // §5.3.3: the first 32 bits of the fractional parts of the square roots
  // of the first eight primes (sha256_test recomputes them).
  static constexpr std::array<Word, 8> iv = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x03};
  static constexpr internal::Approval approval = internal::Approval::approved;
  static constexpr const char* service = "SHA-256";
  static constexpr std::uint64_t ctx_tag = 0x666970736d323536;  // "fipsm256"
  static const internal::KernelList<Kernel>& kernels() noexcept { return sha256::kernels(); }
  // The lanes kernels (core/lanes.hpp) are SHA-256's, for SHA-224 too.
  using Lanes = Sha256;
};
struct Sha224 : Sha256 {
  static constexpr std::size_t size = 28;
  // §5.3.2: the second 32 bits of the fractional parts of the square roots
  // of the ninth to sixteenth primes.
  static constexpr std::array<Word, 8> iv = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                             0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
  static constexpr std::array<std::uint8_t, 4> magic = {'s', 'h', 'a', 0x02};
  static constexpr const char* service = "SHA-224";
  static constexpr std::uint64_t ctx_tag = 0x666970736d323234;  // "fipsm224"
};

// A SHA-256 on one given kernel, without the gate (tests, fuzzers, benchmarks).
using Sha256Hash = internal::hash::OnKernel<Sha256>;

namespace lanes {

using Kernel = internal::lanes::Kernel<Sha256>;

// Every SHA-256 lanes kernel (SHA-224's too), best first; last the one that
// runs the selected single-stream kernel on one lane ("single-stream"), so
// the many-message services work everywhere and a lone message costs what
// it costs alone.
const internal::KernelList<Kernel>& kernels() noexcept;

}  // namespace lanes

// The lanes known answer's computation on `k` itself, which need not be in
// the list (a test records what each lane is given); empty if the input is
// too short.
void lanes_known_answer_on(const lanes::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out);

}  // namespace fipsmod::sha256

#pragma GCC visibility pop
