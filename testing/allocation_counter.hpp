// Counting allocations, for the *_alloc_test programs (module/CMakeLists.txt
// builds each on its own): replaces the global operator new and delete,
// so include this in exactly one file of a program. allocations() is the
// number of operator new calls so far.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

namespace fipsmod::testing {
namespace {
std::atomic<long> g_allocations{0};
}  // namespace
inline long allocations() { return g_allocations.load(); }
}  // namespace fipsmod::testing

// GCC sees the replaced operator delete call free() on memory from a
// new-expression; that pairing is exactly what the replacement intends.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t n) {
  fipsmod::testing::g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
