// fipsmod::hex: bytes as lower-case hexadecimal, as fipsmod writes digests,
// known answers and self-test failures. Header-only; not a service.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace fipsmod {

inline std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (const std::uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

}  // namespace fipsmod
