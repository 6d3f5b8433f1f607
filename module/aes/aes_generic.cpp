// The portable AES kernel, written from FIPS 197: a bitsliced cipher that
// runs four blocks at once in eight 64-bit words (eight blocks in eight
// 128-bit vectors where the architecture has them), with the S-box as a
// boolean circuit, so that no memory index and no branch depends on the key
// or on the data (only on the number of blocks and the key length).
#include <bit>
#include <cstring>

#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::aes {
namespace {

using u64 = std::uint64_t;

// The state of four blocks, bitsliced: word q[j] holds bit j (j = 0 the
// least significant) of every byte of the four states. The byte in row r,
// column c (FIPS 197 §3.4: input byte 4c + r) of block b is at bit
// 16 r + 4 c + b of each word. So a row is a 16-bit lane, a column is a
// nibble of it and a block one bit of each nibble: ShiftRows rotates each
// lane by whole nibbles, and MixColumns combines the lanes of a word, which
// rotating the word by 16 bits moves up one row.
//
// The words are u64, or, where every CPU of the architecture has 128-bit
// vector registers (SSE2, NEON), vectors of two u64 in a GNU vector type
// (no intrinsics: the compiler maps its operators onto the registers) that
// run two such groups of four blocks, eight blocks, at once; all the code
// is written once for either.
template <class W>
using State = W[8];
template <class W>
constexpr int lanes = sizeof(W) / sizeof(u64);

#if defined(__SSE2__) || defined(__ARM_NEON)
#define FIPSMOD_AES_GENERIC_WIDE 1
typedef u64 Wide __attribute__((vector_size(16)));
[[gnu::always_inline]] inline void set_lane(Wide& w, int g, u64 v) noexcept { w[g] = v; }
[[gnu::always_inline]] inline u64 get_lane(const Wide& w, int g) noexcept { return w[g]; }
#endif
[[gnu::always_inline]] inline void set_lane(u64& w, int, u64 v) noexcept { w = v; }
[[gnu::always_inline]] inline u64 get_lane(const u64& w, int) noexcept { return w; }

// Rotations of each u64 right by n bits. A vector's by 16 and 32 bits are
// shuffles of its 16-bit units (unit i takes unit i + n / 16 of its u64:
// one or two instructions where shifts and an or take four), where the
// units are in little-endian order.
template <int n>
[[gnu::always_inline]] inline u64 rotr(u64 x) noexcept {
  return std::rotr(x, n);
}
#if FIPSMOD_AES_GENERIC_WIDE
template <int n>
[[gnu::always_inline]] inline Wide rotr(Wide x) noexcept {
  if constexpr (std::endian::native == std::endian::little && n % 16 == 0) {
    typedef std::uint16_t Units __attribute__((vector_size(16)));
    constexpr int k = n / 16;
    const Units u = std::bit_cast<Units>(x);
    return std::bit_cast<Wide>(__builtin_shufflevector(u, u, k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4,
                                                       4 + k % 4, 4 + (k + 1) % 4, 4 + (k + 2) % 4, 4 + (k + 3) % 4));
  } else {
    return (x >> n) | (x << (64 - n));
  }
}
#endif

// Spreads the four bytes of x (< 2^32) to the even bytes of a word, and
// back.
template <class W>
[[gnu::always_inline]] inline W spread(W x) noexcept {
  x = (x | (x << 16)) & 0x0000ffff0000ffff;
  return (x | (x << 8)) & 0x00ff00ff00ff00ff;
}
template <class W>
[[gnu::always_inline]] inline W unspread(W x) noexcept {
  x &= 0x00ff00ff00ff00ff;
  x = (x | (x >> 8)) & 0x0000ffff0000ffff;
  return (x | (x >> 16)) & 0x00000000ffffffff;
}

// Swaps the bits of a selected by `lo` (shifted up by s) with those of b
// selected by `lo << s`: one stage of the transposition below.
template <class W>
[[gnu::always_inline]] inline void swap_bits(W& a, W& b, u64 lo, int s) noexcept {
  const W t = ((a >> s) ^ b) & lo;
  b ^= t;
  a ^= t << s;
}

// Transposes, in each of the eight byte positions m, the 8x8 bit matrix
// whose row i is byte m of x[i]: afterwards bit j of byte m of x[i] is what
// bit i of byte m of x[j] was. Its own inverse.
template <class W>
[[gnu::always_inline]] inline void transpose(State<W>& x) noexcept {
  for (int i = 0; i < 8; i += 2) swap_bits(x[i], x[i + 1], 0x5555555555555555, 1);
  for (int i : {0, 1, 4, 5}) swap_bits(x[i], x[i + 2], 0x3333333333333333, 2);
  for (int i = 0; i < 4; ++i) swap_bits(x[i], x[i + 4], 0x0f0f0f0f0f0f0f0f, 4);
}

// Loads 4 lanes<W> blocks into the bitsliced layout (lane g of the words
// holding blocks 4g .. 4g + 3). Byte 4c + r of block b must reach bit
// 16 r + 4 c + b = 8 m + i of word j, with m = 2r + (c >> 1) and
// i = 4 (c & 1) + b; the transposition brings it there from bit j of byte m
// of word i, so word b gets columns 0 and 2 of block b (bytes r and 8 + r
// of the block interleaved), word 4 + b columns 1 and 3.
template <class W>
[[gnu::always_inline]] inline void load(State<W>& q, const std::uint8_t* in) noexcept {
  for (int b = 0; b < 4; ++b) {
    W lo, hi;
    for (int g = 0; g < lanes<W>; ++g) {
      set_lane(lo, g, internal::load_le<u64>(in + 64 * g + 16 * b));
      set_lane(hi, g, internal::load_le<u64>(in + 64 * g + 16 * b + 8));
    }
    q[b] = spread(lo & 0xffffffff) | (spread(hi & 0xffffffff) << 8);
    q[4 + b] = spread(lo >> 32) | (spread(hi >> 32) << 8);
  }
  transpose(q);
}

// The inverse of load.
template <class W>
[[gnu::always_inline]] inline void store(std::uint8_t* out, State<W>& q) noexcept {
  transpose(q);
  for (int b = 0; b < 4; ++b) {
    const W lo = unspread(q[b]) | (unspread(q[4 + b]) << 32);
    const W hi = unspread(q[b] >> 8) | (unspread(q[4 + b] >> 8) << 32);
    for (int g = 0; g < lanes<W>; ++g) {
      internal::store_le<u64>(out + 64 * g + 16 * b, get_lane(lo, g));
      internal::store_le<u64>(out + 64 * g + 16 * b + 8, get_lane(hi, g));
    }
  }
}

// SubBytes (§5.1.1) on every byte of the state but for the constant 0x63:
// the S-box as Boyar and Peralta's circuit of 115 gates (32 AND, 79 XOR,
// 4 XNOR) -- a linear layer (y), the inversion in GF(2^8) computed through
// GF(2^4) (t2 .. t45, z), and a linear layer with the affine map (t46 ..
// t67, s) -- with its four XNORs made XORs, which leaves out the constant
// 0x63 of the affine map (bits 0, 1, 5 and 6); the callers add it. u0 is
// the most significant bit of the byte, as in their paper; so is s0.
template <class W>
[[gnu::always_inline]] inline void sub_bytes_but_constant(State<W>& q) noexcept {
  const W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

  const W y14 = u3 ^ u5, y13 = u0 ^ u6, y9 = u0 ^ u3, y8 = u0 ^ u5, t0 = u1 ^ u2, y1 = t0 ^ u7, y4 = y1 ^ u3;
  const W y12 = y13 ^ y14, y2 = y1 ^ u0, y5 = y1 ^ u6, y3 = y5 ^ y8, t1 = u4 ^ y12, y15 = t1 ^ u5, y20 = t1 ^ u1;
  const W y6 = y15 ^ u7, y10 = y15 ^ t0, y11 = y20 ^ y9, y7 = u7 ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;
  const W y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = u0 ^ y16;

  const W t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & u7, t6 = t5 ^ t2, t7 = y13 & y16, t8 = y5 & y1;
  const W t9 = t8 ^ t7, t10 = y2 & y7, t11 = t10 ^ t7, t12 = y9 & y11, t13 = y14 & y17, t14 = t13 ^ t12;
  const W t15 = y8 & y10, t16 = t15 ^ t12, t17 = t4 ^ t14, t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16;
  const W t21 = t17 ^ y20, t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18, t25 = t21 ^ t22, t26 = t21 & t23;
  const W t27 = t24 ^ t26, t28 = t25 & t27, t29 = t28 ^ t22, t30 = t23 ^ t24, t31 = t22 ^ t26, t32 = t31 & t30;
  const W t33 = t32 ^ t24, t34 = t23 ^ t33, t35 = t27 ^ t33, t36 = t24 & t35, t37 = t36 ^ t34, t38 = t27 ^ t36;
  const W t39 = t29 & t38, t40 = t25 ^ t39, t41 = t40 ^ t37, t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37;
  const W t45 = t42 ^ t41;
  const W z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & u7, z3 = t43 & y16, z4 = t40 & y1, z5 = t29 & y7;
  const W z6 = t42 & y11, z7 = t45 & y17, z8 = t41 & y10, z9 = t44 & y12, z10 = t37 & y3, z11 = t33 & y4;
  const W z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2, z15 = t42 & y9, z16 = t45 & y14, z17 = t41 & y8;

  const W t46 = z15 ^ z16, t47 = z10 ^ z11, t48 = z5 ^ z13, t49 = z9 ^ z10, t50 = z2 ^ z12, t51 = z2 ^ z5;
  const W t52 = z7 ^ z8, t53 = z0 ^ z3, t54 = z6 ^ z7, t55 = z16 ^ z17, t56 = z12 ^ t48, t57 = t50 ^ t53;
  const W t58 = z4 ^ t46, t59 = z3 ^ t54, t60 = t46 ^ t57, t61 = z14 ^ t57, t62 = t52 ^ t58, t63 = t49 ^ t58;
  const W t64 = z4 ^ t59, t65 = t61 ^ t62, t66 = z1 ^ t63, t67 = t64 ^ t65;
  const W s3 = t53 ^ t66;

  q[7] = t59 ^ t63;  // s0
  q[6] = t64 ^ s3;   // s1, an XNOR in the circuit
  q[5] = t55 ^ t67;  // s2, an XNOR
  q[4] = s3;
  q[3] = t51 ^ t66;  // s4
  q[2] = t47 ^ t65;  // s5
  q[1] = t56 ^ t62;  // s6, an XNOR
  q[0] = t48 ^ t60;  // s7, an XNOR
}

// InvSubBytes (§5.3.2) is inv(f(y)) for the affine map f(y) = L(y) ^ 0x05,
// L(b)_i = b_(i+2) ^ b_(i+5) ^ b_(i+7), which is A^-1(y ^ 0x63) for the
// affine map A of the S-box; inv(x) = A^-1(S(x) ^ 0x63) = L(S(x)) ^ 0x05,
// and S(x) = S'(x) ^ 0x63 for the S' of sub_bytes_but_constant, whose
// constant L turns into 0x05 again. So InvSubBytes(y) = L(S'(L(y) ^ 0x05)).
template <class W>
[[gnu::always_inline]] inline void inv_linear(State<W>& q) noexcept {
  State<W> t;
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) t[i] = q[(i + 2) & 7] ^ q[(i + 5) & 7] ^ q[(i + 7) & 7];
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) q[i] = t[i];
}

