// XORBytes: the argument checks of Go's subtle.XORBytes, then the kernel;
// and the service, fipsmod_xor_bytes, which wraps them.
#include <fipsmod/subtle.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "internal.hpp"

namespace fipsmod::subtle {
namespace {

using internal::Status;

// Whether [p, p+n) could be an object: n fits in ptrdiff_t (no object is
// larger) and the range does not run past the end of the address space.
// Compared as integers, without forming p + n.
bool is_range(const std::uint8_t* p, std::size_t n) {
  constexpr auto kMaxObject = static_cast<std::size_t>(PTRDIFF_MAX);
  return n <= kMaxObject && n <= UINTPTR_MAX - reinterpret_cast<std::uintptr_t>(p);
}

// True when [a, a+n) and [b, b+n) share a byte but do not start at the same
// address. Both are ranges (is_range), so the sums cannot wrap. Compared as
// integers: the ranges may belong to different objects.
bool inexact_overlap(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  const auto pa = reinterpret_cast<std::uintptr_t>(a);
  const auto pb = reinterpret_cast<std::uintptr_t>(b);
  if (pa == pb) return false;
  return pa < pb + n && pb < pa + n;
}

}  // namespace

Status xor_bytes(const Kernel& kernel, std::uint8_t* dst, std::size_t dst_len, const std::uint8_t* x, std::size_t x_len,
                 const std::uint8_t* y, std::size_t y_len, std::size_t& n_out) noexcept {
  const std::size_t n = std::min(x_len, y_len);
  if (n == 0) {
    n_out = 0;
    return Status::ok;
  }
  if (x == nullptr || y == nullptr) return Status::null_argument;
  if (dst_len < n) return Status::dst_too_short;
  if (dst == nullptr) return Status::null_argument;
  if (!is_range(dst, n) || !is_range(x, n) || !is_range(y, n)) return Status::invalid_argument;
  if (inexact_overlap(dst, x, n) || inexact_overlap(dst, y, n)) return Status::invalid_overlap;
  kernel.xor_bytes(dst, x, y, n);
  n_out = n;
  return Status::ok;
}

}  // namespace fipsmod::subtle

extern "C" int fipsmod_xor_bytes(void* dst, size_t dst_len, const void* x, size_t x_len, const void* y, size_t y_len,
                                 size_t* n_out) noexcept {
  using namespace fipsmod;
  std::size_t n = 0;
  const internal::Status s = internal::run_service(subtle::approval, "XORBytes", [&] {
    return subtle::xor_bytes(subtle::kernels().selected(), static_cast<std::uint8_t*>(dst), dst_len,
                             static_cast<const std::uint8_t*>(x), x_len, static_cast<const std::uint8_t*>(y), y_len, n);
  });
  if (s == internal::Status::ok && n_out != nullptr) *n_out = n;
  return internal::code(s);
}
