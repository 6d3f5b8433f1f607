// The portable GCM kernel, written from NIST SP 800-38D: GHASH (§6.4) with
// a constant-time multiplication in GF(2^128) (integer multiplications of
// operands with holes, no table indexed by H or by data), and the counter
// mode (§6.5) on the generic, bitsliced AES.
#include <cstring>

#include "aes/internal.hpp"
#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::gcm {
namespace {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;

// Elements of GF(2^128) are held as the 128-bit integer whose bits, from
// the most significant, are the specification's bit string x_0 .. x_127:
// the coefficient of x^i is integer bit 127 - i (the block's bytes read big
// endian). In this reflected form a polynomial times x is the integer
// shifted right by one, and the carry-less integer product of two elements
// A and B is, as a 256-bit reflected polynomial, A B x (degree <= 255,
// coefficient of x^k at bit 255 - k).
//
// Carry-less 64 x 64 -> 128-bit products come from ordinary integer
// products of operands with holes: x & m_a, m_a = 0x1111...1 << a, keeps
// the bits of x at positions = a (mod 4). The integer product of such parts
// of x and y holds, at each position = a + b (mod 4), the number of pairs of
// set bits that meet there; as long as that count stays below 16 it fits
// in the four bits up to the next position of the class, so its parity, the
// carry-less product's bit, is read off exactly. A part has up to 16 bits,
// so one operand (the key side, y) is cut to 60 bits (15 a part), and its
// top four bits are multiplied by masks: bit 60 + k of y adds x << (60 + k)
// when set, so the key keeps, for each k, a mask of all ones or zeros.
constexpr u64 m0 = 0x1111111111111111;

// The key-side operand of one 64 x 64 product, as the GhashKey holds it:
// eight words, the four parts of its low 60 bits, then the masks of its top
// four bits.
constexpr std::size_t operand_size = 64;

void put_operand(std::uint8_t* out, u64 y) noexcept {
  const u64 low = y & 0x0fffffffffffffff;
  u64 w[8];
  for (int c = 0; c < 4; ++c) w[c] = low & (m0 << c);
  for (int k = 0; k < 4; ++k) w[4 + k] = 0 - ((y >> (60 + k)) & 1);
  std::memcpy(out, w, sizeof w);
  internal::secure_zero(w, sizeof w);
}

struct Operand {
  const std::uint8_t* p;
  [[gnu::always_inline]] u64 word(int i) const noexcept {
    u64 v;
    std::memcpy(&v, p + 8 * i, sizeof v);
    return v;
  }
  [[gnu::always_inline]] u64 part(int c) const noexcept { return word(c); }
  [[gnu::always_inline]] u64 top(int k) const noexcept { return word(4 + k); }
};

inline u128 mul(u64 a, u64 b) noexcept { return static_cast<u128>(a) * b; }

// Adds the carry-less product x y, but for the products by the top bits of
// y, to (hi, lo): for each class c, the four integer products of class c,
// masked to the positions of c. The products by the top bits go to
// top[k] unshifted: x, or 0, for bit 60 + k of y.
[[gnu::always_inline]] inline void clmul_add(u64 x, const Operand& y, u64& hi, u64& lo, u64 (&top)[4]) noexcept {
  const u64 xs[4] = {x & m0, x & (m0 << 1), x & (m0 << 2), x & (m0 << 3)};
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) {
    const u128 z = mul(xs[0], y.part(c)) ^ mul(xs[1], y.part((c + 3) & 3)) ^ mul(xs[2], y.part((c + 2) & 3)) ^
                   mul(xs[3], y.part((c + 1) & 3));
    lo ^= static_cast<u64>(z) & (m0 << c);
    hi ^= static_cast<u64>(z >> 64) & (m0 << c);
  }
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) top[k] ^= x & y.top(k);
}

// Adds the products by the top bits, top[k] << (60 + k), to (hi, lo).
[[gnu::always_inline]] inline void add_top(const u64 (&top)[4], u64& hi, u64& lo) noexcept {
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    lo ^= top[k] << (60 + k);
    hi ^= top[k] >> (4 - k);
  }
}

