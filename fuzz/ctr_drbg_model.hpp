// A plain model of the deterministic CTR_DRBG (<fipsmod/ctr_drbg.h>) for
// the fuzzer (drbg_state_machine.cpp) and the mechanism's tests: SP 800-90A
// rev. 1 §10.2.1 and §10.3.2 written out step by step, a byte at a time,
// over a raw AES-256 block function it is given (OpenSSL's, or the
// module's generic kernel where there is no peer), with the C API's status
// codes in the order ctr_drbg.h gives them. Nothing here is fast or clever:
// it is meant to be read against the specification.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include <fipsmod/ctr_drbg.h>

namespace fipsmod::model {

using Bytes = std::vector<std::uint8_t>;
// out = AES-256(key, in), one 16-byte block.
using BlockEncrypt = std::function<void(const std::uint8_t* key, const std::uint8_t* in, std::uint8_t* out)>;

class CtrDrbg {
 public:
  static constexpr std::size_t keylen = 32, outlen = 16, seedlen = 48;
  static constexpr std::uint64_t reseed_interval = std::uint64_t{1} << 48;
  static constexpr std::size_t max_request = 65536;

  explicit CtrDrbg(BlockEncrypt e) : encrypt_(std::move(e)) {}

  // The working state, public for the tests that set it.
  bool instantiated = false, df = false, pr = false;
  std::array<std::uint8_t, keylen> key{};
  std::array<std::uint8_t, outlen> v{};
  std::uint64_t reseed_counter = 0;

  // The C API's calls. A null pointer is given as `null` (with its length).
  int instantiate(int flags, const Bytes* entropy, std::size_t entropy_len, const Bytes* nonce, std::size_t nonce_len,
                  const Bytes* pers, std::size_t pers_len) {
    if (!present(entropy, entropy_len) || !present(nonce, nonce_len) || !present(pers, pers_len)) {
      return FIPSMOD_ERR_NULL_ARGUMENT;
    }
    if ((flags & ~(FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE)) != 0) return FIPSMOD_ERR_INVALID_ARGUMENT;
    const bool use_df = (flags & FIPSMOD_CTR_DRBG_DF) != 0;
    if (use_df) {
      if (entropy_len < 32 || nonce_len < 16 || !fits_df(entropy_len + nonce_len + pers_len)) {
        return FIPSMOD_ERR_INVALID_ARGUMENT;
      }
    } else if (entropy_len != seedlen || nonce_len != 0 || pers_len > seedlen) {
      return FIPSMOD_ERR_INVALID_ARGUMENT;
    }
    // §10.2.1.3.1 / §10.2.1.3.2.
    Bytes seed_material;
    if (use_df) {
      seed_material = block_cipher_df(cat({bytes(entropy), bytes(nonce), bytes(pers)}), seedlen);
    } else {
      seed_material = bytes(entropy);
      Bytes p = bytes(pers);
      p.resize(seedlen, 0);
      for (std::size_t i = 0; i < seedlen; ++i) seed_material[i] ^= p[i];
    }
    key.fill(0);
    v.fill(0);
    update(seed_material);
    reseed_counter = 1;
    instantiated = true;
    df = use_df;
    pr = (flags & FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE) != 0;
    return FIPSMOD_OK;
  }

  int reseed(const Bytes* entropy, std::size_t entropy_len, const Bytes* additional, std::size_t additional_len) {
    if (!present(entropy, entropy_len) || !present(additional, additional_len)) return FIPSMOD_ERR_NULL_ARGUMENT;
    if (!instantiated) return FIPSMOD_ERR_CTX_UNINITIALIZED;
    return reseed_algorithm(entropy, entropy_len, additional, additional_len);
  }

  int generate(const Bytes* entropy_pr, std::size_t entropy_pr_len, const Bytes* additional, std::size_t additional_len,
               bool out_present, std::size_t out_len, Bytes& out) {
    if (!present(entropy_pr, entropy_pr_len) || !present(additional, additional_len) || (!out_present && out_len != 0)) {
      return FIPSMOD_ERR_NULL_ARGUMENT;
    }
    if (!instantiated) return FIPSMOD_ERR_CTX_UNINITIALIZED;
    if (!pr) {
      if (entropy_pr_len != 0) return FIPSMOD_ERR_INVALID_ARGUMENT;
      return generate_algorithm(out_len, bytes(additional), additional_len, out);
    }
    // §9.3.1 step 7: reseed with the fresh entropy and the additional
    // input, then generate with none. Nothing changes if either would fail.
    if (out_len > max_request) return FIPSMOD_ERR_INVALID_ARGUMENT;
    if (const int s = reseed_algorithm(entropy_pr, entropy_pr_len, additional, additional_len); s != FIPSMOD_OK) return s;
    return generate_algorithm(out_len, {}, 0, out);
  }

  void cleanse() {
    instantiated = df = pr = false;
    key.fill(0);
    v.fill(0);
    reseed_counter = 0;
  }

