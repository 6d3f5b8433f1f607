// Loads and stores of little- and big-endian integers at any alignment.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace fipsmod::internal {

template <class T>
T to_little(T v) noexcept {
  if constexpr (std::endian::native == std::endian::big) {
    if constexpr (sizeof(T) == 4) return __builtin_bswap32(v);
    else return __builtin_bswap64(v);
  }
  return v;
}

template <class T>
T to_big(T v) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    if constexpr (sizeof(T) == 4) return __builtin_bswap32(v);
    else return __builtin_bswap64(v);
  }
  return v;
}

template <class T>
T load_le(const std::uint8_t* p) noexcept {
  T v;
  std::memcpy(&v, p, sizeof v);
  return to_little(v);
}

template <class T>
T load_be(const std::uint8_t* p) noexcept {
  T v;
  std::memcpy(&v, p, sizeof v);
  return to_big(v);
}

template <class T>
void store_le(std::uint8_t* p, T v) noexcept {
  v = to_little(v);
  std::memcpy(p, &v, sizeof v);
}

template <class T>
void store_be(std::uint8_t* p, T v) noexcept {
  v = to_big(v);
  std::memcpy(p, &v, sizeof v);
}

}  // namespace fipsmod::internal
