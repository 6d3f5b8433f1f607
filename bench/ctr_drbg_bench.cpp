// CTR_DRBG generate (AES-256, derivation function, no additional input,
// no prediction resistance): CTRDRBG/Generate-16, -32 and -4096 (bytes a
// request). Each iteration is one request from an instantiated state that
// is never reseeded (the interval is 2^48 requests). Names are
// FAMILY/CASE/COLUMN for bench/compare. Columns: every usable AES kernel
// (drbg::generate on it, no gate); api (fipsmod_ctr_drbg_generate: gate,
// indicator, the selected kernel); openssl-evp (OpenSSL's EVP_RAND
// "CTR-DRBG" with AES-256-CTR and its derivation function, seeded once
// through a TEST-RAND parent, its own reseeding every so many requests
// turned off): the same mechanism, so the figures compare the
// implementations, not the designs.
#include <benchmark/benchmark.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/ctr_drbg.h>

#include "drbg/ctr_drbg.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

using Vec = std::vector<std::uint8_t>;
using Generate = std::function<void(std::uint8_t* out, std::size_t n)>;

const Vec entropy(48, 0x45), nonce(16, 0x4e), pers(16, 0x50);

void must(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(what);
}

struct Column {
  std::string name;
  Generate run;
};

std::vector<Column> columns() {
  std::vector<Column> out;
  for (const aes::Kernel* k : aes::kernels().usable()) {
    auto s = std::make_shared<drbg::State>();
    must(drbg::instantiate(*k, *s, true, entropy, nonce, pers) == internal::Status::ok, "instantiate failed");
    out.push_back({k->name, [k, s](std::uint8_t* o, std::size_t n) { (void)drbg::generate(*k, *s, {o, n}, {}); }});
  }
  auto ctx = std::make_shared<fipsmod_ctr_drbg_ctx>();
  must(fipsmod_ctr_drbg_instantiate(ctx.get(), FIPSMOD_CTR_DRBG_DF, entropy.data(), entropy.size(), nonce.data(),
                                    nonce.size(), pers.data(), pers.size()) == FIPSMOD_OK,
       "fipsmod_ctr_drbg_instantiate failed");
  out.push_back({"api", [ctx](std::uint8_t* o, std::size_t n) { fipsmod_ctr_drbg_generate(ctx.get(), nullptr, 0, nullptr, 0, o, n); }});

  // OpenSSL's objects live as long as the process and are never freed:
  // the benchmark registry (and these closures) outlive OpenSSL's own
  // clean-up at exit, after which freeing a DRBG crashes.
  static EVP_RAND_CTX* const openssl = [] {
    EVP_RAND* test = EVP_RAND_fetch(nullptr, "TEST-RAND", nullptr);
    EVP_RAND* ctr = EVP_RAND_fetch(nullptr, "CTR-DRBG", nullptr);
    must(test != nullptr && ctr != nullptr, "OpenSSL has no TEST-RAND or CTR-DRBG");
    EVP_RAND_CTX* parent = EVP_RAND_CTX_new(test, nullptr);
    unsigned int strength = 256, never = 0;
    int df = 1;
    Vec e = entropy, n16 = nonce;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength),
                      OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, e.data(), e.size()),
                      OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE, n16.data(), n16.size()),
                      OSSL_PARAM_END};
    must(parent != nullptr && EVP_RAND_CTX_set_params(parent, p) == 1 &&
             EVP_RAND_instantiate(parent, strength, 0, nullptr, 0, nullptr) == 1,
         "OpenSSL's TEST-RAND failed");
    EVP_RAND_CTX* drbg = EVP_RAND_CTX_new(ctr, parent);
    char cipher[] = "AES-256-CTR";
    OSSL_PARAM d[] = {OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, cipher, 0),
                      OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &df),
                      OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &never), OSSL_PARAM_END};
    must(drbg != nullptr && EVP_RAND_CTX_set_params(drbg, d) == 1 &&
             EVP_RAND_instantiate(drbg, strength, 0, pers.data(), pers.size(), nullptr) == 1,
         "OpenSSL's CTR-DRBG failed");
    return drbg;
  }();
  out.push_back({"openssl-evp", [](std::uint8_t* o, std::size_t n) { EVP_RAND_generate(openssl, o, n, 256, 0, nullptr, 0); }});
  return out;
}

void register_ctr_drbg_benchmarks() {
  for (const std::size_t n : {16, 32, 4096}) {
    for (const Column& c : columns()) {
      benchmark::RegisterBenchmark(("CTRDRBG/Generate-" + std::to_string(n) + "/" + c.name).c_str(),
                                   [run = c.run, n](benchmark::State& state) {
                                     Vec out(n);
                                     for (auto _ : state) {
                                       run(out.data(), n);
                                       benchmark::DoNotOptimize(out.data());
                                       benchmark::ClobberMemory();
                                     }
                                     state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
                                   });
    }
  }
}

const Suite suite(register_ctr_drbg_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
