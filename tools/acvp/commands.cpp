#include "commands.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

namespace fipsmod::acvp {
namespace {

#include <acvp_capabilities.inc>  // generated from capabilities.json (tools/CMakeLists.txt)

using Args = std::span<const Bytes>;
using Reply = std::vector<Bytes>;

// A pointer the C API takes for a buffer of `size` bytes: never NULL, so
// that an empty argument is an empty buffer, not a missing one.
const std::uint8_t* in(const Bytes& b) {
  static const std::uint8_t empty = 0;
  return b.empty() ? &empty : b.data();
}

// An output buffer of n bytes whose data() is never NULL. An output length
// comes from the request (a 32-bit argument, or a tag length added to a
// payload's): one longer than a request may be (kMaxRequestBytes) is
// refused before anything is allocated for it, as a corrupt length, so that
// 40 bytes cannot make the wrapper zero 4 GiB first, or compute them.
struct Out {
  explicit Out(std::size_t n) : bytes(checked(n)), size(n) {}
  static std::size_t checked(std::size_t n) {
    if (n > kMaxRequestBytes) {
      throw CommandError{"an output of " + std::to_string(n) + " bytes (more than " +
                         std::to_string(kMaxRequestBytes >> 20) + " MiB)"};
    }
    return std::max<std::size_t>(n, 1);
  }
  std::uint8_t* data() { return bytes.data(); }
  Bytes take() {
    bytes.resize(size);
    return std::move(bytes);
  }
  Bytes bytes;
  std::size_t size;
};

void check(int status, std::string_view what) {
  if (status != FIPSMOD_OK) throw CommandError{std::string(what) + ": " + fipsmod_strerror(status)};
}

// The wrapper runs the module in approved-only mode (main), so that any
// non-approved use it did not mean fails loudly. The vector sets do hold
// non-approved uses on purpose: AES-GCM under the caller's nonce, tags of
// 4 or 8 bytes, HMAC keys, HKDF secrets, PBKDF2 salts, outputs and
// iteration counts below the approved minimums. Those, and only those,
// run in the scoped exemption (fipsmod_run_without_enforcement): the
// module still reports them not approved.
// (The callable goes to fipsmod::without_enforcement as an rvalue: given
// an lvalue, that template deduces a reference type and does not compile.)
template <class F>
int run(bool non_approved, F f) {
  if (!non_approved) return f();
  return fipsmod::without_enforcement(std::move(f));
}

// The SHA-2 hashes and what the module builds on each, as acvptool names
// them ("SHA2-512/256"; the PBKDF command takes the same names).
struct Hash {
  std::string_view name;
  std::size_t size;
  int (*digest)(const void*, std::size_t, std::uint8_t*) noexcept;
  int (*hmac)(const void*, std::size_t, const void*, std::size_t, std::uint8_t*) noexcept;
  int (*hkdf)(const void*, std::size_t, const void*, std::size_t, const void*, std::size_t, std::uint8_t*,
              std::size_t) noexcept;
  int (*hkdf_extract)(const void*, std::size_t, const void*, std::size_t, std::uint8_t*) noexcept;
  int (*pbkdf2)(const void*, std::size_t, const void*, std::size_t, std::uint32_t, std::uint8_t*,
                std::size_t) noexcept;
  // TLS 1.2's PRF and TLS 1.3's HKDF-Expand-Label, where the module has
  // them over this hash (NULL elsewhere).
  int (*tls12_prf)(const void*, std::size_t, const void*, std::size_t, const void*, std::size_t, std::uint8_t*,
                   std::size_t) noexcept;
  int (*tls13_expand_label)(const void*, std::size_t, const void*, std::size_t, const void*, std::size_t,
                            std::uint8_t*, std::size_t) noexcept;
};

constexpr std::array<Hash, 6> kHashes{{
    {"SHA2-224", FIPSMOD_SHA224_SIZE, fipsmod_sha224, fipsmod_hmac_sha224, fipsmod_hkdf_sha224,
     fipsmod_hkdf_sha224_extract, fipsmod_pbkdf2_sha224, nullptr, nullptr},
    {"SHA2-256", FIPSMOD_SHA256_SIZE, fipsmod_sha256, fipsmod_hmac_sha256, fipsmod_hkdf_sha256,
     fipsmod_hkdf_sha256_extract, fipsmod_pbkdf2_sha256, fipsmod_tls12_prf_sha256, fipsmod_tls13_sha256_expand_label},
    {"SHA2-384", FIPSMOD_SHA384_SIZE, fipsmod_sha384, fipsmod_hmac_sha384, fipsmod_hkdf_sha384,
     fipsmod_hkdf_sha384_extract, fipsmod_pbkdf2_sha384, fipsmod_tls12_prf_sha384, fipsmod_tls13_sha384_expand_label},
    {"SHA2-512", FIPSMOD_SHA512_SIZE, fipsmod_sha512, fipsmod_hmac_sha512, fipsmod_hkdf_sha512,
     fipsmod_hkdf_sha512_extract, fipsmod_pbkdf2_sha512, fipsmod_tls12_prf_sha512, nullptr},
    {"SHA2-512/224", FIPSMOD_SHA512_224_SIZE, fipsmod_sha512_224, fipsmod_hmac_sha512_224, fipsmod_hkdf_sha512_224,
     fipsmod_hkdf_sha512_224_extract, fipsmod_pbkdf2_sha512_224, nullptr, nullptr},
    {"SHA2-512/256", FIPSMOD_SHA512_256_SIZE, fipsmod_sha512_256, fipsmod_hmac_sha512_256, fipsmod_hkdf_sha512_256,
     fipsmod_hkdf_sha512_256_extract, fipsmod_pbkdf2_sha512_256, nullptr, nullptr},
}};

const Hash* hash_named(std::string_view name) {
  for (const Hash& h : kHashes) {
    if (h.name == name) return &h;
  }
  return nullptr;
}

Bytes digest(const Hash& h, const Bytes& msg) {
  Out out(h.size);
  check(h.digest(in(msg), msg.size(), out.data()), h.name);
  return out.take();
}

// SHA-2's Monte Carlo inner loop (ACVP SHA §6.2, standard form): from
// MD[0] = MD[1] = MD[2] = seed, MD[i] = H(MD[i-3] || MD[i-2] || MD[i-1])
// for 1000 steps; the reply is the last. acvptool runs the 100 outer
// steps itself, feeding each reply back as the next seed.
Bytes hash_mct(const Hash& h, const Bytes& seed) {
  if (seed.size() != h.size) throw CommandError{std::string(h.name) + "/MCT: a seed of " + std::to_string(seed.size()) + " bytes"};
  Bytes window;
  for (int i = 0; i < 3; ++i) window.insert(window.end(), seed.begin(), seed.end());
  Bytes md(h.size);
  for (int i = 0; i < 1000; ++i) {
    check(h.digest(window.data(), window.size(), md.data()), h.name);
    std::copy(window.begin() + h.size, window.end(), window.begin());
    std::copy(md.begin(), md.end(), window.end() - h.size);
  }
  return md;
}

Bytes hmac(const Hash& h, const Bytes& msg, const Bytes& key) {
  Out out(h.size);
  check(run(key.size() < FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE,
            [&] { return h.hmac(in(key), key.size(), in(msg), msg.size(), out.data()); }),
        std::string("HMAC-") + std::string(h.name));
  return out.take();
}

Bytes hkdf(const Hash& h, const Bytes& key, const Bytes& salt, const Bytes& info, std::uint32_t len) {
  Out out(len);
  check(run(key.size() < FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE,
            [&] {
              return h.hkdf(in(key), key.size(), in(salt), salt.size(), in(info), info.size(), out.data(), len);
            }),
        std::string("HKDF/") + std::string(h.name));
  return out.take();
}

Bytes hkdf_extract(const Hash& h, const Bytes& secret, const Bytes& salt) {
  Out out(h.size);
  check(run(secret.size() < FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE,
            [&] { return h.hkdf_extract(in(secret), secret.size(), in(salt), salt.size(), out.data()); }),
        std::string("HKDFExtract/") + std::string(h.name));
  return out.take();
}

Bytes pbkdf(const Bytes& hash_name, std::uint32_t key_bits, const Bytes& salt, const Bytes& password,
            std::uint32_t iterations) {
  const std::string name(hash_name.begin(), hash_name.end());
  const Hash* h = hash_named(name);
  if (!h) throw CommandError{"PBKDF: no HMAC over \"" + printable(name) + "\""};
  if (key_bits % 8 != 0) throw CommandError{"PBKDF: a key of " + std::to_string(key_bits) + " bits"};
  const std::size_t len = key_bits / 8;
  Out out(len);
  const bool non_approved = salt.size() < FIPSMOD_PBKDF2_MIN_APPROVED_SALT_SIZE ||
                            len < FIPSMOD_PBKDF2_MIN_APPROVED_OUTPUT_SIZE ||
                            iterations < FIPSMOD_PBKDF2_MIN_APPROVED_ITERATIONS;
  check(run(non_approved,
            [&] {
              return h->pbkdf2(in(password), password.size(), in(salt), salt.size(), iterations, out.data(), len);
            }),
        "PBKDF");
  return out.take();
}

// An AES key schedule, cleansed when it goes.
struct AesKey {
  explicit AesKey(const Bytes& key) { check(fipsmod_aes_init(&ctx, in(key), key.size()), "AES key"); }
  ~AesKey() { fipsmod_aes_cleanse(&ctx); }
  AesKey(const AesKey&) = delete;
  AesKey& operator=(const AesKey&) = delete;
  fipsmod_aes_ctx ctx;
};

// AES/encrypt and AES/decrypt (ECB): key, input (whole blocks), number of
// iterations; replies the result and the result before it. One iteration
// for the AFT; 1000 for one step of the Monte Carlo test (ACVP symmetric
// §6.3: each iteration enciphers the last result), acvptool doing the 100
// outer steps and the key shuffle, which needs the previous result.
Reply aes_ecb(bool encrypt, const Bytes& key, const Bytes& input, std::uint32_t iterations) {
  if (input.empty() || input.size() % FIPSMOD_AES_BLOCK_SIZE != 0) {
    throw CommandError{"AES: an input of " + std::to_string(input.size()) + " bytes"};
  }
  AesKey k(key);
  Bytes result = input, previous = input;
  for (std::uint32_t i = 0; i < iterations; ++i) {
    previous = result;
    for (std::size_t off = 0; off < result.size(); off += FIPSMOD_AES_BLOCK_SIZE) {
      std::uint8_t* block = result.data() + off;
      check(encrypt ? fipsmod_aes_encrypt_block(&k.ctx, block, block) : fipsmod_aes_decrypt_block(&k.ctx, block, block),
            "AES");
    }
  }
  return {result, previous};
}

// AES-CTR/encrypt and /decrypt: key, input, the initial counter block, and
// a constant 1 (ACVP has no Monte Carlo test for CTR).
Bytes aes_ctr(const Bytes& key, const Bytes& input, const Bytes& iv, std::uint32_t iterations) {
  if (iv.size() != FIPSMOD_AES_BLOCK_SIZE) throw CommandError{"AES-CTR: a counter of " + std::to_string(iv.size()) + " bytes"};
  if (iterations != 1) throw CommandError{"AES-CTR: " + std::to_string(iterations) + " iterations"};
  AesKey k(key);
  Out out(input.size());
  check(fipsmod_aes_ctr(&k.ctx, iv.data(), in(input), input.size(), out.data()), "AES-CTR");
  return out.take();
}

struct GcmKey {
  explicit GcmKey(const Bytes& key) { check(fipsmod_aes_gcm_init(&ctx, in(key), key.size()), "AES-GCM key"); }
  ~GcmKey() { fipsmod_aes_gcm_cleanse(&ctx); }
  GcmKey(const GcmKey&) = delete;
  GcmKey& operator=(const GcmKey&) = delete;
  fipsmod_aes_gcm_ctx ctx;
};

constexpr std::size_t kMinApprovedTag = 12;

// AES-GCM/seal: tag length, key, plaintext, nonce, additional data; replies
// ciphertext || tag. A nonce the caller chose is never approved (SP 800-38D
// §8.2: the module must make it), so every seal here runs in the exemption.
Bytes gcm_seal(std::uint32_t tag_len, const Bytes& key, const Bytes& pt, const Bytes& nonce, const Bytes& aad) {
  GcmKey k(key);
  Out out(pt.size() + tag_len);
  check(run(true,
            [&] {
              return fipsmod_aes_gcm_seal(&k.ctx, in(nonce), nonce.size(), in(aad), aad.size(), in(pt), pt.size(),
                                          out.data(), out.data() + pt.size(), tag_len);
            }),
        "AES-GCM/seal");
  return out.take();
}

// AES-GCM/open: tag length, key, ciphertext || tag, nonce, additional data;
// replies a one-byte success flag and the plaintext (empty on failure).
Reply gcm_open(std::uint32_t tag_len, const Bytes& key, const Bytes& sealed, const Bytes& nonce, const Bytes& aad) {
  if (sealed.size() < tag_len) throw CommandError{"AES-GCM/open: a ciphertext shorter than its tag"};
  GcmKey k(key);
  const std::size_t len = sealed.size() - tag_len;
  Out out(len);
  const bool non_approved = nonce.size() != FIPSMOD_AES_GCM_NONCE_SIZE || tag_len < kMinApprovedTag;
  const int status = run(non_approved, [&] {
    return fipsmod_aes_gcm_open(&k.ctx, in(nonce), nonce.size(), in(aad), aad.size(), in(sealed), len,
                                in(sealed) + len, tag_len, out.data());
  });
  if (status == FIPSMOD_ERR_AUTHENTICATION) return {Bytes{0}, Bytes{}};
  check(status, "AES-GCM/open");
  return {Bytes{1}, out.take()};
}

// AES-GCM-randnonce/open: as AES-GCM/open, but acvptool appends the 12-byte
// nonce (which the module made when it sealed) to the ciphertext and sends
// an empty nonce argument.
Reply gcm_randnonce_open(std::uint32_t tag_len, const Bytes& key, const Bytes& sealed, const Bytes& nonce,
                         const Bytes& aad) {
  if (!nonce.empty()) throw CommandError{"AES-GCM-randnonce/open: a nonce argument"};
  // In size_t: tag_len + 12 in 32 bits wraps for a tag length near 2^32.
  if (sealed.size() < std::size_t{tag_len} + FIPSMOD_AES_GCM_NONCE_SIZE) {
    throw CommandError{"AES-GCM-randnonce/open: too short"};
  }
  const Bytes body(sealed.begin(), sealed.end() - FIPSMOD_AES_GCM_NONCE_SIZE);
  const Bytes appended(sealed.end() - FIPSMOD_AES_GCM_NONCE_SIZE, sealed.end());
  return gcm_open(tag_len, key, body, appended, aad);
}

// The two ways the module makes a GCM nonce (SP 800-38D §8.2): a random
// nonce from its DRBG (fipsmod_aes_gcm_random_*, §8.2.2, the default) or a
// fixed field and an invocation counter (fipsmod_aes_gcm_counter_*,
// §8.2.1). acvptool has one internal-nonce command pair, so a wrapper run
// answers for one of them, the one its getConfig names (ivGenMode);
// FIPSMOD_ACVP_INTERNAL_NONCE=counter in the environment selects the other.
enum class InternalNonce { random, counter };

InternalNonce internal_nonce() {
  static const InternalNonce which = [] {
    const char* v = std::getenv("FIPSMOD_ACVP_INTERNAL_NONCE");
    if (!v || std::strcmp(v, "random") == 0) return InternalNonce::random;
    if (std::strcmp(v, "counter") == 0) return InternalNonce::counter;
    throw CommandError{std::string("FIPSMOD_ACVP_INTERNAL_NONCE=") + v + ": not random or counter"};
  }();
  return which;
}

// AES-GCM-randnonce/seal: tag length, key, plaintext, an empty nonce,
// additional data; replies ciphertext || tag || the 12-byte nonce the
// module made. Approved with a tag of 12 bytes or more.
Bytes gcm_internal_seal(std::uint32_t tag_len, const Bytes& key, const Bytes& pt, const Bytes& nonce,
                        const Bytes& aad) {
  if (!nonce.empty()) throw CommandError{"AES-GCM-randnonce/seal: a nonce argument"};
  Out out(pt.size() + tag_len + FIPSMOD_AES_GCM_NONCE_SIZE);
  std::uint8_t* const ct = out.data();
  std::uint8_t* const tag = ct + pt.size();
  std::uint8_t* const made = tag + tag_len;
  if (internal_nonce() == InternalNonce::random) {
    struct Context {
      ~Context() { fipsmod_aes_gcm_random_cleanse(&ctx); }
      fipsmod_aes_gcm_random_ctx ctx;
    } c;
    check(fipsmod_aes_gcm_random_init(&c.ctx, in(key), key.size()), "AES-GCM key");
    check(run(tag_len < kMinApprovedTag,
              [&] {
                return fipsmod_aes_gcm_random_seal(&c.ctx, in(aad), aad.size(), in(pt), pt.size(), ct, tag, tag_len,
                                                   made);
              }),
          "AES-GCM-randnonce/seal");
  } else {
    static constexpr std::uint8_t kFixedField[FIPSMOD_AES_GCM_COUNTER_PREFIX_SIZE] = {0x66, 0x69, 0x70, 0x73};
    struct Context {
      ~Context() { fipsmod_aes_gcm_counter_cleanse(&ctx); }
      fipsmod_aes_gcm_counter_ctx ctx;
    } c;
    check(fipsmod_aes_gcm_counter_init(&c.ctx, in(key), key.size(), kFixedField), "AES-GCM key");
    check(run(tag_len < kMinApprovedTag,
              [&] {
                return fipsmod_aes_gcm_counter_seal(&c.ctx, in(aad), aad.size(), in(pt), pt.size(), ct, tag, tag_len,
                                                    made);
              }),
          "AES-GCM-randnonce/seal");
  }
  return out.take();
}

// getConfig: the capabilities, with the internal-nonce claim's ivGenMode
// that of the construction in use.
std::string config() {
  std::string c(kCapabilities);
  if (internal_nonce() == InternalNonce::counter) {
    static constexpr std::string_view kRandom = R"("ivGenMode": "8.2.2")";
    const auto at = c.find(kRandom);
    if (at == std::string::npos) throw CommandError{"capabilities.json has no ivGenMode 8.2.2"};
    c.replace(at, kRandom.size(), R"("ivGenMode": "8.2.1")");
  }
  return c;
}

Bytes tls12_prf(const Hash& h, std::uint32_t len, const Bytes& secret, const Bytes& label, const Bytes& seed1,
                const Bytes& seed2) {
  Bytes seed = seed1;
  seed.insert(seed.end(), seed2.begin(), seed2.end());
  Out out(len);
  check(h.tls12_prf(in(secret), secret.size(), in(label), label.size(), in(seed), seed.size(), out.data(), len),
        std::string("TLSKDF/1.2/") + std::string(h.name));
  return out.take();
}

Bytes tls13_expand_label(const Hash& h, std::uint32_t len, const Bytes& secret, const Bytes& label,
                         const Bytes& context) {
  Out out(len);
  check(h.tls13_expand_label(in(secret), secret.size(), in(label), label.size(), in(context), context.size(),
                             out.data(), len),
        std::string("HKDFExpandLabel/") + std::string(h.name));
  return out.take();
}

// ctrDRBG/AES-256 (output bytes, entropy, personalisation, ad1, ad2, nonce),
// ctrDRBG-reseed/AES-256 (output bytes, entropy, personalisation, reseed
// additional input, reseed entropy, ad1, ad2, nonce) and ctrDRBG-pr/AES-256
// (output bytes, entropy, personalisation, ad1, entropy1, ad2, entropy2,
// nonce), through the deterministic CTR_DRBG (<fipsmod/ctr_drbg.h>): ACVP's
// procedure (SP 800-90A's test: instantiate, reseed if asked, generate and
// discard, generate and reply). acvptool sends the same command for the
// groups with the derivation function and those without; a nonce tells
// them apart, as the derivation function needs one and the other form
// takes none (docs/acvp.md).
struct Drbg {
  ~Drbg() { fipsmod_ctr_drbg_cleanse(&ctx); }
  fipsmod_ctr_drbg_ctx ctx;
};

Bytes ctr_drbg(std::uint32_t len, const Bytes& entropy, const Bytes& perso, const Bytes* reseed_ad,
               const Bytes* reseed_entropy, const Bytes& ad1, const Bytes* entropy1, const Bytes& ad2,
               const Bytes* entropy2, const Bytes& nonce) {
  Drbg d;
  const bool pr = entropy1 != nullptr;
  const int flags = (nonce.empty() ? 0 : FIPSMOD_CTR_DRBG_DF) | (pr ? FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE : 0);
  check(fipsmod_ctr_drbg_instantiate(&d.ctx, flags, in(entropy), entropy.size(), in(nonce), nonce.size(), in(perso),
                                     perso.size()),
        "ctrDRBG instantiate");
  if (reseed_entropy) {
    check(fipsmod_ctr_drbg_reseed(&d.ctx, in(*reseed_entropy), reseed_entropy->size(), in(*reseed_ad),
                                  reseed_ad->size()),
          "ctrDRBG reseed");
  }
  Out out(len);
  check(fipsmod_ctr_drbg_generate(&d.ctx, pr ? in(*entropy1) : nullptr, pr ? entropy1->size() : 0, in(ad1),
                                  ad1.size(), out.data(), len),
        "ctrDRBG generate");
  check(fipsmod_ctr_drbg_generate(&d.ctx, pr ? in(*entropy2) : nullptr, pr ? entropy2->size() : 0, in(ad2),
                                  ad2.size(), out.data(), len),
        "ctrDRBG generate");
  return out.take();
}

std::map<std::string, Command, std::less<>> build() {
  std::map<std::string, Command, std::less<>> c;
  c["getConfig"] = {0, [](Args) -> Reply {
                       const std::string json = config();
                       return {Bytes(json.begin(), json.end())};
                     }};
  for (const Hash& h : kHashes) {
    const std::string name(h.name);
    c[name] = {1, [&h](Args a) -> Reply { return {digest(h, a[0])}; }};
    c[name + "/MCT"] = {1, [&h](Args a) -> Reply { return {hash_mct(h, a[0])}; }};
    c["HMAC-" + name] = {2, [&h](Args a) -> Reply { return {hmac(h, a[0], a[1])}; }};
    // BoringSSL's acvptool says HKDF/<hash>, AWS-LC's KDA/HKDF/<hash>: the
    // same arguments (key, salt, info, output bytes).
    const auto kda = [&h](Args a) -> Reply { return {hkdf(h, a[0], a[1], a[2], u32le(a[3]))}; };
    c["HKDF/" + name] = {4, kda};
    c["KDA/HKDF/" + name] = {4, kda};
    if (h.tls12_prf) {
      c["TLSKDF/1.2/" + name] = {5, [&h](Args a) -> Reply {
                                   return {tls12_prf(h, u32le(a[0]), a[1], a[2], a[3], a[4])};
                                 }};
    }
    if (h.tls13_expand_label) {
      c["HKDFExtract/" + name] = {2, [&h](Args a) -> Reply { return {hkdf_extract(h, a[0], a[1])}; }};
      c["HKDFExpandLabel/" + name] = {4, [&h](Args a) -> Reply {
                                        return {tls13_expand_label(h, u32le(a[0]), a[1], a[2], a[3])};
                                      }};
    }
  }
  c["PBKDF"] = {5, [](Args a) -> Reply { return {pbkdf(a[0], u32le(a[1]), a[2], a[3], u32le(a[4]))}; }};
  c["AES/encrypt"] = {3, [](Args a) { return aes_ecb(true, a[0], a[1], u32le(a[2])); }};
  c["AES/decrypt"] = {3, [](Args a) { return aes_ecb(false, a[0], a[1], u32le(a[2])); }};
  const auto ctr = [](Args a) -> Reply { return {aes_ctr(a[0], a[1], a[2], u32le(a[3]))}; };
  c["AES-CTR/encrypt"] = {4, ctr};
  c["AES-CTR/decrypt"] = {4, ctr};
  c["AES-GCM/seal"] = {5, [](Args a) -> Reply { return {gcm_seal(u32le(a[0]), a[1], a[2], a[3], a[4])}; }};
  c["AES-GCM/open"] = {5, [](Args a) { return gcm_open(u32le(a[0]), a[1], a[2], a[3], a[4]); }};
  c["AES-GCM-randnonce/seal"] = {5, [](Args a) -> Reply {
                                  return {gcm_internal_seal(u32le(a[0]), a[1], a[2], a[3], a[4])};
                                }};
  c["ctrDRBG/AES-256"] = {6, [](Args a) -> Reply {
                           return {ctr_drbg(u32le(a[0]), a[1], a[2], nullptr, nullptr, a[3], nullptr, a[4], nullptr,
                                            a[5])};
                         }};
  c["ctrDRBG-reseed/AES-256"] = {8, [](Args a) -> Reply {
                                  return {ctr_drbg(u32le(a[0]), a[1], a[2], &a[3], &a[4], a[5], nullptr, a[6],
                                                   nullptr, a[7])};
                                }};
  c["ctrDRBG-pr/AES-256"] = {8, [](Args a) -> Reply {
                              return {ctr_drbg(u32le(a[0]), a[1], a[2], nullptr, nullptr, a[3], &a[4], a[5], &a[6],
                                               a[7])};
                            }};
  c["AES-GCM-randnonce/open"] = {5, [](Args a) { return gcm_randnonce_open(u32le(a[0]), a[1], a[2], a[3], a[4]); }};
  return c;
}

}  // namespace

const std::map<std::string, Command, std::less<>>& commands() {
  static const auto all = build();
  return all;
}

std::string_view capabilities() { return kCapabilities; }

}  // namespace fipsmod::acvp
