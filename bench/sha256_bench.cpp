// SHA-256 and HMAC-SHA-256 benchmarks, named after Go's crypto/sha256 and
// crypto/hmac ones so the figures line up with the Go tables:
//  - SHA256/Hash8Bytes, SHA256/Hash1K, SHA256/Hash8K: each iteration
//    resets, writes `size` bytes and sums, as Go's do. Go calls them
//    Hash8Bytes... in its sha256 package; here the family carries the
//    algorithm, since MD5's cases of the same names are in this binary.
//  - HMACSHA256_32, HMACSHA256_1K: one whole HMAC per iteration (keying
//    with a 32-byte key, the message of 32 bytes or 1 KiB, the MAC; for
//    fipsmod also the zeroisation of the keyed state), as Go's do with
//    hmac.New each time.
// Names are FAMILY/CASE/COLUMN (or CASE/COLUMN) for bench/compare. Columns:
// every usable SHA-256 kernel, "api" (the one-shot fipsmod_sha256), OpenSSL (SHA256(), the EVP interface with a
// kept context, HMAC() one-shot) and Botan.
#include <benchmark/benchmark.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <botan/hash.h>
#include <botan/mac.h>

#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/hmac.hpp>
#include <fipsmod/sha256.h>

#include "hmac/internal.hpp"
#include "hmac/traits.hpp"
#include "peers.hpp"
#include "sha256/internal.hpp"

namespace fipsmod::bench {
namespace {

// One "hash n bytes at p from a fresh state, write 32 bytes to out", or
// one "HMAC n bytes at p under the key": the same shape for both.
using Once = std::function<void(const std::uint8_t* p, std::size_t n, std::uint8_t* out)>;
struct Column {
  std::string name;
  Once run;
};

std::vector<Column> sha256_columns() {
  std::vector<Column> columns;
  // Each usable kernel: started on it without the gate, then fed and
  // summed through the services, as a user's digest is.
  using Service = internal::hash::Service<sha256::Sha256>;
  for (const sha256::Kernel* k : sha256::kernels().usable()) {
    auto digest = std::make_shared<internal::hash::OnKernel<sha256::Sha256>>(*k);
    columns.push_back({k->name, [digest](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                         digest->reset();
                         Service::update(digest->running(), std::span(p, n));
                         std::array<std::uint8_t, sha256::Sha256::size> s;
                         Service::sum(digest->running(), s);
                         std::memcpy(out, s.data(), s.size());
                       }});
  }
  // The one-shot service, as a user calls it (the gate, the indicator, the
  // selected kernel).
  columns.push_back({"api", [](const std::uint8_t* p, std::size_t n, std::uint8_t* out) { (void)fipsmod_sha256(p, n, out); }});
  columns.push_back({"openssl", [](const std::uint8_t* p, std::size_t n, std::uint8_t* out) { SHA256(p, n, out); }});

  // One context and one fetched algorithm for the whole run, as a careful
  // caller would keep them.
  std::shared_ptr<EVP_MD> md(EVP_MD_fetch(nullptr, "SHA256", nullptr), EVP_MD_free);
  std::shared_ptr<EVP_MD_CTX> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!md || !ctx) throw std::runtime_error("OpenSSL has no SHA-256");
  columns.push_back({"openssl-evp", [md, ctx](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       unsigned int len = 0;
                       EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr);
                       EVP_DigestUpdate(ctx.get(), p, n);
                       EVP_DigestFinal_ex(ctx.get(), out, &len);
                     }});

  std::shared_ptr<Botan::HashFunction> botan = Botan::HashFunction::create_or_throw("SHA-256");
  columns.push_back({"botan", [botan](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       botan->clear();
                       botan->update(p, n);
                       botan->final(out);
                     }});
  return columns;
}

// Go's hmac benchmarks key with 32 bytes (make([]byte, 32)): zeros there;
// a pattern here, which costs the same.
const std::array<std::uint8_t, 32>& hmac_key() {
  static const std::array<std::uint8_t, 32> key = [] {
    std::array<std::uint8_t, 32> k{};
    for (std::size_t i = 0; i < k.size(); ++i) k[i] = static_cast<std::uint8_t>(0xa5 ^ (i * 11));
    return k;
  }();
  return key;
}

std::vector<Column> hmac_columns() {
  std::vector<Column> columns;
  const auto& key = hmac_key();
  for (const sha256::Kernel* k : sha256::kernels().usable()) {
    // Keyed on this kernel, fed and summed through the services, and
    // zeroised: the module's one-shot on a given kernel.
    using H = sha256::Sha256;
    using Service = hmac::Service<hmac::Sha256>;
    columns.push_back({k->name, [k, &key](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                         hmac::Keyed<H> h;
                         hmac::key<H>(h, *k, key);
                         Service::update(h, std::span(p, n));
                         std::array<std::uint8_t, H::size> s;
                         Service::sum(h, s);
                         hmac::wipe<H>(h);
                         std::memcpy(out, s.data(), s.size());
                       }});
  }
  columns.push_back({"openssl", [&key](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       unsigned int len = 0;
                       HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), p, n, out, &len);
                     }});
  std::shared_ptr<Botan::MessageAuthenticationCode> botan =
      Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-256)");
  columns.push_back({"botan", [botan, &key](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       botan->set_key(key.data(), key.size());
                       botan->update(p, n);
                       botan->final(out);
                     }});
  return columns;
}

void add(const std::string& name, Once run, std::size_t size) {
  // One buffer for all, filled with a pattern.
  static const std::vector<std::uint8_t> buffer = [] {
    std::vector<std::uint8_t> b(8192);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<std::uint8_t>(i * 7 + (i >> 9));
    return b;
  }();
  benchmark::RegisterBenchmark(name.c_str(), [run, size](benchmark::State& state) {
    std::array<std::uint8_t, 32> out{};
    for (auto _ : state) {
      run(buffer.data(), size, out.data());
      benchmark::DoNotOptimize(out);
      benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
  });
}

void register_sha256_benchmarks() {
  struct Case {
    const char* name;
    std::size_t size;
  };
  static constexpr Case kHash[] = {{"Hash8Bytes", 8}, {"Hash1K", 1024}, {"Hash8K", 8192}};
  for (const Case& c : kHash) {
    for (const Column& column : sha256_columns()) add(std::string("SHA256/") + c.name + "/" + column.name, column.run, c.size);
  }
  static constexpr Case kHmac[] = {{"HMACSHA256_32", 32}, {"HMACSHA256_1K", 1024}};
  for (const Case& c : kHmac) {
    for (const Column& column : hmac_columns()) add(std::string(c.name) + "/" + column.name, column.run, c.size);
  }
}

const Suite suite(register_sha256_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