template <class W>
[[gnu::always_inline]] inline void inv_sub_bytes(State<W>& q) noexcept {
  inv_linear(q);
  q[0] = ~q[0];
  q[2] = ~q[2];
  sub_bytes_but_constant(q);
  inv_linear(q);
}

// ShiftRows (§5.1.2): row r moves left by r columns (new column c is old
// column c + r mod 4), i.e. lane r of each word rotates right by 4r bits;
// done as a rotation of rows 2 and 3 by two columns (a swap of the bytes of
// lanes 2 and 3), then of rows 1 and 3 by one.
template <class W>
[[gnu::always_inline]] inline W shift_rows(W x) noexcept {
  const W t = (x ^ (x >> 8)) & 0x00ff00ff00000000;
  x ^= t ^ (t << 8);
  return (x & 0x0000ffff0000ffff) | ((x >> 4) & 0x0fff00000fff0000) | ((x << 12) & 0xf0000000f0000000);
}

// InvShiftRows (§5.3.1): the opposite rotations.
template <class W>
[[gnu::always_inline]] inline W inv_shift_rows(W x) noexcept {
  const W t = (x ^ (x >> 8)) & 0x00ff00ff00000000;
  x ^= t ^ (t << 8);
  return (x & 0x0000ffff0000ffff) | ((x << 4) & 0xfff00000fff00000) | ((x >> 12) & 0x000f0000000f0000);
}

