// The service fipsmod_xor_bytes: the checked entry (internal.hpp: Go's
// subtle.XORBytes checks, then the kernel) on the selected kernel.
#include <fipsmod/subtle.h>

#include <cstddef>
#include <cstdint>

#include "internal.hpp"

namespace {

using namespace fipsmod;

// The whole service on run_service: the path of every call the fast path
// below does not take (the first, a refused one, one in a break test).
[[gnu::noinline]] int xor_bytes_slowly(void* dst, size_t dst_len, const void* x, size_t x_len, const void* y,
                                       size_t y_len, size_t* n_out) noexcept {
  std::size_t n = 0;
  const internal::Status s = internal::run_service(subtle::approval, "XORBytes", [&] {
    return subtle::xor_bytes(internal::selected_kernel<subtle::Kernel, &subtle::kernels>(), static_cast<std::uint8_t*>(dst), dst_len,
                             static_cast<const std::uint8_t*>(x), x_len, static_cast<const std::uint8_t*>(y), y_len, n);
  });
  if (s == internal::Status::ok && n_out != nullptr) *n_out = n;
  return internal::code(s);
}

}  // namespace

// The same, split as service.hpp shows: when the module is open for it at
// once and the kernel is chosen, no call but the kernel's.
extern "C" int fipsmod_xor_bytes(void* dst, size_t dst_len, const void* x, size_t x_len, const void* y, size_t y_len,
                                 size_t* n_out) noexcept {
  const subtle::Kernel* kernel = internal::selected_kernel_if_cached<subtle::Kernel, &subtle::kernels>();
  if (!internal::admitted_at_once(subtle::approval) || kernel == nullptr) [[unlikely]] {
    return xor_bytes_slowly(dst, dst_len, x, x_len, y, y_len, n_out);
  }
  internal::last_service_indicator = internal::Indicator::not_approved;
  std::size_t n = 0;
  const internal::Status s = internal::run_admitted(subtle::approval, "XORBytes", [&] {
    return subtle::xor_bytes(*kernel, static_cast<std::uint8_t*>(dst), dst_len, static_cast<const std::uint8_t*>(x), x_len,
                             static_cast<const std::uint8_t*>(y), y_len, n);
  });
  if (s == internal::Status::ok && n_out != nullptr) *n_out = n;
  return internal::code(s);
}
