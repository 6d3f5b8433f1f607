// hkdf_differential: HKDF over every SHA-2 hash on every usable kernel of
// its hash, extract, expand and the one-shot, through the module's
// internals and its public C API, against OpenSSL's EVP_KDF "HKDF"
// (FIPSMOD_FUZZ_PEERS, where it is installed) or else against RFC 5869
// written out here over the module's HMAC on the generic kernel (the cross
// and MemorySanitizer builds). The written-out reference is checked in
// every build, against OpenSSL too.
//
// Input: the hash (1 byte, mod 6), the secret's length and the salt's (2
// bytes each, little-endian, mod 300), the output's length (2 bytes v:
// below 0xff00, v mod (4 * HashLen + 1); from 0xff00, 255 * HashLen + (v
// & 1), the limit or one past it, which must be refused: long outputs
// only at the limit, and in one random input of 256, so a run stays
// cheap: at one in 16 the limit's 255 blocks were most of a replay's
// time), then the secret, the salt and the info (as much of each as the
// input holds).
#if FIPSMOD_FUZZ_PEERS
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#endif

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fipsmod/hkdf.h>

#include "fuzz_input.hpp"
#include "hkdf/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using Bytes = std::span<const std::uint8_t>;
using Vec = std::vector<std::uint8_t>;

// RFC 5869 §2.2-2.3 as written, on the generic kernel's HMAC (hmac::mac)
// and none of hkdf/internal.hpp.
template <class H>
std::pair<Vec, Vec> textbook(Bytes secret, Bytes salt, Bytes info, std::size_t n) {
  const auto& generic = H::kernels().generic();
  Vec prk(H::size);
  fipsmod::hmac::mac<H>(generic, salt, secret, prk);
  Vec okm, t;
  for (unsigned i = 1; okm.size() < n; ++i) {
    Vec block = t;
    block.insert(block.end(), info.begin(), info.end());
    block.push_back(static_cast<std::uint8_t>(i));
    t.assign(H::size, 0);
    fipsmod::hmac::mac<H>(generic, prk, block, t);
    okm.insert(okm.end(), t.begin(), t.end());
  }
  okm.resize(n);
  return {prk, okm};
}

#if FIPSMOD_FUZZ_PEERS
// OpenSSL's HKDF; empty when it refuses the input (an empty secret, an
// empty output). An empty salt or info is left out: OpenSSL 3.0 fails on
// an empty octet string, and absent they mean what empty does.
Vec openssl(const char* digest, const char* mode, Bytes secret, Bytes salt, Bytes info, std::size_t n) {
  if (secret.empty() || n == 0) return {};
  static EVP_KDF* const kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);  // fetched once: fetching is slow
  EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(kdf);
  OSSL_PARAM params[6];
  std::size_t p = 0;
  params[p++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(digest), 0);
  params[p++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, const_cast<char*>(mode), 0);
  params[p++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(secret.data()), secret.size());
  if (!salt.empty()) params[p++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<std::uint8_t*>(salt.data()), salt.size());
  if (!info.empty()) params[p++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<std::uint8_t*>(info.data()), info.size());
  params[p] = OSSL_PARAM_construct_end();
  Vec out(n);
  if (EVP_KDF_derive(ctx, out.data(), out.size(), params) != 1) out.clear();
  EVP_KDF_CTX_free(ctx);
  return out;
}
#endif

