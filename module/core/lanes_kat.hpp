// The shape of a lanes known answer (MD5 lanes, SHA-256 lanes), which hangs
// on the widest lanes kernel the dispatcher runs (core/lanes.hpp's
// max_lanes, which lanes.hpp holds this to). Shared by the module and the
// generator of the answers (vectors/gen_vectors.cpp), so the two cannot
// drift apart; this header includes nothing else of the module.
#pragma once

#include <cstddef>

namespace fipsmod::internal::lanes {

// A lanes known answer: one message per lane of the widest kernel the
// dispatcher runs, so that every lane of every kernel (32 on MD5's
// amd64-avx512, 16 on SHA-256's, VLEN / 32 on riscv64-v) hashes a message
// of its own in the first call. Message j is kat_length(j) bytes of the
// input from byte kat_offset(j): each starts at its own byte (no two lanes
// see the same blocks) and has 1 or 2 whole 64-byte blocks (one in three
// has 2, so lanes drop out and take on waiting messages at different
// steps) and j % 64 bytes more (the tail a computation keeps in its buffer,
// and one or two padded blocks). Short, to keep the power-on cost small.
// Both hashes that have lanes have 64-byte blocks.
inline constexpr std::size_t kat_block_size = 64;
inline constexpr std::size_t kat_messages = 64;
constexpr std::size_t kat_offset(std::size_t j) noexcept { return j; }
constexpr std::size_t kat_length(std::size_t j) noexcept {
  return kat_block_size * (j % 3 == 0 ? 2 : 1) + j % kat_block_size;
}
// The input: long enough for every message.
inline constexpr std::size_t kat_input_size = [] {
  std::size_t n = 0;
  for (std::size_t j = 0; j < kat_messages; ++j) {
    if (kat_offset(j) + kat_length(j) > n) n = kat_offset(j) + kat_length(j);
  }
  return n;
}();

}  // namespace fipsmod::internal::lanes
