// The shape of the MD5 lanes known answer, which hangs on the widest lanes
// kernel the dispatcher runs (core/lanes.hpp's max_lanes, which
// md5_package.cpp holds this to). Shared by the module and the generator of
// the answers (vectors/gen_vectors.cpp), so the two cannot drift apart; this
// header includes nothing else of the module.
#pragma once

#include <cstddef>

namespace fipsmod::md5 {

// A lanes known answer: one message per lane of the widest kernel the
// dispatcher runs, so that every lane of every kernel (32 on amd64-avx512,
// VLEN / 32 on riscv64-v) hashes a message of its own in the first call.
// Message j is lanes_kat_length(j) bytes of the input from byte
// lanes_kat_offset(j): each starts at its own byte (no two lanes see the
// same blocks) and has 1 or 2 whole blocks (one in three has 2, so lanes
// drop out and take on waiting messages at different steps) and j % 64
// bytes more (the tail a computation keeps in its buffer, and one or two
// padded blocks). Short, to keep the power-on cost small.
inline constexpr std::size_t lanes_kat_messages = 64;
constexpr std::size_t lanes_kat_offset(std::size_t j) noexcept { return j; }
constexpr std::size_t lanes_kat_length(std::size_t j) noexcept { return 64 * (j % 3 == 0 ? 2 : 1) + j % 64; }
// The input: long enough for every message.
inline constexpr std::size_t lanes_kat_input_size = [] {
  std::size_t n = 0;
  for (std::size_t j = 0; j < lanes_kat_messages; ++j) {
    if (lanes_kat_offset(j) + lanes_kat_length(j) > n) n = lanes_kat_offset(j) + lanes_kat_length(j);
  }
  return n;
}();

}  // namespace fipsmod::md5
