// HKDF benchmarks: one whole derivation per iteration, extract then expand
// of a 32-byte secret with a 32-byte salt and 10 bytes of info, 42 bytes
// out (RFC 5869 test case 1's output length; issue 26's target), over
// SHA-256 and SHA-384. Go has no HKDF benchmark to take names from; the
// names are HKDF/<hash>/Secret32Out42/COLUMN for bench/compare.
// Columns: each usable kernel of the hash (hkdf::key on it, no gate), api
// (the public C function: gate, indicator, the module's output buffer
// copied out and wiped), openssl (EVP_PKEY HKDF, a context made per
// derivation as its API needs), openssl-kdf (EVP_KDF "HKDF", the KDF
// fetched once, a context per derivation) and botan (a kept HKDF object).
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
#include <vector>

#include <fipsmod/hkdf.h>

#include "hkdf/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

using Derive = std::function<void(std::span<std::uint8_t> out)>;
struct Column {
  std::string name;
  Derive run;
};

// The inputs, made once and kept for the whole run (the columns refer to them).
std::vector<std::uint8_t> bytes_of(std::size_t n, std::uint8_t seed) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 13 + seed);
  return b;
}
const std::vector<std::uint8_t> secret = bytes_of(32, 1), salt = bytes_of(32, 2), info = bytes_of(10, 3);

template <class H>
std::vector<Column> columns(const char* openssl_md, const EVP_MD* md, const char* botan_name,
                            int (*api)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept) {
  std::vector<Column> out;
  for (const auto* k : H::kernels().usable()) {
    out.push_back({k->name, [k](std::span<std::uint8_t> o) { hkdf::key<H>(*k, secret, salt, info, o); }});
  }
  out.push_back({"api", [api](std::span<std::uint8_t> o) {
                   api(secret.data(), secret.size(), salt.data(), salt.size(), info.data(), info.size(), o.data(), o.size());
                 }});
  out.push_back({"openssl", [md](std::span<std::uint8_t> o) {
                   EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nullptr);
                   std::size_t n = o.size();
                   if (EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_CTX_set_hkdf_md(ctx, md) <= 0 ||
                       EVP_PKEY_CTX_set1_hkdf_salt(ctx, salt.data(), static_cast<int>(salt.size())) <= 0 ||
                       EVP_PKEY_CTX_set1_hkdf_key(ctx, secret.data(), static_cast<int>(secret.size())) <= 0 ||
                       EVP_PKEY_CTX_add1_hkdf_info(ctx, info.data(), static_cast<int>(info.size())) <= 0 ||
                       EVP_PKEY_derive(ctx, o.data(), &n) <= 0) {
                     throw std::runtime_error("EVP_PKEY HKDF failed");
                   }
                   EVP_PKEY_CTX_free(ctx);
                 }});
  std::shared_ptr<EVP_KDF> kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr), EVP_KDF_free);
  out.push_back({"openssl-kdf", [kdf, openssl_md](std::span<std::uint8_t> o) {
                   EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(kdf.get());
                   const OSSL_PARAM params[] = {
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(openssl_md), 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(secret.data()), secret.size()),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<std::uint8_t*>(salt.data()), salt.size()),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<std::uint8_t*>(info.data()), info.size()),
                       OSSL_PARAM_construct_end()};
                   if (EVP_KDF_derive(ctx, o.data(), o.size(), params) != 1) throw std::runtime_error("EVP_KDF HKDF failed");
                   EVP_KDF_CTX_free(ctx);
                 }});
  std::shared_ptr<Botan::KDF> botan(Botan::KDF::create_or_throw(botan_name));
  out.push_back({"botan", [botan](std::span<std::uint8_t> o) {
                   botan->kdf(o.data(), o.size(), secret.data(), secret.size(), salt.data(), salt.size(), info.data(),
                              info.size());
                 }});
  return out;
}

void add(const std::string& name, Derive run, std::size_t n) {
  benchmark::RegisterBenchmark(name.c_str(), [run, n](benchmark::State& state) {
    std::array<std::uint8_t, 256> out{};
    for (auto _ : state) {
      run(std::span(out).first(n));
      benchmark::DoNotOptimize(out);
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  });
}

void register_hkdf_benchmarks() {
  for (const Column& c : columns<sha256::Sha256>("SHA256", EVP_sha256(), "HKDF(SHA-256)", fipsmod_hkdf_sha256)) {
    add("HKDF/SHA256/Secret32Out42/" + c.name, c.run, 42);
  }
  for (const Column& c : columns<sha512::Sha384>("SHA384", EVP_sha384(), "HKDF(SHA-384)", fipsmod_hkdf_sha384)) {
    add("HKDF/SHA384/Secret32Out42/" + c.name, c.run, 42);
  }
}

const Suite suite(register_hkdf_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
