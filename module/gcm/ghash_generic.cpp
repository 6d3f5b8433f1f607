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
// so one operand (the key side, y) is cut to 60 bits (15 a part) and its top
// four bits t are multiplied separately: t times a part of x places at most
// one bit at each position, so it makes no carries at all.
constexpr u64 m0 = 0x1111111111111111;

// The key-side operand of one 64 x 64 product: the four parts of its low
// 60 bits, and its top four bits.
struct Operand {
  u64 part[4];
  u64 top;
};

Operand make_operand(u64 y) noexcept {
  const u64 low = y & 0x0fffffffffffffff;
  return Operand{{low & m0, low & (m0 << 1), low & (m0 << 2), low & (m0 << 3)}, y >> 60};
}

inline u128 mul(u64 a, u64 b) noexcept { return static_cast<u128>(a) * b; }

// Carry-less products summed without the final masks: z[c] collects the
// integer products whose class is c (exact at positions = c mod 4, garbage
// elsewhere), `top` the exact products by the key's top bits. Masking is
// linear, so the products of many blocks are summed first and masked once.
struct Sum {
  u128 z[4] = {0, 0, 0, 0};
  u128 top = 0;

  void add(u64 x, const Operand& y) noexcept {
    const u64 x0 = x & m0, x1 = x & (m0 << 1), x2 = x & (m0 << 2), x3 = x & (m0 << 3);
    z[0] ^= mul(x0, y.part[0]) ^ mul(x1, y.part[3]) ^ mul(x2, y.part[2]) ^ mul(x3, y.part[1]);
    z[1] ^= mul(x0, y.part[1]) ^ mul(x1, y.part[0]) ^ mul(x2, y.part[3]) ^ mul(x3, y.part[2]);
    z[2] ^= mul(x0, y.part[2]) ^ mul(x1, y.part[1]) ^ mul(x2, y.part[0]) ^ mul(x3, y.part[3]);
    z[3] ^= mul(x0, y.part[3]) ^ mul(x1, y.part[2]) ^ mul(x2, y.part[1]) ^ mul(x3, y.part[0]);
    top ^= mul(x0, y.top) ^ mul(x1, y.top) ^ mul(x2, y.top) ^ mul(x3, y.top);
  }

  u128 value() const noexcept {
    const u128 m = (static_cast<u128>(m0) << 64) | m0;
    return (z[0] & m) ^ (z[1] & (m << 1)) ^ (z[2] & (m << 2)) ^ (z[3] & (m << 3)) ^ (top << 60);
  }
};

// A power of H as the key-side operands of the Karatsuba products: its high
// and low 64 bits and their xor.
struct Power {
  Operand hi, lo, mid;
};

// The GhashKey layout: H^1 .. H^4, each times x^-1 (see reduce), as Powers.
constexpr int powers = 4;
static_assert(sizeof(Power) * powers <= sizeof(GhashKey::bytes));

Power make_power(u64 hi, u64 lo) noexcept { return Power{make_operand(hi), make_operand(lo), make_operand(hi ^ lo)}; }

Power load_power(const GhashKey* key, int k) noexcept {
  Power p;
  std::memcpy(&p, key->bytes + sizeof(Power) * static_cast<std::size_t>(k - 1), sizeof p);
  return p;
}

// The Karatsuba sums of a block-times-power product: hi * hi, lo * lo,
// (hi ^ lo) * (hi ^ lo).
struct Product {
  Sum hi, lo, mid;
  void add(u64 xhi, u64 xlo, const Power& p) noexcept {
    hi.add(xhi, p.hi);
    lo.add(xlo, p.lo);
    mid.add(xhi ^ xlo, p.mid);
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
  const u128 h = p.hi.value(), l = p.lo.value();
  const u128 m = p.mid.value() ^ h ^ l;
  const u64 p3 = static_cast<u64>(h >> 64), p2 = static_cast<u64>(h) ^ static_cast<u64>(m >> 64);
  const u64 p1 = static_cast<u64>(l >> 64) ^ static_cast<u64>(m), p0 = static_cast<u64>(l);
  const u64 g1 = p1 ^ (p0 << 63) ^ (p0 << 62) ^ (p0 << 57);  // high word of g + e
  hi = p3 ^ g1 ^ (g1 >> 1) ^ (g1 >> 2) ^ (g1 >> 7);
  lo = p2 ^ p0 ^ (p0 >> 1) ^ (p0 >> 2) ^ (p0 >> 7) ^ (p1 << 63) ^ (p1 << 62) ^ (p1 << 57);
}

// The product A B of two elements, B given times x^-1 as a Power.
void multiply(u64& hi, u64& lo, const Power& b) noexcept {
  Product p;
  p.add(hi, lo, b);
  reduce(p, hi, lo);
}

// GHASH over n <= `powers` blocks at once: y = (y ^ X_1) H^n ^ X_2 H^(n-1)
// ^ ... ^ X_n H, one reduction for all.
void ghash_blocks(const GhashKey* key, u64& yhi, u64& ylo, const std::uint8_t* in, int n) noexcept {
  Product p;
  for (int i = 0; i < n; ++i, in += 16) {
    u64 xhi = internal::load_be<u64>(in), xlo = internal::load_be<u64>(in + 8);
    if (i == 0) {
      xhi ^= yhi;
      xlo ^= ylo;
    }
    p.add(xhi, xlo, load_power(key, n - i));
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
      internal::store_be<std::uint32_t>(ks + 16 * i + 12, c + static_cast<std::uint32_t>(i));  // inc32
    }
    aes::encrypt_generic(s, ks, ks, n);
    if (!sealing) ghash_generic(key, y, in, n);  // before out overwrites in
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
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
  const u64 hhi = internal::load_be<u64>(h), hlo = internal::load_be<u64>(h + 8);
  Power pw[powers];
  u64 phi = hhi, plo = hlo;  // H^k
  for (int k = 0; k < powers; ++k) {
    if (k > 0) multiply(phi, plo, pw[0]);
    const u64 c = 0 - (phi >> 63);  // all ones when the constant term is set
    pw[k] = make_power((phi << 1) ^ (plo >> 63) ^ (c & 0xc200000000000000), (plo << 1) ^ (c & 1));
  }
  std::memcpy(out->bytes, pw, sizeof pw);
  internal::secure_zero(pw, sizeof pw);
}

void ghash_generic(const GhashKey* key, std::uint8_t y[16], const std::uint8_t* in, std::size_t blocks) noexcept {
  u64 yhi = internal::load_be<u64>(y), ylo = internal::load_be<u64>(y + 8);
  for (; blocks >= powers; blocks -= powers, in += 16 * powers) ghash_blocks(key, yhi, ylo, in, powers);
  if (blocks > 0) ghash_blocks(key, yhi, ylo, in, static_cast<int>(blocks));
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
