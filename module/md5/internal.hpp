// MD5 inside the module: the kernel record and list, MD5's traits for the
// streaming core (core/hash.hpp), and the lanes kernels that hash many
// messages at once (core/lanes.hpp; docs/md5-lanes.md).
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

namespace fipsmod::md5 {

// Runs the MD5 compression function (RFC 1321 §3.4) over `blocks`
// consecutive 64-byte blocks at `data`, which may have any alignment,
// updating the four chaining words in `state`.
using BlockFn = void (*)(std::uint32_t state[4], const std::uint8_t* data, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  BlockFn block;
};

// Every MD5 kernel, best first; the generic one last.
const internal::KernelList<Kernel>& kernels() noexcept;

void block_generic(std::uint32_t state[4], const std::uint8_t* data, std::size_t blocks) noexcept;

// The T table of RFC 1321 §3.4.
extern const std::array<std::uint32_t, 64> rfc1321_t;

// MD5's traits for core/hash.hpp.
struct Md5 {
  using Word = std::uint32_t;
  using Kernel = md5::Kernel;
  static constexpr std::size_t words = 4, block_size = 64, size = 16, length_size = 8;
  static constexpr std::endian order = std::endian::little;
  // RFC 1321 §3.3: the initial chaining words A, B, C, D.
  static constexpr std::array<Word, 4> iv = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  static constexpr std::array<std::uint8_t, 4> magic = {'m', 'd', '5', 0x01};
  // MD5 is not approved: broken for collision resistance.
  static constexpr internal::Approval approval = internal::Approval::not_approved;
  static constexpr const char* service = "MD5";
  static constexpr std::uint64_t ctx_tag = 0x666970736d6f6435;  // "fipsmod5" in ASCII
  static const internal::KernelList<Kernel>& kernels() noexcept { return md5::kernels(); }
};

// An MD5 on one given kernel, without the gate (tests, fuzzers, benchmarks).
using Md5Hash = internal::hash::OnKernel<Md5>;

namespace lanes {

using Kernel = internal::lanes::Kernel<Md5>;

// Every MD5 lanes kernel, best first; last the one that runs the selected
// single-stream kernel on one lane ("single-stream"), so the many-message
// services work everywhere and a lone message costs what it costs alone.
const internal::KernelList<Kernel>& kernels() noexcept;

}  // namespace lanes

}  // namespace fipsmod::md5

namespace fipsmod::md5 {

// The lanes known answer's computation on `k` itself, which need not be in
// the list (a test records what each lane is given); empty if the input is
// too short.
void lanes_known_answer_on(const lanes::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out);

}  // namespace fipsmod::md5

#pragma GCC visibility pop