// Multiplication of every byte by x in GF(2^8) (§4.2.1, modulo
// x^8 + x^4 + x^3 + x + 1) on bitsliced words: the bits move up one plane
// and the one that leaves bit 7 comes back at bits 0, 1, 3 and 4.
template <class W>
[[gnu::always_inline]] inline void xtime(State<W>& t) noexcept {
  const W h = t[7];
  t[7] = t[6];
  t[6] = t[5];
  t[5] = t[4];
  t[4] = t[3] ^ h;
  t[3] = t[2] ^ h;
  t[2] = t[1];
  t[1] = t[0] ^ h;
  t[0] = h;
}

// ShiftRows, MixColumns (§5.1.3) and AddRoundKey (§5.1.4) of a round.
// MixColumns is s'_r = 2 s_r ^ 3 s_(r+1) ^ s_(r+2) ^ s_(r+3) = 2 (s_r ^
// s_(r+1)) ^ s_(r+1) ^ (s_(r+2) ^ s_(r+3)). Rotating a word right by 16 bits
// brings row r + 1 to row r; with t = s ^ rotr(s, 16), that is
// s' = 2 t ^ rotr(s, 16) ^ rotr(t, 32).
template <class W>
[[gnu::always_inline]] inline void shift_mix_add(State<W>& q, const W* k) noexcept {
  State<W> s, t;
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) {
    s[j] = shift_rows(q[j]);
    t[j] = s[j] ^ rotr<16>(s[j]);
  }
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] = rotr<16>(s[j]) ^ rotr<32>(t[j]) ^ k[j];
  xtime(t);
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] ^= t[j];
}

