// XORBytes inside the module: its kernels and their list, and the checked
// entry that the service (fipsmod_xor_bytes) wraps and that ciphers inside
// the module call directly, as Go's crypto/subtle wraps fips140/subtle.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/registry.hpp"
#include "core/service.hpp"
#include "core/status.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::subtle {

// Writes dst[i] = x[i] ^ y[i] for i < n. n > 0; any alignment; dst is
// either exactly x or y or overlaps neither. Reads and writes nothing else.
using XorBytesFn = void (*)(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n);

struct Kernel : internal::KernelInfo {
  XorBytesFn xor_bytes;
};

// Every XORBytes kernel, best first; the generic one last.
const internal::KernelList<Kernel>& kernels() noexcept;

void xor_bytes_generic(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) noexcept;

// XORBytes is not a cryptographic service: it runs in every mode, and the
// indicator says not approved after it.
inline constexpr internal::Approval approval = internal::Approval::not_a_service;

// XORBytes with Go's argument checks, on `kernel`, without the gate: the
// contract both the service and the module's own ciphers rely on. On
// success stores n = min(x_len, y_len) in n_out; on error returns the status
// and writes nothing. Null pointers are allowed exactly where their length
// is 0 (or, for dst, where n is 0).
//
// Inline, so that the service's fast path has no call but the kernel's
// (docs/small-inputs.md): the checks cost a dozen instructions there.
inline internal::Status xor_bytes(const Kernel& kernel, std::uint8_t* dst, std::size_t dst_len, const std::uint8_t* x,
                                  std::size_t x_len, const std::uint8_t* y, std::size_t y_len,
                                  std::size_t& n_out) noexcept {
  using internal::Status;
  const std::size_t n = x_len < y_len ? x_len : y_len;
  if (n == 0) [[unlikely]] {
    n_out = 0;
    return Status::ok;
  }
  if (x == nullptr || y == nullptr) [[unlikely]] return Status::null_argument;
  if (dst_len < n) [[unlikely]] return Status::dst_too_short;
  if (dst == nullptr) [[unlikely]] return Status::null_argument;
  // Each of [p, p+n) could be an object: n fits in ptrdiff_t (no object is
  // larger) and no range runs past the end of the address space, that is
  // p <= UINTPTR_MAX - n for the highest of the three. Compared as
  // integers, without forming p + n.
  const auto pd = reinterpret_cast<std::uintptr_t>(dst);
  const auto px = reinterpret_cast<std::uintptr_t>(x);
  const auto py = reinterpret_cast<std::uintptr_t>(y);
  const std::uintptr_t highest = pd > px ? (pd > py ? pd : py) : (px > py ? px : py);
  if (n > static_cast<std::size_t>(PTRDIFF_MAX) || highest > UINTPTR_MAX - n) [[unlikely]] {
    return Status::invalid_argument;
  }
  // dst and an input share a byte but do not start at the same address.
  // The ranges passed the check above, so the sums cannot wrap; compared
  // as integers, since the ranges may belong to different objects.
  const auto inexact_overlap = [n](std::uintptr_t a, std::uintptr_t b) { return a != b && a < b + n && b < a + n; };
  if (inexact_overlap(pd, px) || inexact_overlap(pd, py)) [[unlikely]] return Status::invalid_overlap;
  kernel.xor_bytes(dst, x, y, n);
  n_out = n;
  return Status::ok;
}

}  // namespace fipsmod::subtle

#pragma GCC visibility pop
