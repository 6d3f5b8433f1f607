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
// the S-box as Boyar and Peralta's depth-16 circuit of 128 gates (34 AND,
// 90 XOR, 4 XNOR) -- a linear layer (t), the inversion in GF(2^8) computed
// through GF(2^4) (m), and a linear layer with the affine map (l, s) --
// with its four XNORs made XORs, which leaves out the constant 0x63 of the
// affine map (bits 0, 1, 5 and 6); the callers add it. u0 is the most
// significant bit of the byte, as in their paper; so is s0.
template <class W>
[[gnu::always_inline]] inline void sub_bytes_but_constant(State<W>& q) noexcept {
  const W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

  const W t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6;
  const W t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7;
  const W t11 = u1 ^ u5, t12 = u2 ^ u5, t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11;
  const W t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
  const W t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17;
  const W t26 = t3 ^ t16, t27 = t1 ^ t12;

  const W m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1;
  const W m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6;
  const W m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11;
  const W m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
  const W m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23, m25 = m22 & m20;
  const W m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27, m30 = m26 & m24;
  const W m31 = m20 & m23, m32 = m27 & m31, m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34;
  const W m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
  const W m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41;
  const W m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9;
  const W m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13;
  const W m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20;
  const W m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2;

  const W l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58;
  const W l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53;
  const W l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61;
  const W l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
  const W l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9;
  const W l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17;

  q[7] = l6 ^ l24;
  q[6] = l16 ^ l26;
  q[5] = l19 ^ l28;
  q[4] = l6 ^ l21;
  q[3] = l20 ^ l22;
  q[2] = l25 ^ l29;
  q[1] = l13 ^ l27;
  q[0] = l6 ^ l23;
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