// InvMixColumns (§5.3.3): its matrix (0e 0b 0d 09) is MixColumns' (02 03 01
// 01) times (05 00 04 00), which is s'_r = s_r ^ 4 (s_r ^ s_(r+2)).
template <class W>
[[gnu::always_inline]] inline void inv_mix_columns(State<W>& q) noexcept {
  State<W> u;
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) u[j] = q[j] ^ rotr<32>(q[j]);
  xtime(u);
  xtime(u);
  State<W> t;
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) {
    q[j] ^= u[j];
    t[j] = q[j] ^ rotr<16>(q[j]);
  }
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] = rotr<16>(q[j]) ^ rotr<32>(t[j]);
  xtime(t);
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] ^= t[j];
}

template <class W>
[[gnu::always_inline]] inline void add_round_key(State<W>& q, const W* k) noexcept {
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] ^= k[j];
}

// The cipher (§5.1) on bitsliced blocks, with the round keys
// bitsliced as rk[8i .. 8i + 7], and 0x63 added to round keys 1 .. Nr in
// place of SubBytes (ShiftRows keeps a state of equal bytes, and MixColumns
// too: 2 ^ 3 ^ 1 ^ 1 = 1).
template <class W>
void cipher(State<W>& q, const W* rk, unsigned nr) noexcept {
  add_round_key(q, rk);
  for (unsigned r = 1; r < nr; ++r) {
    sub_bytes_but_constant(q);
    shift_mix_add(q, rk + 8 * r);
  }
  sub_bytes_but_constant(q);
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] = shift_rows(q[j]) ^ rk[8 * nr + static_cast<unsigned>(j)];
}

// The inverse cipher (§5.3), with the round keys as they are.
template <class W>
void inv_cipher(State<W>& q, const W* rk, unsigned nr) noexcept {
  add_round_key(q, rk + 8 * nr);
  for (unsigned r = nr - 1; r > 0; --r) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) q[j] = inv_shift_rows(q[j]);
    inv_sub_bytes(q);
    add_round_key(q, rk + 8 * r);
    inv_mix_columns(q);
  }
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] = inv_shift_rows(q[j]);
  inv_sub_bytes(q);
  add_round_key(q, rk);
}

// The schedule's layout: round key i at enc + 16 i as two words, bitsliced
// and compressed. Bitslicing four copies of a round key gives words in
// which every nibble is 0000 or 1111 (the four blocks agree), so plane j
// keeps one bit a nibble, at bit j & 3 of word j >> 2; expanding puts it back
// in all four (x * 15 copies the bit at 4k to 4k .. 4k + 3: each nibble
// holds at most 1, so there are no carries).
constexpr u64 nibble_low = 0x1111111111111111;

void compress_round_key(std::uint8_t out[16], const std::uint8_t rk[16]) noexcept {
  std::uint8_t four[64];
  for (int b = 0; b < 4; ++b) std::memcpy(four + 16 * b, rk, 16);
  State<u64> q;
  load(q, four);
  u64 w[2] = {0, 0};
  for (int j = 0; j < 8; ++j) w[j >> 2] |= (q[j] & nibble_low) << (j & 3);
  std::memcpy(out, w, sizeof w);
  internal::secure_zero(four, sizeof four);
  internal::secure_zero(q, sizeof q);
}

