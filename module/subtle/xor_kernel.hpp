// XORBytes kernels and their registry, and the checked entry point that both
// the C and the C++ API go through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "../registry.hpp"
#include "../status.hpp"

namespace fipsmod::subtle {

// Writes dst[i] = x[i] ^ y[i] for i < n. n > 0; any alignment; dst is
// either exactly x or y or overlaps neither. Reads and writes nothing else.
using XorFn = void (*)(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n);

struct XorKernel : internal::KernelInfo {
  XorFn xor_fn;
};

// Every XORBytes kernel, best first; the generic one last.
const internal::KernelList<XorKernel>& xor_kernels() noexcept;
// The kernel this process uses, chosen once.
const XorKernel& selected_xor_kernel() noexcept;

extern const XorKernel xor_generic_kernel;

// XORBytes with its argument checks, on the given kernel. On success stores
// n = min(x_len, y_len) in n_out. On error returns the status and writes
// nothing. Null pointers are allowed exactly where their length is 0 (or,
// for dst, where n is 0).
internal::Status xor_bytes_checked(const XorKernel& kernel, std::uint8_t* dst, std::size_t dst_len,
                                   const std::uint8_t* x, std::size_t x_len, const std::uint8_t* y,
                                   std::size_t y_len, std::size_t& n_out) noexcept;

}  // namespace fipsmod::subtle

namespace fipsmod::subtle {

// subtle::xor_bytes on the given kernel.
std::size_t xor_bytes(const XorKernel& kernel, std::span<std::uint8_t> dst, std::span<const std::uint8_t> x,
                      std::span<const std::uint8_t> y);

}  // namespace fipsmod::subtle