  // §10.3.2, Block_cipher_df(input_string, no_of_bits_to_return / 8).
  Bytes block_cipher_df(const Bytes& input, std::size_t n) {
    Bytes s;  // S = L || N || input_string || 0x80, then zeroes to a whole block
    put32(s, static_cast<std::uint32_t>(input.size()));
    put32(s, static_cast<std::uint32_t>(n));
    s.insert(s.end(), input.begin(), input.end());
    s.push_back(0x80);
    while (s.size() % outlen != 0) s.push_back(0);
    Bytes temp;
    Bytes k(keylen);
    for (std::size_t i = 0; i < keylen; ++i) k[i] = static_cast<std::uint8_t>(i);
    for (std::uint32_t i = 0; temp.size() < keylen + outlen; ++i) {
      Bytes iv;
      put32(iv, i);
      iv.resize(outlen, 0);
      const Bytes chained = bcc(k, cat({iv, s}));
      temp.insert(temp.end(), chained.begin(), chained.end());
    }
    k.assign(temp.begin(), temp.begin() + keylen);
    Bytes x(temp.begin() + keylen, temp.begin() + keylen + outlen);
    temp.clear();
    while (temp.size() < n) {
      Bytes y(outlen);
      encrypt_(k.data(), x.data(), y.data());
      x = y;
      temp.insert(temp.end(), x.begin(), x.end());
    }
    temp.resize(n);
    return temp;
  }

 private:
  static bool present(const Bytes* p, std::size_t n) { return p != nullptr || n == 0; }
  static Bytes bytes(const Bytes* p) { return p == nullptr ? Bytes{} : *p; }
  static bool fits_df(std::uint64_t total) { return total <= 0xffffffffu; }
  static Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
  }
  static void put32(Bytes& b, std::uint32_t x) {
    for (int i = 3; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
  }
  // V = (V + 1) mod 2^128 (ctr_len = blocklen).
  void increment() {
    for (std::size_t i = outlen; i-- > 0;) {
      if (++v[i] != 0) break;
    }
  }

  // §10.3.3 BCC.
  Bytes bcc(const Bytes& k, const Bytes& data) {
    Bytes chaining(outlen, 0);
    for (std::size_t at = 0; at < data.size(); at += outlen) {
      Bytes block(outlen);
      for (std::size_t i = 0; i < outlen; ++i) block[i] = chaining[i] ^ data[at + i];
      encrypt_(k.data(), block.data(), chaining.data());
    }
    return chaining;
  }

  // §10.2.1.2 CTR_DRBG_Update.
  void update(const Bytes& provided) {
    Bytes temp;
    while (temp.size() < seedlen) {
      increment();
      std::uint8_t block[outlen];
      encrypt_(key.data(), v.data(), block);
      temp.insert(temp.end(), block, block + outlen);
    }
    for (std::size_t i = 0; i < seedlen; ++i) temp[i] ^= provided[i];
    std::memcpy(key.data(), temp.data(), keylen);
    std::memcpy(v.data(), temp.data() + keylen, outlen);
  }

  // §10.2.1.4.
  int reseed_algorithm(const Bytes* entropy, std::size_t entropy_len, const Bytes* additional, std::size_t additional_len) {
    if (df) {
      if (entropy_len < 32 || !fits_df(entropy_len + additional_len)) return FIPSMOD_ERR_INVALID_ARGUMENT;
    } else if (entropy_len != seedlen || additional_len > seedlen) {
      return FIPSMOD_ERR_INVALID_ARGUMENT;
    }
    Bytes seed_material;
    if (df) {
      seed_material = block_cipher_df(cat({bytes(entropy), bytes(additional)}), seedlen);
    } else {
      seed_material = bytes(entropy);
      Bytes a = bytes(additional);
      a.resize(seedlen, 0);
      for (std::size_t i = 0; i < seedlen; ++i) seed_material[i] ^= a[i];
    }
    update(seed_material);
    reseed_counter = 1;
    return FIPSMOD_OK;
  }

  // §10.2.1.5. An empty additional input is Null.
  int generate_algorithm(std::size_t out_len, const Bytes& additional, std::size_t additional_len, Bytes& out) {
    if (out_len > max_request) return FIPSMOD_ERR_INVALID_ARGUMENT;
    if (df ? !fits_df(additional_len) : additional_len > seedlen) return FIPSMOD_ERR_INVALID_ARGUMENT;
    if (reseed_counter > reseed_interval) return FIPSMOD_ERR_RESEED_REQUIRED;
    Bytes add(seedlen, 0);
    if (additional_len != 0) {
      if (df) {
        add = block_cipher_df(additional, seedlen);
      } else {
        add = additional;
        add.resize(seedlen, 0);
      }
      update(add);
    }
    Bytes temp;
    while (temp.size() < out_len) {
      increment();
      std::uint8_t block[outlen];
      encrypt_(key.data(), v.data(), block);
      temp.insert(temp.end(), block, block + outlen);
    }
    temp.resize(out_len);
    update(add);
    ++reseed_counter;
    out = temp;
    return FIPSMOD_OK;
  }

  BlockEncrypt encrypt_;
};

}  // namespace fipsmod::model