// The round keys of `s`, expanded into words W: 8 (Nr + 1) of them; for the
// cipher, with 0x63 (planes 0, 1, 5 and 6 all ones) added to round keys
// 1 .. Nr.
template <class W>
struct RoundKeys {
  W w[8 * 15];
  RoundKeys(const Schedule* s, bool for_cipher) noexcept {
    for (unsigned i = 0; i <= s->rounds; ++i) {
      u64 c[2];
      std::memcpy(c, s->enc + 16 * i, sizeof c);
      const u64 add = for_cipher && i > 0 ? ~u64{0} : 0;
      for (unsigned j = 0; j < 8; ++j) {
        const u64 k = ((c[j >> 2] >> (j & 3)) & nibble_low) * 15;
        for (int g = 0; g < lanes<W>; ++g) set_lane(w[8 * i + j], g, ((0x63 >> j) & 1) != 0 ? k ^ add : k);
      }
    }
  }
  ~RoundKeys() { internal::secure_zero(w, sizeof w); }
  RoundKeys(const RoundKeys&) = delete;
  RoundKeys& operator=(const RoundKeys&) = delete;
};

// SubWord (§5.2) through the bitsliced S-box: byte k of w (w's bits 8k ..
// 8k + 7) becomes bit k of each plane.
std::uint32_t sub_word(std::uint32_t w) noexcept {
  State<u64> q;
  for (int j = 0; j < 8; ++j) {
    q[j] = 0;
    for (int k = 0; k < 4; ++k) q[j] |= static_cast<u64>((w >> (8 * k + j)) & 1) << k;
  }
  sub_bytes_but_constant(q);
  std::uint32_t r = 0x63636363;
  for (int j = 0; j < 8; ++j) {
    for (int k = 0; k < 4; ++k) r ^= static_cast<std::uint32_t>((q[j] >> k) & 1) << (8 * k + j);
  }
  internal::secure_zero(q, sizeof q);
  return r;
}

// Runs the cipher or its inverse over `groups` groups of 4 lanes<W> blocks.
template <bool decrypt, class W>
void crypt_groups(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t groups) noexcept {
  const RoundKeys<W> rk(s, !decrypt);
  State<W> q;
  for (; groups > 0; --groups, in += 64 * lanes<W>, out += 64 * lanes<W>) {
    load(q, in);
    if constexpr (decrypt) inv_cipher(q, rk.w, s->rounds);
    else cipher(q, rk.w, s->rounds);
    store(out, q);
  }
  internal::secure_zero(q, sizeof q);
}

template <bool decrypt>
void crypt(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
#if FIPSMOD_AES_GENERIC_WIDE
  if (const std::size_t groups = blocks / (4 * lanes<Wide>); groups > 0) {
    crypt_groups<decrypt, Wide>(s, in, out, groups);
    in += 64 * lanes<Wide> * groups;
    out += 64 * lanes<Wide> * groups;
    blocks -= 4 * lanes<Wide> * groups;
  }
#endif
  if (blocks == 0) return;
  // The last blocks in groups of four, the last one to three through a
  // padded buffer.
  std::uint8_t buf[64] = {};
  const std::size_t whole = blocks / 4, rest = blocks % 4;
  if (rest > 0) std::memcpy(buf, in + 64 * whole, 16 * rest);
  if (whole > 0) crypt_groups<decrypt, u64>(s, in, out, whole);
  if (rest > 0) {
    crypt_groups<decrypt, u64>(s, buf, buf, 1);
    std::memcpy(out + 64 * whole, buf, 16 * rest);
    internal::secure_zero(buf, sizeof buf);
  }
}

}  // namespace

// KeyExpansion (§5.2), the words w[i] held with their first byte in the
// low bits (so RotWord is a rotation right by 8 and Rcon's byte is the low
// one); then every round key compressed into the schedule's layout.
void expand_generic(Schedule* out, const std::uint8_t* key, std::size_t key_len) noexcept {
  const unsigned nk = static_cast<unsigned>(key_len / 4);
  const unsigned nr = nk + 6;
  const unsigned total = 4 * (nr + 1);
  std::uint32_t w[60];
  for (unsigned i = 0; i < nk; ++i) w[i] = internal::load_le<std::uint32_t>(key + 4 * i);
  std::uint32_t rcon = 1;
  for (unsigned i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = sub_word(std::rotr(t, 8)) ^ rcon;
      rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);  // xtime; rcon is public
    } else if (nk > 6 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  for (unsigned r = 0; r <= nr; ++r) {
    std::uint8_t rk[16];
    for (unsigned k = 0; k < 4; ++k) internal::store_le<std::uint32_t>(rk + 4 * k, w[4 * r + k]);
    compress_round_key(out->enc + 16 * r, rk);
    internal::secure_zero(rk, sizeof rk);
  }
  out->rounds = nr;
  internal::secure_zero(w, sizeof w);
}

void encrypt_generic(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  crypt<false>(s, in, out, blocks);
}

void decrypt_generic(const Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  crypt<true>(s, in, out, blocks);
}

}  // namespace fipsmod::aes