struct HashCase {
  const char* name;
  const char* openssl;
  int (*extract)(const void*, size_t, const void*, size_t, uint8_t*) noexcept;
  int (*expand)(const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
  int (*key)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
};

template <class H>
void check(const HashCase& hc, Bytes secret, Bytes salt, Bytes info, std::size_t n, const std::uint8_t* data,
           std::size_t size) {
  const std::string algo = std::string("HKDF-") + hc.name + " (secret " + std::to_string(secret.size()) + ", salt " +
                           std::to_string(salt.size()) + ", info " + std::to_string(info.size()) + ", out " +
                           std::to_string(n) + ") ";
  constexpr std::size_t max = fipsmod::hkdf::max_output_of<H>;
  Vec out(n + 1, 0xee), prk(H::size);
  if (n > max) {
    if (hc.expand(secret.data(), secret.size(), info.data(), info.size(), out.data(), n) != FIPSMOD_ERR_INVALID_ARGUMENT ||
        hc.key(secret.data(), secret.size(), salt.data(), salt.size(), info.data(), info.size(), out.data(), n) !=
            FIPSMOD_ERR_INVALID_ARGUMENT ||
        out != Vec(n + 1, 0xee)) {
      differ(algo + "an output past 255 * HashLen was not refused, or was written", data, size);
    }
    return;
  }
  const auto [want_prk, want] = textbook<H>(secret, salt, info, n);
#if FIPSMOD_FUZZ_PEERS
  if (!secret.empty()) {
    if (const Vec o = openssl(hc.openssl, "EXTRACT_ONLY", secret, salt, {}, H::size); o != want_prk) {
      differ(algo + "OpenSSL extract " + hex(o) + " vs RFC 5869 here " + hex(want_prk), data, size);
    }
    if (n != 0) {
      if (const Vec o = openssl(hc.openssl, "EXTRACT_AND_EXPAND", secret, salt, info, n); o != want) {
        differ(algo + "OpenSSL " + hex(o) + " vs RFC 5869 here " + hex(want), data, size);
      }
      if (const Vec o = openssl(hc.openssl, "EXPAND_ONLY", want_prk, {}, info, n); o != want) {
        differ(algo + "OpenSSL expand " + hex(o) + " vs RFC 5869 here " + hex(want), data, size);
      }
    }
  }
#endif
  const std::string vs = " vs " + hex(want);
  // The public API: one-shot, extract then expand (the output one past its end untouched).
  if (hc.key(secret.data(), secret.size(), salt.data(), salt.size(), info.data(), info.size(), out.data(), n) !=
          FIPSMOD_OK ||
      !std::equal(want.begin(), want.end(), out.begin()) || out[n] != 0xee) {
    differ(algo + "fipsmod one-shot (public API) " + hex(Bytes(out).first(n)) + vs, data, size);
  }
  if (hc.extract(secret.data(), secret.size(), salt.data(), salt.size(), prk.data()) != FIPSMOD_OK || prk != want_prk) {
    differ(algo + "fipsmod extract (public API) " + hex(prk) + " vs " + hex(want_prk), data, size);
  }
  out.assign(n + 1, 0xee);
  if (hc.expand(prk.data(), prk.size(), info.data(), info.size(), out.data(), n) != FIPSMOD_OK ||
      !std::equal(want.begin(), want.end(), out.begin()) || out[n] != 0xee) {
    differ(algo + "fipsmod expand (public API) " + hex(Bytes(out).first(n)) + vs, data, size);
  }
  for (const auto* k : H::kernels().usable()) {
    const std::string name = algo + "fipsmod/" + k->name;
    std::array<std::uint8_t, H::size> p;
    fipsmod::hkdf::extract<H>(*k, secret, salt, p);
    if (!std::equal(p.begin(), p.end(), want_prk.begin())) differ(name + " extract " + hex(p), data, size);
    Vec o(n);
    fipsmod::hkdf::expand<H>(*k, want_prk, {info}, o);
    if (o != want) differ(name + " expand " + hex(o) + vs, data, size);
    // The info in two pieces, cut anywhere, is the same info.
    const std::size_t cut = info.empty() ? 0 : secret.size() % (info.size() + 1);
    fipsmod::hkdf::expand<H>(*k, want_prk, {info.first(cut), info.subspan(cut)}, o);
    if (o != want) differ(name + " expand, info cut at " + std::to_string(cut) + " " + hex(o) + vs, data, size);
    fipsmod::hkdf::key<H>(*k, secret, salt, info, o);
    if (o != want) differ(name + " one-shot " + hex(o) + vs, data, size);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  static const HashCase hashes[] = {
      {"SHA-256", "SHA256", fipsmod_hkdf_sha256_extract, fipsmod_hkdf_sha256_expand, fipsmod_hkdf_sha256},
      {"SHA-224", "SHA224", fipsmod_hkdf_sha224_extract, fipsmod_hkdf_sha224_expand, fipsmod_hkdf_sha224},
      {"SHA-512", "SHA512", fipsmod_hkdf_sha512_extract, fipsmod_hkdf_sha512_expand, fipsmod_hkdf_sha512},
      {"SHA-384", "SHA384", fipsmod_hkdf_sha384_extract, fipsmod_hkdf_sha384_expand, fipsmod_hkdf_sha384},
      {"SHA-512/224", "SHA512-224", fipsmod_hkdf_sha512_224_extract, fipsmod_hkdf_sha512_224_expand, fipsmod_hkdf_sha512_224},
      {"SHA-512/256", "SHA512-256", fipsmod_hkdf_sha512_256_extract, fipsmod_hkdf_sha512_256_expand, fipsmod_hkdf_sha512_256},
  };
  const std::size_t which = in.byte() % 6;
  const std::size_t secret_size = in.u16() % 300, salt_size = in.u16() % 300;
  const std::size_t sizes[] = {32, 28, 64, 48, 28, 32};
  const std::size_t v = in.u16();
  const std::size_t n = (v >> 8) == 0xff ? 255 * sizes[which] + (v & 1) : v % (4 * sizes[which] + 1);
  const auto rest = in.rest();
  const std::size_t a = std::min(secret_size, rest.size()), b = std::min(salt_size, rest.size() - a);
  // Each in a buffer of exactly its size, so ASan sees any over-read.
  const Vec secret(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(a));
  const Vec salt(rest.begin() + static_cast<std::ptrdiff_t>(a), rest.begin() + static_cast<std::ptrdiff_t>(a + b));
  const Vec info(rest.begin() + static_cast<std::ptrdiff_t>(a + b), rest.end());
  namespace s2 = fipsmod::sha256;
  namespace s5 = fipsmod::sha512;
  switch (which) {
    case 0: check<s2::Sha256>(hashes[0], secret, salt, info, n, data, size); break;
    case 1: check<s2::Sha224>(hashes[1], secret, salt, info, n, data, size); break;
    case 2: check<s5::Sha512>(hashes[2], secret, salt, info, n, data, size); break;
    case 3: check<s5::Sha384>(hashes[3], secret, salt, info, n, data, size); break;
    case 4: check<s5::Sha512_224>(hashes[4], secret, salt, info, n, data, size); break;
    default: check<s5::Sha512_256>(hashes[5], secret, salt, info, n, data, size); break;
  }
  return 0;
}