// The GhashKey layout: H^1 .. H^4, each times x^-1 (see reduce), H^k at
// power_size (k - 1) as the key-side operands of the Karatsuba products:
// its high and low 64 bits and their xor.
constexpr int powers = 4;
constexpr std::size_t power_size = 3 * operand_size;
static_assert(power_size * powers <= sizeof(GhashKey::bytes));

void put_power(GhashKey* key, int k, u64 hi, u64 lo) noexcept {
  std::uint8_t* p = key->bytes + power_size * static_cast<std::size_t>(k - 1);
  put_operand(p, hi);
  put_operand(p + operand_size, lo);
  put_operand(p + 2 * operand_size, hi ^ lo);
}

// The Karatsuba sums of block-times-power products: hi * hi, lo * lo,
// (hi ^ lo) * (hi ^ lo), each a 128-bit (hi, lo) pair.
struct Product {
  u64 hh = 0, hl = 0, lh = 0, ll = 0, mh = 0, ml = 0;
  u64 ht[4] = {}, lt[4] = {}, mt[4] = {};
  [[gnu::always_inline]] void add(u64 xhi, u64 xlo, const GhashKey* key, int k) noexcept {
    const std::uint8_t* p = key->bytes + power_size * static_cast<std::size_t>(k - 1);
    clmul_add(xhi, Operand{p}, hh, hl, ht);
    clmul_add(xlo, Operand{p + operand_size}, lh, ll, lt);
    clmul_add(xhi ^ xlo, Operand{p + 2 * operand_size}, mh, ml, mt);
  }
};

// Reduces the 256-bit reflected product of Product (which is A B x for the
// summed A B) modulo x^128 + x^7 + x^2 + x + 1 into (hi, lo). Because the
// key side was stored times x^-1, the result is the sum of the A B.
//
// With the product C = L + x^128 G (L, G of degree < 128; L the high 128
// bits of the integer, G the low 128 bits), x^128 G = G (1 + x + x^2 + x^7)
// modulo the polynomial. G x^k is g >> k for the terms that stay below
// x^128; the terms that pass it form x^128 E with E of degree < 7, reflected
// e = the bits of g shifted out at the bottom, moved to the top:
// g << 127, g << 126, g << 121 (so e lives in the top 7 bits of the high
// word), and E (1 + x + x^2 + x^7) has degree < 14, no further overflow.
void reduce(const Product& p, u64& hi, u64& lo) noexcept {
  u64 hh = p.hh, hl = p.hl, lh = p.lh, ll = p.ll, mh = p.mh, ml = p.ml;
  add_top(p.ht, hh, hl);
  add_top(p.lt, lh, ll);
  add_top(p.mt, mh, ml);
  mh ^= hh ^ lh;
  ml ^= hl ^ ll;
  const u64 p3 = hh, p2 = hl ^ mh, p1 = lh ^ ml, p0 = ll;
  const u64 g1 = p1 ^ (p0 << 63) ^ (p0 << 62) ^ (p0 << 57);  // high word of g + e
  hi = p3 ^ g1 ^ (g1 >> 1) ^ (g1 >> 2) ^ (g1 >> 7);
  lo = p2 ^ p0 ^ (p0 >> 1) ^ (p0 >> 2) ^ (p0 >> 7) ^ (p1 << 63) ^ (p1 << 62) ^ (p1 << 57);
}

// GHASH over n <= `powers` blocks at once: y = (y ^ X_1) H^n ^ X_2 H^(n-1)
// ^ ... ^ X_n H, one reduction for all.
template <int n>
void ghash_blocks(const GhashKey* key, u64& yhi, u64& ylo, const std::uint8_t* in) noexcept {
  Product p;
  p.add(yhi ^ internal::load_be<u64>(in), ylo ^ internal::load_be<u64>(in + 8), key, n);
#pragma GCC unroll 4
  for (int i = 1; i < n; ++i) {
    p.add(internal::load_be<u64>(in + 16 * i), internal::load_be<u64>(in + 16 * i + 8), key, n - i);
  }
  reduce(p, yhi, ylo);
}

