// XORBytes inside the module: its kernels and their registry, its entry in
// the algorithm table, and the checked entry point that both the C and the
// C++ API go through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "../algorithm.hpp"
#include "../registry.hpp"
#include "../service.hpp"
#include "../status.hpp"

namespace fipsmod::subtle {

// Writes dst[i] = x[i] ^ y[i] for i < n. n > 0; any alignment; dst is
// either exactly x or y or overlaps neither. Reads and writes nothing else.
using XorBytesFn = void (*)(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n);

struct XorBytesKernel : internal::KernelInfo {
  XorBytesFn xor_bytes_fn;
};

// Every XORBytes kernel, best first; the generic one last.
const internal::KernelList<XorBytesKernel>& xor_bytes_kernels() noexcept;
// The kernel this process uses, chosen once.
inline const XorBytesKernel& selected_xor_bytes_kernel() noexcept { return xor_bytes_kernels().selected(); }

extern const XorBytesKernel xor_bytes_generic_kernel;

// XORBytes' entry in the algorithm table (xor_bytes_kernels.cpp), with its
// known-answer self-test (xor_bytes_selftest.cpp).
extern const internal::Algorithm xor_bytes_algorithm;
std::span<const internal::KnownAnswer> xor_bytes_known_answers() noexcept;
std::vector<std::uint8_t> xor_bytes_known_answer_computation(const internal::KernelInfo& kernel,
                                                             std::span<const std::uint8_t> input);

// XORBytes is not a cryptographic service: it runs in every mode, and the
// indicator says not approved after it.
inline constexpr internal::Approval xor_bytes_approval = internal::Approval::not_a_service;

// XORBytes with its argument checks, on the given kernel, behind the
// module's gate. On success stores n = min(x_len, y_len) in n_out. On error
// returns the status and writes nothing. Null pointers are allowed exactly
// where their length is 0 (or, for dst, where n is 0).
internal::Status xor_bytes_checked(const XorBytesKernel& kernel, std::uint8_t* dst, std::size_t dst_len,
                                   const std::uint8_t* x, std::size_t x_len, const std::uint8_t* y,
                                   std::size_t y_len, std::size_t& n_out) noexcept;

// subtle::xor_bytes on the given kernel.
std::size_t xor_bytes(const XorBytesKernel& kernel, std::span<std::uint8_t> dst, std::span<const std::uint8_t> x,
                      std::span<const std::uint8_t> y);

}  // namespace fipsmod::subtle
