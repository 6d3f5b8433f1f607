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
internal::Status xor_bytes(const Kernel& kernel, std::uint8_t* dst, std::size_t dst_len, const std::uint8_t* x,
                           std::size_t x_len, const std::uint8_t* y, std::size_t y_len, std::size_t& n_out) noexcept;

}  // namespace fipsmod::subtle

#pragma GCC visibility pop
