// tls_kdf_differential: the TLS 1.2 PRF over SHA-256, SHA-384 and SHA-512
// and TLS 1.3's HKDF-Expand-Label over SHA-256 and SHA-384, on every
// usable kernel of the hash and through the public C API, against
// OpenSSL's EVP_KDF "TLS1-PRF" and "TLS13-KDF" (FIPSMOD_FUZZ_PEERS) or
// else against RFC 5246 §5 / RFC 8446 §7.1 written out here over the
// module's HMAC on the generic kernel (the cross and MemorySanitizer
// builds). The written-out reference is checked in every build.
//
// Input: the function (1 byte, mod 5: PRF-SHA-256, -384, -512,
// Expand-Label-SHA-256, -384), the secret's length and the label's (1
// byte each), the output's length (1 byte, mod 4 * HashLen + 1), then the
// secret, the label, and the seed (TLS 1.2) or context (TLS 1.3, its
// first 255 bytes) from the rest.
#if FIPSMOD_FUZZ_PEERS
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#endif

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fipsmod/tls_kdf.h>

#include "fuzz_input.hpp"
#include "tls_kdf/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using Bytes = std::span<const std::uint8_t>;
using Vec = std::vector<std::uint8_t>;

template <class H>
Vec hmac(Bytes key, Bytes m) {
  Vec out(H::size);
  fipsmod::hmac::mac<H>(H::kernels().generic(), key, m, out);
  return out;
}
Vec cat(Bytes a, Bytes b) {
  Vec v(a.begin(), a.end());
  v.insert(v.end(), b.begin(), b.end());
  return v;
}

// RFC 5246 §5 as written.
template <class H>
Vec textbook_prf(Bytes secret, Bytes label, Bytes seed, std::size_t n) {
  const Vec ls = cat(label, seed);
  Vec out, a = hmac<H>(secret, ls);
  while (out.size() < n) {
    const Vec block = hmac<H>(secret, cat(a, ls));
    out.insert(out.end(), block.begin(), block.end());
    a = hmac<H>(secret, a);
  }
  out.resize(n);
  return out;
}

// RFC 8446 §7.1 and RFC 5869 §2.3 as written.
template <class H>
Vec textbook_expand_label(Bytes secret, Bytes label, Bytes context, std::size_t n) {
  Vec info = {static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(6 + label.size()),
              't', 'l', 's', '1', '3', ' '};
  info.insert(info.end(), label.begin(), label.end());
  info.push_back(static_cast<std::uint8_t>(context.size()));
  info.insert(info.end(), context.begin(), context.end());
  Vec out, t;
  for (unsigned i = 1; out.size() < n; ++i) {
    Vec m = cat(t, info);
    m.push_back(static_cast<std::uint8_t>(i));
    t = hmac<H>(secret, m);
    out.insert(out.end(), t.begin(), t.end());
  }
  out.resize(n);
  return out;
}

#if FIPSMOD_FUZZ_PEERS
Vec openssl(const char* name, std::vector<OSSL_PARAM> params, std::size_t n) {
  static EVP_KDF* const prf = EVP_KDF_fetch(nullptr, "TLS1-PRF", nullptr);  // fetched once: fetching is slow
  static EVP_KDF* const tls13 = EVP_KDF_fetch(nullptr, "TLS13-KDF", nullptr);
  EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(std::string(name) == "TLS1-PRF" ? prf : tls13);
  params.push_back(OSSL_PARAM_construct_end());
  Vec out(n);
  if (EVP_KDF_derive(ctx, out.data(), out.size(), params.data()) != 1) out.clear();
  EVP_KDF_CTX_free(ctx);
  return out;
}
OSSL_PARAM octets(const char* key, Bytes b) {
  return OSSL_PARAM_construct_octet_string(key, const_cast<std::uint8_t*>(b.data()), b.size());
}
#endif

template <class H>
void check_tls12(const char* name, const char* md, int (*api)(const void*, size_t, const void*, size_t, const void*,
                                                               size_t, uint8_t*, size_t) noexcept,
                 Bytes secret, Bytes label, Bytes seed, std::size_t n, const std::uint8_t* data, std::size_t size) {
  const Vec want = textbook_prf<H>(secret, label, seed, n);
  const std::string algo = std::string(name) + " (secret " + std::to_string(secret.size()) + ", label " +
                           std::to_string(label.size()) + ", seed " + std::to_string(seed.size()) + ", out " +
                           std::to_string(n) + ") ";
#if FIPSMOD_FUZZ_PEERS
  // OpenSSL refuses an empty secret, an empty output, and a seed (label +
  // seed) that is empty or longer than its 1024-byte buffer (TLS1_PRF_MAXBUF).
  if (!secret.empty() && (!label.empty() || !seed.empty()) && label.size() + seed.size() <= 1024 && n != 0) {
    const Vec ls = cat(label, seed);
    const Vec o = openssl("TLS1-PRF", {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(md), 0),
                                       octets(OSSL_KDF_PARAM_SECRET, secret), octets(OSSL_KDF_PARAM_SEED, ls)},
                          n);
    if (o != want) differ(algo + "OpenSSL " + hex(o) + " vs RFC 5246 here " + hex(want), data, size);
  }
