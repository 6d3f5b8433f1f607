// XOR columns: each usable fipsmod kernel (called through the checked entry,
// without the gate), "api" (the service fipsmod_xor_bytes, as a user calls
// it: the gate, the indicator, the checks, the selected kernel), Botan's
// xor_buf, a plain byte loop as an application
// would write it, and memcpy of the same size as the memory-bandwidth roof.
#include <botan/mem_ops.h>

#include <cstring>

#include <fipsmod/subtle.h>

#include "peers.hpp"
#include "subtle/internal.hpp"

namespace fipsmod::bench {
namespace {

[[gnu::noinline]] void byte_loop(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(x[i] ^ y[i]);
}

}  // namespace

std::vector<XorColumn> xor_columns() {
  std::vector<XorColumn> columns;
  for (const subtle::Kernel* k : subtle::kernels().usable()) {
    columns.push_back({k->name, [k](std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) {
                         std::size_t done = 0;
                         subtle::xor_bytes(*k, dst, n, x, n, y, n, done);
                       }});
  }
  columns.push_back({"api", [](std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) {
                       std::size_t done = 0;
                       (void)fipsmod_xor_bytes(dst, n, x, n, y, n, &done);
                     }});
  columns.push_back({"botan", [](std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) {
                       Botan::xor_buf(dst, x, y, n);
                     }});
  columns.push_back({"byteloop", byte_loop});
  columns.push_back({"memcpy", [](std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t*, std::size_t n) {
                       std::memcpy(dst, x, n);
                     }});
  return columns;
}

}  // namespace fipsmod::bench
