// The portable SHA-256 block function, written from FIPS 180-4 §6.2.2.
#include <bit>

#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::sha256 {

// K (§4.2.2); sha256_test recomputes it from the primes.
constinit const std::array<std::uint32_t, 64> fips180_k = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

namespace {

// §4.1.2. Ch and Maj are written with one operation fewer than in the
// standard: Ch(x, y, z) = z ^ (x & (y ^ z)) selects y or z bit by bit, and
// Maj(x, y, z) = (x & y) | (z & (x | y)) is the majority either way.
inline std::uint32_t ch(std::uint32_t x, std::uint32_t y, std::uint32_t z) { return z ^ (x & (y ^ z)); }
inline std::uint32_t maj(std::uint32_t x, std::uint32_t y, std::uint32_t z) { return (x & y) | (z & (x | y)); }
inline std::uint32_t big_sigma0(std::uint32_t x) { return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22); }
inline std::uint32_t big_sigma1(std::uint32_t x) { return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25); }
inline std::uint32_t small_sigma0(std::uint32_t x) { return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3); }
inline std::uint32_t small_sigma1(std::uint32_t x) { return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10); }

// The rounds, in a frame of their own: block_generic wipes it after them.
[[gnu::noinline]] void rounds(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept {
  for (; blocks > 0; --blocks, data += Sha256::block_size) {
    // §6.2.2 step 1: the message schedule, kept as a ring of 16 words. Its
    // last sixteen words run the schedule backwards to the block (after
    // HMAC's key blocks, K0 ^ opad: the key), so it is wiped after each
    // block, not left in the dead frame.
    std::uint32_t w[16];
    for (int t = 0; t < 16; ++t) w[t] = internal::load_be<std::uint32_t>(data + 4 * t);
    // Step 2: the working variables.
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    // Step 3: 64 rounds.
    for (int t = 0; t < 64; ++t) {
      std::uint32_t wt;
      if (t < 16) {
        wt = w[t];
      } else {
        wt = small_sigma1(w[(t - 2) & 15]) + w[(t - 7) & 15] + small_sigma0(w[(t - 15) & 15]) + w[t & 15];
        w[t & 15] = wt;
      }
      const std::uint32_t t1 = h + big_sigma1(e) + ch(e, f, g) + fips180_k[static_cast<std::size_t>(t)] + wt;
      const std::uint32_t t2 = big_sigma0(a) + maj(a, b, c);
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    // Step 4: the intermediate hash value.
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
    internal::secure_zero(w, sizeof w);
  }
}

}  // namespace

void block_generic(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept {
  rounds(state, data, blocks);
  // What the compiler kept of the state in the rounds' frame (the
  // starting chaining value, spilled working variables).
  internal::wipe_stack_below<512>();
}

}  // namespace fipsmod::sha256
