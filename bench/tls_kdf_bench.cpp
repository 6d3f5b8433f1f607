// TLS key derivation benchmarks, one derivation per iteration:
//  - TLS12PRF/SHA256/ExtendedMasterSecret: RFC 7627's master secret, the
//    PRF of a 48-byte pre-master secret, "extended master secret" and a
//    32-byte session hash, 48 bytes out;
//  - TLS13/SHA256/DeriveSecret: Derive-Secret of a 32-byte secret, "c hs
//    traffic" and a 32-byte transcript hash.
// Names are FAMILY/HASH/CASE/COLUMN for bench/compare. Columns: each
// usable SHA-256 kernel (no gate), api (the public C function), openssl
// (EVP_KDF "TLS1-PRF" / "TLS13-KDF", fetched once, a context per
// derivation) and botan (a kept TLS-12-PRF; for TLS 1.3, Botan 2 has no
// schedule: a kept HKDF-Expand on the HkdfLabel built once).
#include <benchmark/benchmark.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <botan/kdf.h>

#include <array>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/tls_kdf.h>

#include "peers.hpp"
#include "tls_kdf/internal.hpp"

namespace fipsmod::bench {
namespace {

using Derive = std::function<void(std::uint8_t* out)>;

std::vector<std::uint8_t> bytes_of(std::size_t n, std::uint8_t seed) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 29 + seed);
  return b;
}
const std::vector<std::uint8_t> pre_master = bytes_of(48, 5), session_hash = bytes_of(32, 6), secret = bytes_of(32, 7),
                                transcript = bytes_of(32, 8);
constexpr std::string_view kEms = "extended master secret", kLabel = "c hs traffic";

void add(const std::string& name, Derive run) {
  benchmark::RegisterBenchmark(name.c_str(), [run](benchmark::State& state) {
    std::array<std::uint8_t, 64> out{};
    for (auto _ : state) {
      run(out.data());
      benchmark::DoNotOptimize(out);
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  });
}

std::span<const std::uint8_t> as_bytes(std::string_view s) { return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}; }

void register_tls_kdf_benchmarks() {
  using H = sha256::Sha256;
  const std::string tls12 = "TLS12PRF/SHA256/ExtendedMasterSecret/", tls13 = "TLS13/SHA256/DeriveSecret/";
  for (const sha256::Kernel* k : sha256::kernels().usable()) {
    add(tls12 + k->name, [k](std::uint8_t* out) {
      tls_kdf::prf<H>(*k, pre_master, as_bytes(kEms), session_hash, std::span(out, 48));
    });
    add(tls13 + k->name, [k](std::uint8_t* out) {
      tls_kdf::derive_secret<H>(*k, secret, as_bytes(kLabel), std::span<const std::uint8_t, 32>(transcript.data(), 32),
                                std::span<std::uint8_t, 32>(out, 32));
    });
  }
  add(tls12 + "api", [](std::uint8_t* out) {
    fipsmod_tls12_prf_sha256(pre_master.data(), pre_master.size(), kEms.data(), kEms.size(), session_hash.data(),
                             session_hash.size(), out, 48);
  });
  add(tls13 + "api", [](std::uint8_t* out) {
    fipsmod_tls13_sha256_derive_secret(secret.data(), secret.size(), kLabel.data(), kLabel.size(), transcript.data(), out);
  });
  std::shared_ptr<EVP_KDF> prf(EVP_KDF_fetch(nullptr, "TLS1-PRF", nullptr), EVP_KDF_free);
  add(tls12 + "openssl", [prf](std::uint8_t* out) {
    std::vector<std::uint8_t> seed(kEms.begin(), kEms.end());  // the label, then the seed
    seed.insert(seed.end(), session_hash.begin(), session_hash.end());
    EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(prf.get());
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, const_cast<std::uint8_t*>(pre_master.data()), pre_master.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, seed.data(), seed.size()), OSSL_PARAM_construct_end()};
    if (EVP_KDF_derive(ctx, out, 48, params) != 1) throw std::runtime_error("TLS1-PRF failed");
    EVP_KDF_CTX_free(ctx);
  });
  std::shared_ptr<EVP_KDF> t13(EVP_KDF_fetch(nullptr, "TLS13-KDF", nullptr), EVP_KDF_free);
  add(tls13 + "openssl", [t13](std::uint8_t* out) {
    int mode = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
    EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(t13.get());
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
        OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(secret.data()), secret.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PREFIX, const_cast<char*>("tls13 "), 6),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_LABEL, const_cast<char*>(kLabel.data()), kLabel.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_DATA, const_cast<std::uint8_t*>(transcript.data()), transcript.size()),
        OSSL_PARAM_construct_end()};
    if (EVP_KDF_derive(ctx, out, 32, params) != 1) throw std::runtime_error("TLS13-KDF failed");
    EVP_KDF_CTX_free(ctx);
  });
  std::shared_ptr<Botan::KDF> b12(Botan::KDF::create_or_throw("TLS-12-PRF(SHA-256)"));
  add(tls12 + "botan", [b12](std::uint8_t* out) {
    b12->kdf(out, 48, pre_master.data(), pre_master.size(), session_hash.data(), session_hash.size(),
             reinterpret_cast<const std::uint8_t*>(kEms.data()), kEms.size());
  });
  std::shared_ptr<Botan::KDF> b13(Botan::KDF::create_or_throw("HKDF-Expand(SHA-256)"));
  auto info = std::make_shared<std::vector<std::uint8_t>>();  // the HkdfLabel (RFC 8446 §7.1)
  info->reserve(64);
  for (const std::uint8_t b : {std::uint8_t{0}, std::uint8_t{32}, static_cast<std::uint8_t>(6 + kLabel.size())}) info->push_back(b);
  for (const char c : std::string("tls13 ") + std::string(kLabel)) info->push_back(static_cast<std::uint8_t>(c));
  info->push_back(32);
  for (const std::uint8_t b : transcript) info->push_back(b);
  add(tls13 + "botan", [b13, info](std::uint8_t* out) {
    b13->kdf(out, 32, secret.data(), secret.size(), nullptr, 0, info->data(), info->size());
  });
}

const Suite suite(register_tls_kdf_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
