// hmac_differential: HMAC over every SHA-2 hash (SHA-256 and SHA-224 on
// every usable SHA-256 kernel; SHA-512, SHA-384, SHA-512/224 and
// SHA-512/256 on every usable SHA-512 kernel), keyed with keys of any
// length (shorter than, equal to and longer than the 64- or 128-byte block,
// which is hashed first), one-shot and streamed, against OpenSSL's HMAC()
// and Botan (FIPSMOD_FUZZ_PEERS, where they are installed; OpenSSL alone
// for SHA-512/224, which Botan 2 lacks) or else against FIPS 198-1 written
// out here on the generic kernel's plain hash (the cross and
// MemorySanitizer builds). The written-out reference is checked in every
// build, against the peers too.
//
// Input: the key length (2 bytes, little-endian, mod 512), n (1 byte, mod
// 9: how many chunk sizes follow), the n chunk sizes (1 byte each;
// streaming cycles through them, 0 meaning "take the MAC here, on a copy,
// and carry on", 255 meaning "reset a copy here, feed it the message so
// far again and take its MAC"), then the key (as much of the key length
// as the input holds), then the message.
#if FIPSMOD_FUZZ_PEERS
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <botan/mac.h>
#endif

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/hmac.hpp>

#include "fuzz_input.hpp"
#include "hmac/internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using fipsmod::sha256::Sha224;
using fipsmod::sha256::Sha256;
using fipsmod::sha512::Sha384;
using fipsmod::sha512::Sha512;
using fipsmod::sha512::Sha512_224;
using fipsmod::sha512::Sha512_256;
using Bytes = std::span<const std::uint8_t>;
template <class H>
using Hash = fipsmod::internal::hash::OnKernel<H>;

template <class H>
struct Traits;

