// CTR_DRBG over AES-256 (NIST SP 800-90A rev. 1 §10.2.1), with
// ctr_len = blocklen = 128, so V increments as one 128-bit big-endian
// integer: the bulk of a request is AES-CTR over zeroes from V + 1, the
// counter blocks written into the output and encrypted there. Block_cipher_df (§10.3.2) runs its three
// BCC chains side by side, three blocks to the kernel a step.
//
// Every entry checks its arguments before it touches the state or the
// output; every temporary holding secret bytes is wiped before returning.
#include "ctr_drbg.hpp"

#include <cstring>

#include "core/byteorder.hpp"
#include "core/registry.hpp"
#include "core/secure_zero.hpp"

namespace fipsmod::drbg {

namespace {

using internal::Status;
using internal::secure_zero;

static_assert(seed_size == key_size + block_size);

// V = V + n (mod 2^128), big-endian, with no branch on V (secret).
void add(std::uint8_t v[block_size], std::uint64_t n) noexcept {
  std::uint64_t lo = internal::load_be<std::uint64_t>(v + 8);
  std::uint64_t hi = internal::load_be<std::uint64_t>(v);
  const std::uint64_t sum = lo + n;
  hi += static_cast<std::uint64_t>(sum < lo);  // a flag, not a branch
  lo = sum;
  internal::store_be(v, hi);
  internal::store_be(v + 8, lo);
}

// Key = key, and its schedule: the one place Key changes.
void set_key(const aes::Kernel& k, State& s, const std::uint8_t key[key_size]) noexcept {
  if (key != s.key) std::memcpy(s.key, key, key_size);
  k.expand(&s.schedule, s.key, key_size);
}

// CTR_DRBG_Update (§10.2.1.2): temp = E(Key, V+1) || E(Key, V+2) ||
// E(Key, V+3), one call of the kernel; temp ^= provided (seed_size bytes,
// or all zero when null); Key = temp[0, 32), V = temp[32, 48).
void update(const aes::Kernel& k, State& s, const std::uint8_t* provided) noexcept {
  alignas(16) std::uint8_t temp[seed_size];
  for (std::size_t i = 0; i < seed_size; i += block_size) {
    add(s.v, 1);
    std::memcpy(temp + i, s.v, block_size);
  }
  k.encrypt(&s.schedule, temp, temp, seed_size / block_size);
  if (provided != nullptr) {
    for (std::size_t i = 0; i < seed_size; ++i) temp[i] ^= provided[i];
  }
  set_key(k, s, temp);
  std::memcpy(s.v, temp + key_size, block_size);
  secure_zero(temp, sizeof temp);
}

// Block_cipher_df (§10.3.2) of the concatenation of `parts`, returning
// seed_size bytes. S = L || N || input || 0x80 || zeroes to a whole block
// goes through BCC (§10.3.3) three times, with IV_i = i || 0^96 as each
// chain's first block: the chains are independent, so they run together,
// each block of S XORed into all three and the three encrypted by one
// call. The caller has checked that the input's length fits L (32 bits).
class Df {
 public:
  explicit Df(const aes::Kernel& k) noexcept : k_(k) {
    std::uint8_t df_key[key_size];
    for (std::size_t i = 0; i < key_size; ++i) df_key[i] = static_cast<std::uint8_t>(i);
    k_.expand(&schedule_, df_key, key_size);  // 0x00 01 .. 1f: a constant, not secret
    std::memset(chains_, 0, sizeof chains_);
    for (std::uint32_t i = 0; i < lanes; ++i) internal::store_be(chains_ + i * block_size, i);
    k_.encrypt(&schedule_, chains_, chains_, lanes);  // BCC of each IV block, from a zero chaining value
  }
  Df(const Df&) = delete;
  Df& operator=(const Df&) = delete;
  ~Df() {
    secure_zero(chains_, sizeof chains_);
    secure_zero(block_, sizeof block_);
    secure_zero(&schedule_, sizeof schedule_);
  }

  void absorb(std::span<const std::uint8_t> data) noexcept {
    for (const std::uint8_t b : data) {
      block_[fill_++] = b;
      if (fill_ == block_size) step();
    }
  }

