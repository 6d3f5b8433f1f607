// PBKDF2 benchmarks: PBKDF2HMACSHA256_100000, PBKDF2 with HMAC-SHA-256,
// 100,000 iterations, a 16-byte salt and a 32-byte output (issue 26's
// target: at least OpenSSL's PKCS5_PBKDF2_HMAC in the same run), and
// PBKDF2HMACSHA512_100000, the same over SHA-512 (64-byte output). Names
// are FAMILY/COLUMN... as FAMILY/CASE/COLUMN for bench/compare. Columns:
// every usable kernel of the hash (the derivation on it, without the
// gate), "fipsmod" (the public C function, on the selected kernel, gate
// and indicator included), OpenSSL's PKCS5_PBKDF2_HMAC and Botan's
// PBKDF2.
#include <benchmark/benchmark.h>

#include <openssl/evp.h>

#include <botan/pwdhash.h>

#include <array>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/pbkdf2.h>

#include "pbkdf2/internal.hpp"
#include "peers.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

namespace fipsmod::bench {
namespace {

constexpr std::uint32_t kIterations = 100000;
const std::array<std::uint8_t, 16> kSalt = {'s', 'a', 'l', 't', 'S', 'A', 'L', 'T', 's', 'a', 'l', 't', 'S', 'A', 'L', 'T'};
const std::string kPassword = "correct horse battery staple";

using Derive = std::function<void(std::span<std::uint8_t> out)>;

template <class H>
void add_columns(const std::string& family, const typename H::Kernel* const* kernels, std::size_t n_kernels,
                 int (*c_function)(const void*, size_t, const void*, size_t, uint32_t, uint8_t*, size_t),
                 const EVP_MD* md, const char* botan_name) {
  const std::span<const std::uint8_t> password(reinterpret_cast<const std::uint8_t*>(kPassword.data()), kPassword.size());
  std::vector<std::pair<std::string, Derive>> columns;
  for (std::size_t i = 0; i < n_kernels; ++i) {
    const auto* k = kernels[i];
    columns.push_back({k->name, [k, password](std::span<std::uint8_t> out) {
                         pbkdf2::derive<H>(*k, password, kSalt, kIterations, out);
                       }});
  }
  columns.push_back({"fipsmod", [c_function](std::span<std::uint8_t> out) {
                       if (c_function(kPassword.data(), kPassword.size(), kSalt.data(), kSalt.size(), kIterations,
                                      out.data(), out.size()) != FIPSMOD_OK) {
                         throw std::runtime_error("fipsmod_pbkdf2 failed");
                       }
                     }});
  columns.push_back({"openssl", [md](std::span<std::uint8_t> out) {
                       if (PKCS5_PBKDF2_HMAC(kPassword.data(), static_cast<int>(kPassword.size()), kSalt.data(),
                                             static_cast<int>(kSalt.size()), static_cast<int>(kIterations), md,
                                             static_cast<int>(out.size()), out.data()) != 1) {
                         throw std::runtime_error("PKCS5_PBKDF2_HMAC failed");
                       }
                     }});
  std::shared_ptr<Botan::PasswordHash> botan =
      Botan::PasswordHashFamily::create_or_throw(botan_name)->from_params(kIterations);
  columns.push_back({"botan", [botan](std::span<std::uint8_t> out) {
                       botan->derive_key(out.data(), out.size(), kPassword.data(), kPassword.size(), kSalt.data(),
                                         kSalt.size());
                     }});
  for (auto& [name, run] : columns) {
    benchmark::RegisterBenchmark((family + "/" + name).c_str(), [run = run](benchmark::State& state) {
      std::array<std::uint8_t, H::size> out{};
      for (auto _ : state) {
        run(out);
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
      }
      state.counters["iterations/s"] =
          benchmark::Counter(static_cast<double>(state.iterations()) * kIterations, benchmark::Counter::kIsRate);
    })->Unit(benchmark::kMillisecond);
  }
}

void register_pbkdf2_benchmarks() {
  const auto k256 = sha256::kernels().usable();
  add_columns<sha256::Sha256>("PBKDF2HMACSHA256_100000", k256.data(), k256.size(), fipsmod_pbkdf2_sha256,
                              EVP_sha256(), "PBKDF2(SHA-256)");
  const auto k512 = sha512::kernels().usable();
  add_columns<sha512::Sha512>("PBKDF2HMACSHA512_100000", k512.data(), k512.size(), fipsmod_pbkdf2_sha512,
                              EVP_sha512(), "PBKDF2(SHA-512)");
}

const Suite suite(register_pbkdf2_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
