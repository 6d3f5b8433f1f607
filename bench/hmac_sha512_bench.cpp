// HMAC-SHA-512 benchmarks, named as Go's crypto/hmac HMACSHA256_32 and
// HMACSHA256_1K are, for SHA-512: HMACSHA512_32, HMACSHA512_1K, and
// HMACSHA512_8K (where the kernel's speed shows). Each iteration is one
// whole HMAC under a 32-byte key (keying, writing, summing), as Go's are.
// HMAC-SHA-384, HMAC-SHA-512/224 and HMAC-SHA-512/256 run the same code
// with the same work, so they have no cases of their own. Names are
// FAMILY/CASE/COLUMN for bench/compare. Columns: every usable SHA-512
// kernel (through the HMAC services), OpenSSL (HMAC() one-shot) and Botan.
#include <benchmark/benchmark.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <botan/mac.h>

#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "hmac/internal.hpp"
#include "hmac/traits.hpp"
#include "peers.hpp"
#include "sha512/internal.hpp"

namespace fipsmod::bench {
namespace {

// One "HMAC n bytes at p under the key, write 64 bytes to out".
using Once = std::function<void(const std::uint8_t* p, std::size_t n, std::uint8_t* out)>;
struct Column {
  std::string name;
  Once run;
};

const std::array<std::uint8_t, 32>& hmac_key() {
  static const std::array<std::uint8_t, 32> key = [] {
    std::array<std::uint8_t, 32> k{};
    for (std::size_t i = 0; i < k.size(); ++i) k[i] = static_cast<std::uint8_t>(0xa5 ^ (i * 11));
    return k;
  }();
  return key;
}

std::vector<Column> hmac_sha512_columns() {
  std::vector<Column> columns;
  const auto& key = hmac_key();
  for (const sha512::Kernel* k : sha512::kernels().usable()) {
    // Keyed on this kernel, fed and summed through the services, and
    // zeroised: the module's one-shot on a given kernel.
    using H = sha512::Sha512;
    using Service = hmac::Service<hmac::Sha512>;
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
                       HMAC(EVP_sha512(), key.data(), static_cast<int>(key.size()), p, n, out, &len);
                     }});
  std::shared_ptr<Botan::MessageAuthenticationCode> botan =
      Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-512)");
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
    std::array<std::uint8_t, 64> out{};
    for (auto _ : state) {
      run(buffer.data(), size, out.data());
      benchmark::DoNotOptimize(out);
      benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
  });
}

void register_hmac_sha512_benchmarks() {
  struct Case {
    const char* name;
    std::size_t size;
  };
  static constexpr Case kHmac[] = {{"HMACSHA512_32", 32}, {"HMACSHA512_1K", 1024}, {"HMACSHA512_8K", 8192}};
  for (const Case& c : kHmac) {
    for (const Column& column : hmac_sha512_columns()) add(std::string(c.name) + "/" + column.name, column.run, c.size);
  }
}

const Suite suite(register_hmac_sha512_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