template <>
struct Traits<Sha256> {
  static constexpr const char* name = "HMAC-SHA-256";
  static fipsmod::sha256::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha256(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "HMAC(SHA-256)";
  static const EVP_MD* evp() { return EVP_sha256(); }
#endif
};

template <>
struct Traits<Sha224> {
  static constexpr const char* name = "HMAC-SHA-224";
  static fipsmod::sha224::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha224(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "HMAC(SHA-224)";
  static const EVP_MD* evp() { return EVP_sha224(); }
#endif
};

template <>
struct Traits<Sha512> {
  static constexpr const char* name = "HMAC-SHA-512";
  static fipsmod::sha512::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha512(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "HMAC(SHA-512)";
  static const EVP_MD* evp() { return EVP_sha512(); }
#endif
};

template <>
struct Traits<Sha384> {
  static constexpr const char* name = "HMAC-SHA-384";
  static fipsmod::sha384::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha384(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "HMAC(SHA-384)";
  static const EVP_MD* evp() { return EVP_sha384(); }
#endif
};

template <>
struct Traits<Sha512_224> {
  static constexpr const char* name = "HMAC-SHA-512/224";
  static fipsmod::sha512_224::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha512_224(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = nullptr;  // not in Botan 2
  static const EVP_MD* evp() { return EVP_sha512_224(); }
#endif
};

template <>
struct Traits<Sha512_256> {
  static constexpr const char* name = "HMAC-SHA-512/256";
  static fipsmod::sha512_256::Sum api(Bytes key, Bytes m) { return fipsmod::hmac::sum_sha512_256(key, m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "HMAC(SHA-512-256)";
  static const EVP_MD* evp() { return EVP_sha512_256(); }
#endif
};

template <class H>
using MacOf = typename Hash<H>::Sum;

// The module's HMAC over H keyed on one given kernel, without the gate
// (hmac/internal.hpp), as an object: a copy clones the computation.
template <class H>
class HmacOn {
 public:
  HmacOn(const typename H::Kernel& kernel, Bytes key) noexcept { fipsmod::hmac::key<H>(k_, kernel, key); }
  HmacOn(const HmacOn&) = default;
  HmacOn& operator=(const HmacOn&) = default;
  ~HmacOn() { fipsmod::hmac::wipe<H>(k_); }
  void update(Bytes data) noexcept { fipsmod::hmac::absorb<H>(k_, data); }
  MacOf<H> sum() const noexcept {
    MacOf<H> out;
    fipsmod::hmac::finish<H>(k_, out);
    return out;
  }
  void reset() noexcept { fipsmod::hmac::restart<H>(k_); }

 private:
  fipsmod::hmac::Keyed<H> k_;
};

// FIPS 198-1 §4 as written, on the generic kernel's hash and none of the
// module's HMAC code: K0 (the key, or its hash when longer than the block,
// padded with zeros), H((K0 ^ ipad) || text), H((K0 ^ opad) || that).
template <class H>
MacOf<H> textbook(Bytes key, Bytes m) {
  const auto& generic = H::kernels().generic();
  std::array<std::uint8_t, H::block_size> k0{};
  if (key.size() > k0.size()) {
    Hash<H> h(generic);
    h.update(key);
    const auto hk = h.sum();
    std::copy(hk.begin(), hk.end(), k0.begin());
  } else {
    std::copy(key.begin(), key.end(), k0.begin());
  }
  std::array<std::uint8_t, H::block_size> pad;
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = k0[i] ^ 0x36;
  Hash<H> inner(generic);
  inner.update(pad);
  inner.update(m);
  const auto ih = inner.sum();
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = k0[i] ^ 0x5c;
  Hash<H> outer(generic);
  outer.update(pad);
  outer.update(ih);
  return outer.sum();
}

#if FIPSMOD_FUZZ_PEERS
constexpr const char* kReference = "Botan (OpenSSL for SHA-512/224)";

template <class H>
MacOf<H> openssl(Bytes key, Bytes m) {
  MacOf<H> out{};
  unsigned int len = 0;
  // HMAC() takes a null key pointer as "no key"; give it a valid one.
  static const std::uint8_t empty = 0;
  HMAC(Traits<H>::evp(), key.empty() ? &empty : key.data(), static_cast<int>(key.size()), m.data(), m.size(),
       out.data(), &len);
  if (len != out.size()) out = {};
  return out;
}

// Botan's MAC; OpenSSL's for a hash Botan 2 lacks.
template <class H>
MacOf<H> reference(Bytes key, Bytes m) {
  if constexpr (Traits<H>::botan_name == nullptr) {
    return openssl<H>(key, m);
  } else {
    static const auto mac = Botan::MessageAuthenticationCode::create_or_throw(Traits<H>::botan_name);
    mac->set_key(key.data(), key.size());
    mac->update(m.data(), m.size());
    MacOf<H> out;
    mac->final(out.data());
    return out;
  }
}
#else
constexpr const char* kReference = "FIPS 198-1 on the generic kernel";

template <class H>
MacOf<H> reference(Bytes key, Bytes m) {
  return textbook<H>(key, m);
}
#endif

template <class H>
void check(Bytes key, Bytes m, const std::vector<std::size_t>& chunks, const std::uint8_t* data, std::size_t size) {
  using T = Traits<H>;
  using Mac = MacOf<H>;
  using Hmac = HmacOn<H>;
  const Mac want = reference<H>(key, m);
  const std::string vs = std::string(" vs ") + kReference + " " + hex(want);
  const std::string algo = std::string(T::name) + " (key of " + std::to_string(key.size()) + " bytes) ";
#if FIPSMOD_FUZZ_PEERS
  if (const Mac o = openssl<H>(key, m); o != want) differ(algo + "OpenSSL HMAC() " + hex(o) + vs, data, size);
  if (const Mac t = textbook<H>(key, m); t != want) differ(algo + "FIPS 198-1 here " + hex(t) + vs, data, size);
#endif
  if (const Mac a = T::api(key, m); a != want) differ(algo + "fipsmod one-shot (public API) " + hex(a) + vs, data, size);

  for (const auto* k : H::kernels().usable()) {
    const std::string name = algo + "fipsmod/" + k->name;
    // One-shot as the service computes it (hmac::mac), on this kernel.
    Mac one_shot;
    fipsmod::hmac::mac<H>(*k, key, m, one_shot);
    if (one_shot != want) differ(name + " one-shot " + hex(one_shot) + vs, data, size);

    Hmac streamed(*k, key);
    std::size_t at = 0;
    for (std::size_t i = 0; at < m.size(); ++i) {
      // Without chunk sizes, the whole message in one call (whatever its
      // size: 0 and 255 are markers only in the list).
      const std::size_t c = chunks.empty() ? m.size() : chunks[i % chunks.size()];
      const bool marker = !chunks.empty() && (c == 0 || c == 255);
      if (marker) {
        Hmac copy = streamed;  // must not disturb the original
        if (c == 255) {        // Go's Reset: the same key, a new message
          copy.reset();
          copy.update(m.first(at));
        }
        if (const Mac s = copy.sum(); s != reference<H>(key, m.first(at))) {
          differ(name + (c == 0 ? " mid-stream MAC at " : " MAC after reset and refeed at ") + std::to_string(at) +
                     " " + hex(s),
                 data, size);
        }
        continue;
      }
      const std::size_t take = std::min(c, m.size() - at);
      streamed.update(m.subspan(at, take));
      at += take;
    }
    if (at == m.size()) {
      if (const Mac s = streamed.sum(); s != want) differ(name + " streamed " + hex(s) + vs, data, size);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t key_size = in.u16() % 512;
  std::vector<std::size_t> chunks(in.byte() % 9);
  for (std::size_t& c : chunks) c = in.byte();
  // Only markers (0, 255) and no sizes would never advance: stream in one call then.
  if (std::all_of(chunks.begin(), chunks.end(), [](std::size_t c) { return c == 0 || c == 255; })) chunks.clear();
  const auto rest = in.rest();
  const std::size_t n = std::min(key_size, rest.size());
  // Key and message each in a buffer of exactly its size, so ASan sees any
  // over-read of either.
  const std::vector<std::uint8_t> key(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(n));
  const std::vector<std::uint8_t> message(rest.begin() + static_cast<std::ptrdiff_t>(n), rest.end());

  check<Sha256>(key, message, chunks, data, size);
  check<Sha224>(key, message, chunks, data, size);
  check<Sha512>(key, message, chunks, data, size);
  check<Sha384>(key, message, chunks, data, size);
  check<Sha512_224>(key, message, chunks, data, size);
  check<Sha512_256>(key, message, chunks, data, size);
  return 0;
}
