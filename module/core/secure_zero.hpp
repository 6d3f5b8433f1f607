// Wiping secrets: zeros stored so that the compiler cannot drop them as
// dead, even right before the memory is freed or goes out of scope, by the
// module's own code: no call to memset, which a program (or an LD_PRELOAD
// library) could replace with one that does nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fipsmod::internal {

// Eight bytes a store, then the rest one at a time. The empty asm in each
// step takes the pointer and clobbers memory: the compiler must assume it
// reads what was stored, so it keeps every store, and it cannot turn the
// loops into a call to memset either.
inline void secure_zero(void* p, std::size_t n) noexcept {
  auto* b = static_cast<unsigned char*>(p);
  for (; n >= 8; n -= 8, b += 8) {
    const std::uint64_t zero = 0;
    __builtin_memcpy(b, &zero, 8);  // one store, never a call
    __asm__ __volatile__("" : : "r"(b) : "memory");
  }
  for (; n > 0; --n, ++b) {
    *b = 0;
    __asm__ __volatile__("" : : "r"(b) : "memory");
  }
}

// Zeroes Bytes of the stack below the caller's frame: where the function
// it called just before kept its locals and spilled its registers. A
// portable kernel's compiler may keep copies of secret state there, in
// slots no code of ours names (Clang keeps each block's starting chaining
// value for the additions at its end): the kernel runs its rounds in a
// function of their own and calls this right after them. Its frame starts
// where the rounds' did, or a little above when the call is a tail call
// (GCC and Clang make it one: 16 bytes higher on x86-64), so Bytes must
// cover the rounds' frame and that, the x86-64 red zone (128 bytes below
// the stack pointer) included: with 512, the generic SHA-512 rounds, the
// deepest, leave at least 150 bytes to spare with either compiler on x86-64
// and with GCC on aarch64 and riscv64. What the registers still hold is
// not wiped.
template <std::size_t Bytes>
[[gnu::noinline]] void wipe_stack_below() noexcept {
  alignas(16) unsigned char below[Bytes];
  secure_zero(below, Bytes);
}

// Zeroises a temporary that holds secret or message state (a key, a
// marshalled state, a running hash being restored) when it goes out of
// scope, on every return path.
template <class T>
class WipedAtExit {
 public:
  explicit WipedAtExit(T& t) noexcept : t_(t) {}
  WipedAtExit(const WipedAtExit&) = delete;
  WipedAtExit& operator=(const WipedAtExit&) = delete;
  ~WipedAtExit() { secure_zero(&t_, sizeof(T)); }

 private:
  T& t_;
};

}  // namespace fipsmod::internal
