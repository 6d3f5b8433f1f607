// MD5 kernels: implementations of the block function, and their registry.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <fipsmod/md5.hpp>

#include "../registry.hpp"
#include "../status.hpp"

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
// The kernel this process uses, chosen once.
const Kernel& selected_kernel() noexcept;

extern const Kernel generic_kernel;

// The T table of RFC 1321 §3.4.
extern const std::array<std::uint32_t, 64> rfc1321_t;

// What the C API and the self-tests need from Digest beyond its public
// interface.
struct DigestAccess {
  // Digest::unmarshal without the exception.
  static internal::Status unmarshal(Digest& d, std::span<const std::uint8_t> state) noexcept;
  // The one-shot MD5 of data on the given kernel, without the module-state
  // check: what a known-answer test computes.
  static Sum unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept;
};

}  // namespace fipsmod::md5
