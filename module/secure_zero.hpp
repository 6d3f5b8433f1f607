// Wiping secrets: zeros stored so that the compiler cannot drop them as
// dead, even right before the memory is freed or goes out of scope.
#pragma once

#include <cstddef>
#include <cstring>

namespace fipsmod::internal {

// memset, then an empty asm that takes the pointer and clobbers memory: the
// compiler must assume the asm reads the zeros, so it keeps the stores.
// (The same barrier as BoringSSL's OPENSSL_cleanse; GCC and Clang both
// honour it, and it needs no libc beyond memset.)
inline void secure_zero(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace fipsmod::internal
