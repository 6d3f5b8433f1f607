// The constant-time test's machinery (docs/constant-time.md), after
// BoringSSL's CONSTTIME_SECRET: the test marks a computation's secret
// inputs undefined with memcheck's client requests, so that valgrind's
// memcheck reports every conditional branch and every memory address the
// module computes from them, runs the computation, then marks its output
// defined again before comparing it. Outside valgrind the requests do
// nothing and only the answers are checked.
//
// The program is every folder's *_constant_time_test.cpp and
// testing/constant_time_test.cpp (every known answer on every usable
// kernel, the comparison, what cannot run here, the deliberately broken
// functions); module/CMakeLists.txt builds it and registers it under
// valgrind where valgrind can run it.
#pragma once

#include <valgrind/memcheck.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <utility>
#include <vector>

namespace fipsmod::testing::ct {

using Bytes = std::vector<std::uint8_t>;

// Secret from here on: memcheck tracks what is computed from these bytes.
inline void secret(std::span<const std::uint8_t> b) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(b.data(), b.size());
}
// Public again: an output about to be compared.
inline void declassify(std::span<const std::uint8_t> b) {
  (void)VALGRIND_MAKE_MEM_DEFINED(b.data(), b.size());
}

inline bool under_valgrind() { return RUNNING_ON_VALGRIND != 0; }

// n bytes that differ from one another and from those of another seed.
inline Bytes bytes(std::size_t n, std::uint8_t seed) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(seed * 0x9d + i * 0x3b + (i >> 8));
  return b;
}

// compute(inputs) on copies of `inputs` marked secret; what it returns,
// declassified. (The test compares it with the same computation on the
// public inputs, on the generic kernel.)
template <class F>
Bytes on_secrets(std::initializer_list<Bytes> inputs, F&& compute) {
  std::vector<Bytes> in(inputs);
  for (const Bytes& b : in) secret(b);
  Bytes out = compute(std::as_const(in));
  declassify(out);
  return out;
}

}  // namespace fipsmod::testing::ct