  // The 0x80 and the zero padding, then the output: K = temp[0, 32),
  // X = temp[32, 48), and X = E(K, X) three times gives the 48 bytes.
  void finish(std::uint8_t out[seed_size]) noexcept {
    block_[fill_++] = 0x80;
    while (fill_ != block_size) block_[fill_++] = 0;
    step();
    k_.expand(&schedule_, chains_, key_size);
    const std::uint8_t* x = chains_ + key_size;
    for (std::size_t i = 0; i < seed_size; i += block_size) {
      k_.encrypt(&schedule_, x, out + i, 1);
      x = out + i;
    }
  }

 private:
  static constexpr std::size_t lanes = seed_size / block_size;  // keylen + outlen, in blocks

  void step() noexcept {
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      for (std::size_t i = 0; i < block_size; ++i) chains_[lane * block_size + i] ^= block_[i];
    }
    k_.encrypt(&schedule_, chains_, chains_, lanes);
    fill_ = 0;
  }

  const aes::Kernel& k_;
  aes::Schedule schedule_;
  alignas(16) std::uint8_t chains_[lanes * block_size];
  std::uint8_t block_[block_size] = {};
  std::size_t fill_ = 0;
};

void derive(const aes::Kernel& k, std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
            std::span<const std::uint8_t> c, std::uint8_t out[seed_size]) noexcept {
  Df df(k);
  std::uint8_t header[8];
  internal::store_be(header, static_cast<std::uint32_t>(a.size() + b.size() + c.size()));  // L, in bytes
  internal::store_be(header + 4, static_cast<std::uint32_t>(seed_size));                   // N
  df.absorb(header);
  df.absorb(a);
  df.absorb(b);
  df.absorb(c);
  df.finish(out);
}

// Whether inputs of these lengths may go through the derivation function:
// each at most max_input, and together short enough for L (32 bits).
bool df_lengths_ok(std::size_t a, std::size_t b, std::size_t c) noexcept {
  if (a > max_input || b > max_input || c > max_input) return false;
  return std::uint64_t{a} + b + c <= 0xffffffffu;
}

// The seed material (§10.2.1.3, §10.2.1.4): with the derivation function,
// df(entropy || b || c), where b || c is nonce || personalisation
// (instantiate) or the additional input (reseed); without, entropy XOR
// b padded with zeroes (c is empty).
void seed_material(const aes::Kernel& k, bool df, std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> b,
                   std::span<const std::uint8_t> c, std::uint8_t out[seed_size]) noexcept {
  if (df) {
    derive(k, entropy, b, c, out);
    return;
  }
  std::memcpy(out, entropy.data(), seed_size);
  for (std::size_t i = 0; i < b.size(); ++i) out[i] ^= b[i];
}

// The lengths of §10.2.1 (ctr_drbg.hpp): with the derivation function,
// entropy of at least the security strength, a nonce of at least
// min_nonce bytes, and the whole df input within L; without, entropy of
// exactly seed_size bytes, no nonce, and the other input at most
// seed_size bytes.
Status check_seed(bool df, std::span<const std::uint8_t> entropy, std::size_t min_nonce,
                  std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> other) noexcept {
  if (df) {
    return entropy.size() >= security_strength && nonce.size() >= min_nonce &&
                   df_lengths_ok(entropy.size(), nonce.size(), other.size())
               ? Status::ok
               : Status::invalid_argument;
  }
  return entropy.size() == seed_size && nonce.empty() && other.size() <= seed_size ? Status::ok
                                                                                   : Status::invalid_argument;
}

}  // namespace

Status instantiate(const aes::Kernel& k, State& s, bool derivation_function, std::span<const std::uint8_t> entropy,
                   std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> personalization) noexcept {
  // With the derivation function a nonce of at least half the security
  // strength; without, none.
  if (const Status st = check_seed(derivation_function, entropy, security_strength / 2, nonce, personalization);
      st != Status::ok) {
    return st;
  }
  std::uint8_t material[seed_size];
  if (derivation_function) {
    seed_material(k, true, entropy, nonce, personalization, material);
  } else {
    seed_material(k, false, entropy, personalization, {}, material);
  }
  secure_zero(&s, sizeof s);
  const std::uint8_t zero_key[key_size] = {};
  set_key(k, s, zero_key);  // Key = 0^256, V = 0^128
  update(k, s, material);
  s.reseed_counter = 1;
  s.derivation_function = derivation_function ? 1 : 0;
  s.reserved = 0;
  secure_zero(material, sizeof material);
  return Status::ok;
}