// Counter mode and GHASH over the ciphertext, `batch` blocks an AES call.
constexpr std::size_t batch = 32;

template <bool sealing>
void ctr_ghash(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
               const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  std::uint8_t ks[16 * batch];
  std::uint32_t c = internal::load_be<std::uint32_t>(ctr + 12);
  while (blocks > 0) {
    const std::size_t n = blocks < batch ? blocks : batch;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(ks + 16 * i, ctr, 12);
      // inc32. i passes through at_run_time: otherwise GCC counts the loop
      // with c + i and ends it on comparing that, a branch on the counter,
      // which is secret when the nonce is not 12 bytes (J0 is then a GHASH
      // under H); the constant-time test reports it.
      internal::store_be<std::uint32_t>(ks + 16 * i + 12, c + internal::at_run_time(static_cast<std::uint32_t>(i)));
    }
    aes::encrypt_generic(s, ks, ks, n);
    if (!sealing) ghash_generic(key, y, in, n);  // before out overwrites in
    for (std::size_t i = 0; i < 16 * n; i += 8) {
      u64 a, b;
      std::memcpy(&a, in + i, 8);
      std::memcpy(&b, ks + i, 8);
      a ^= b;
      std::memcpy(out + i, &a, 8);
    }
    if (sealing) ghash_generic(key, y, out, n);
    c += static_cast<std::uint32_t>(n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  internal::store_be<std::uint32_t>(ctr + 12, c);
  internal::secure_zero(ks, sizeof ks);
}

}  // namespace

// H^1 .. H^4 (H^k = H^(k-1) H), each stored times x^-1. x^-1 = x^127 + x^6
// + x + 1 (x times it is 1 + the polynomial); G x^-1 is g << 1 when G's
// constant term (integer bit 127) is 0, and otherwise also plus x^-1,
// which reflected is bits 127, 126, 121 and 0: 0xc2000000'00000000'...'01.
void ghash_init_generic(GhashKey* out, const std::uint8_t h[16]) noexcept {
  u64 phi = internal::load_be<u64>(h), plo = internal::load_be<u64>(h + 8);  // H^k
  for (int k = 1; k <= powers; ++k) {
    if (k > 1) {
      Product p;
      p.add(phi, plo, out, 1);
      reduce(p, phi, plo);
    }
    const u64 c = 0 - (phi >> 63);  // all ones when the constant term is set
    put_power(out, k, (phi << 1) ^ (plo >> 63) ^ (c & 0xc200000000000000), (plo << 1) ^ (c & 1));
  }
}

void ghash_generic(const GhashKey* key, std::uint8_t y[16], const std::uint8_t* in, std::size_t blocks) noexcept {
  u64 yhi = internal::load_be<u64>(y), ylo = internal::load_be<u64>(y + 8);
  for (; blocks >= powers; blocks -= powers, in += 16 * powers) ghash_blocks<powers>(key, yhi, ylo, in);
  // The last one to three (the number of blocks is public).
  if (blocks == 3) ghash_blocks<3>(key, yhi, ylo, in);
  else if (blocks == 2) ghash_blocks<2>(key, yhi, ylo, in);
  else if (blocks == 1) ghash_blocks<1>(key, yhi, ylo, in);
  internal::store_be<u64>(y, yhi);
  internal::store_be<u64>(y + 8, ylo);
}

void seal_generic(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  ctr_ghash<true>(s, key, ctr, y, in, out, blocks);
}

void open_generic(const aes::Schedule* s, const GhashKey* key, std::uint8_t ctr[16], std::uint8_t y[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
  ctr_ghash<false>(s, key, ctr, y, in, out, blocks);
}

}  // namespace fipsmod::gcm
