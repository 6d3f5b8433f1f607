// The portable MD5 block function, written from RFC 1321 §3.4.
#include <array>
#include <bit>
#include <utility>

#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::md5 {

// T[i] = floor(2^32 * |sin(i + 1)|), the table of RFC 1321 §3.4 (md5_test
// recomputes it).
constinit const std::array<std::uint32_t, 64> rfc1321_t = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

namespace {

// Rotation amounts per round and step-within-four, RFC 1321 §3.4.
constexpr int kShift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

// Which message word step i (0..63) reads, RFC 1321 §3.4: round 1 takes
// them in order, rounds 2, 3 and 4 step through them by 5, 3 and 7.
constexpr int message_index(int i) {
  const int k = i % 16;
  switch (i / 16) {
    case 0: return k;
    case 1: return (1 + 5 * k) % 16;
    case 2: return (5 + 3 * k) % 16;
    default: return (7 * k) % 16;
  }
}

// The four auxiliary functions. F and G are written with one operation
// fewer than in the RFC: F = (x & y) | (~x & z) = z ^ (x & (y ^ z)), and
// G = (x & z) | (y & ~z) = y ^ (z & (x ^ y)): each bit selects between
// two inputs either way.
template <int Round>
constexpr std::uint32_t aux(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
  if constexpr (Round == 0) return z ^ (x & (y ^ z));
  else if constexpr (Round == 1) return y ^ (z & (x ^ y));
  else if constexpr (Round == 2) return x ^ y ^ z;
  else return y ^ (x | ~z);
}

// Step i: a = b + ((a + aux(b, c, d) + X[k] + T[i]) <<< s).
template <int I>
inline void step(std::uint32_t& a, std::uint32_t b, std::uint32_t c, std::uint32_t d,
                 const std::uint32_t* x) {
  constexpr int round = I / 16;
  a = b + std::rotl(a + aux<round>(b, c, d) + x[message_index(I)] + rfc1321_t[I], kShift[round][I % 4]);
}

// Four steps starting at step I, with the registers in their RFC order.
template <int I>
inline void four_steps(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                       const std::uint32_t* x) {
  step<I + 0>(a, b, c, d, x);
  step<I + 1>(d, a, b, c, x);
  step<I + 2>(c, d, a, b, x);
  step<I + 3>(b, c, d, a, x);
}

template <std::size_t... Q>
inline void all_steps(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                      const std::uint32_t* x, std::index_sequence<Q...>) {
  (four_steps<4 * static_cast<int>(Q)>(a, b, c, d, x), ...);
}

// The rounds, in a frame of their own: block_generic wipes it after them.
[[gnu::noinline]] void rounds(std::uint32_t state[4], const std::uint8_t* data, std::size_t blocks) noexcept {
  for (; blocks > 0; --blocks, data += Md5::block_size) {
    std::uint32_t x[16];
    for (int i = 0; i < 16; ++i) x[i] = internal::load_le<std::uint32_t>(data + 4 * i);
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    all_steps(a, b, c, d, x, std::make_index_sequence<16>{});
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
  }
}

}  // namespace

void block_generic(std::uint32_t state[4], const std::uint8_t* data, std::size_t blocks) noexcept {
  rounds(state, data, blocks);
  // What the compiler kept of the state in the rounds' frame (the
  // starting chaining value, spilled working variables).
  internal::wipe_stack_below<512>();
}

}  // namespace fipsmod::md5