Status reseed(const aes::Kernel& k, State& s, std::span<const std::uint8_t> entropy,
              std::span<const std::uint8_t> additional) noexcept {
  const bool df = s.derivation_function != 0;
  if (const Status st = check_seed(df, entropy, 0, {}, additional); st != Status::ok) return st;
  std::uint8_t material[seed_size];
  seed_material(k, df, entropy, additional, {}, material);
  update(k, s, material);
  s.reseed_counter = 1;
  secure_zero(material, sizeof material);
  return Status::ok;
}

Status generate(const aes::Kernel& k, State& s, std::span<std::uint8_t> out,
                std::span<const std::uint8_t> additional) noexcept {
  const bool df = s.derivation_function != 0;
  if (out.size() > max_request) return Status::invalid_argument;
  if (df ? !df_lengths_ok(additional.size(), 0, 0) : additional.size() > seed_size) return Status::invalid_argument;
  if (s.reseed_counter > reseed_interval) return Status::reseed_required;
  // Additional input, if any (an empty one is Null, as ACVP and every
  // implementation take it): derived or padded to seed_size, and mixed in
  // before the output and again after it; Null is 0^seedlen after it.
  std::uint8_t extra[seed_size] = {};
  const bool has_extra = !additional.empty();
  if (has_extra) {
    if (df) {
      derive(k, additional, {}, {}, extra);
    } else {
      std::memcpy(extra, additional.data(), additional.size());
    }
    update(k, s, extra);
  }
  // The output: E(Key, V+1) || E(Key, V+2) || ..., CTR mode over zeroes.
  // The counter blocks are written into a block buffer of our own, a chunk
  // at a time, and encrypted from there straight into out by one call of
  // the kernel, which pipelines many blocks a call: V never passes through
  // the caller's memory, and there is no keystream to XOR in. A last part
  // block goes through a block of our own.
  // V in two registers while the counter blocks are written (not through
  // memory, where each block's increment would wait on the last one's
  // store).
  const std::size_t whole = out.size() / block_size, tail = out.size() % block_size;
  std::uint64_t hi = internal::load_be<std::uint64_t>(s.v), lo = internal::load_be<std::uint64_t>(s.v + 8);
  constexpr std::size_t chunk_blocks = 64;
  alignas(16) std::uint8_t counters[chunk_blocks * block_size];
  for (std::size_t done = 0; done < whole;) {
    const std::size_t n = whole - done < chunk_blocks ? whole - done : chunk_blocks;
    for (std::size_t b = 0; b < n; ++b) {
      // The 1 passes through at_run_time each time round: seeing a
      // constant step, GCC ends the loop on comparing lo (secret) with its
      // last value, a branch on V that the constant-time test reports (as
      // in aes_ctr.cpp).
      const std::uint64_t next = lo + internal::at_run_time(std::uint64_t{1});
      hi += static_cast<std::uint64_t>(next < lo);  // the carry, as a flag
      lo = next;
      internal::store_be(counters + b * block_size, hi);
      internal::store_be(counters + b * block_size + 8, lo);
    }
    k.encrypt(&s.schedule, counters, out.data() + done * block_size, n);
    done += n;
  }
  if (whole != 0) secure_zero(counters, sizeof counters);
  internal::store_be(s.v, hi);
  internal::store_be(s.v + 8, lo);
  if (tail != 0) {
    alignas(16) std::uint8_t last[block_size];
    add(s.v, 1);
    k.encrypt(&s.schedule, s.v, last, 1);
    std::memcpy(out.data() + whole * block_size, last, tail);
    secure_zero(last, sizeof last);
  }
  update(k, s, extra);
  ++s.reseed_counter;
  secure_zero(extra, sizeof extra);
  return Status::ok;
}

Status instantiate(State& s, bool derivation_function, std::span<const std::uint8_t> entropy,
                   std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> personalization) noexcept {
  return instantiate(aes::kernels().selected(), s, derivation_function, entropy, nonce, personalization);
}

Status reseed(State& s, std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> additional) noexcept {
  return reseed(aes::kernels().selected(), s, entropy, additional);
}

Status generate(State& s, std::span<std::uint8_t> out, std::span<const std::uint8_t> additional) noexcept {
  return generate(aes::kernels().selected(), s, out, additional);
}

void cleanse(State& s) noexcept { secure_zero(&s, sizeof s); }

}  // namespace fipsmod::drbg