#else
  (void)md;
#endif
  Vec out(n + 1, 0xee);
  if (api(secret.data(), secret.size(), label.data(), label.size(), seed.data(), seed.size(), out.data(), n) != FIPSMOD_OK ||
      !std::equal(want.begin(), want.end(), out.begin()) || out[n] != 0xee) {
    differ(algo + "fipsmod (public API) " + hex(Bytes(out).first(n)) + " vs " + hex(want), data, size);
  }
  for (const auto* k : H::kernels().usable()) {
    Vec o(n);
    fipsmod::tls_kdf::prf<H>(*k, secret, label, seed, o);
    if (o != want) differ(algo + "fipsmod/" + k->name + " " + hex(o) + " vs " + hex(want), data, size);
  }
}

template <class H>
void check_tls13(const char* name, const char* md,
                 int (*api)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept,
                 Bytes secret, Bytes label, Bytes context, std::size_t n, const std::uint8_t* data, std::size_t size) {
  const Vec want = textbook_expand_label<H>(secret, label, context, n);
  const std::string algo = std::string(name) + " (secret " + std::to_string(secret.size()) + ", label " +
                           std::to_string(label.size()) + ", context " + std::to_string(context.size()) + ", out " +
                           std::to_string(n) + ") ";
#if FIPSMOD_FUZZ_PEERS
  // OpenSSL refuses an empty secret, an empty label (an empty octet string) and an empty output.
  if (!secret.empty() && !label.empty() && n != 0) {
    int mode = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
    static const std::uint8_t prefix[] = {'t', 'l', 's', '1', '3', ' '};
    std::vector<OSSL_PARAM> params = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(md), 0),
                                      OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode),
                                      octets(OSSL_KDF_PARAM_KEY, secret), octets(OSSL_KDF_PARAM_PREFIX, prefix),
                                      octets(OSSL_KDF_PARAM_LABEL, label)};
    if (!context.empty()) params.push_back(octets(OSSL_KDF_PARAM_DATA, context));
    if (const Vec o = openssl("TLS13-KDF", params, n); o != want) {
      differ(algo + "OpenSSL " + hex(o) + " vs RFC 8446 here " + hex(want), data, size);
    }
  }
#else
  (void)md;
#endif
  Vec out(n + 1, 0xee);
  if (api(secret.data(), secret.size(), label.data(), label.size(), context.data(), context.size(), out.data(), n) !=
          FIPSMOD_OK ||
      !std::equal(want.begin(), want.end(), out.begin()) || out[n] != 0xee) {
    differ(algo + "fipsmod (public API) " + hex(Bytes(out).first(n)) + " vs " + hex(want), data, size);
  }
  for (const auto* k : H::kernels().usable()) {
    Vec o(n);
    fipsmod::tls_kdf::expand_label<H>(*k, secret, label, context, o);
    if (o != want) differ(algo + "fipsmod/" + k->name + " " + hex(o) + " vs " + hex(want), data, size);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t which = in.byte() % 5, secret_size = in.byte(), label_size = in.byte();
  constexpr std::size_t sizes[] = {32, 48, 64, 32, 48};
  const std::size_t n = in.byte() % (4 * sizes[which] + 1);
  const auto rest = in.rest();
  const std::size_t a = std::min(secret_size, rest.size());
  // TLS 1.3's label is at most 249 bytes, its context at most 255.
  const std::size_t b = std::min(which >= 3 ? std::min<std::size_t>(label_size, 249) : label_size, rest.size() - a);
  const Vec secret(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(a));
  const Vec label(rest.begin() + static_cast<std::ptrdiff_t>(a), rest.begin() + static_cast<std::ptrdiff_t>(a + b));
  Vec seed(rest.begin() + static_cast<std::ptrdiff_t>(a + b), rest.end());
  if (which >= 3 && seed.size() > 255) seed.resize(255);
  namespace s2 = fipsmod::sha256;
  namespace s5 = fipsmod::sha512;
  switch (which) {
    case 0: check_tls12<s2::Sha256>("TLS 1.2 PRF SHA-256", "SHA256", fipsmod_tls12_prf_sha256, secret, label, seed, n, data, size); break;
    case 1: check_tls12<s5::Sha384>("TLS 1.2 PRF SHA-384", "SHA384", fipsmod_tls12_prf_sha384, secret, label, seed, n, data, size); break;
    case 2: check_tls12<s5::Sha512>("TLS 1.2 PRF SHA-512", "SHA512", fipsmod_tls12_prf_sha512, secret, label, seed, n, data, size); break;
    case 3: check_tls13<s2::Sha256>("TLS 1.3 Expand-Label SHA-256", "SHA256", fipsmod_tls13_sha256_expand_label, secret, label, seed, n, data, size); break;
    default: check_tls13<s5::Sha384>("TLS 1.3 Expand-Label SHA-384", "SHA384", fipsmod_tls13_sha384_expand_label, secret, label, seed, n, data, size); break;
  }
  return 0;
}
