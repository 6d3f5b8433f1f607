// SHA-512 benchmarks, named after Go's crypto/sha512 ones so the figures
// line up with the Go tables: SHA512/Hash8Bytes, SHA512/Hash1K and
// SHA512/Hash8K, each iteration resetting, writing `size` bytes and
// summing, as Go's do. (Go calls them Hash8Bytes... in its sha512 package;
// here the family carries the algorithm, since MD5's and SHA-256's cases of
// the same names are in this binary.) SHA-384, SHA-512/224 and SHA-512/256
// run the same kernel with the same work, so they have no cases of their
// own. Names are FAMILY/CASE/COLUMN for bench/compare. Columns: every
// usable SHA-512 kernel, OpenSSL (SHA512(), and the EVP interface with a
// kept context) and Botan.
#include <benchmark/benchmark.h>

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <botan/hash.h>

#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "peers.hpp"
#include "sha512/internal.hpp"

namespace fipsmod::bench {
namespace {

// One "hash n bytes at p from a fresh state, write 64 bytes to out".
using Once = std::function<void(const std::uint8_t* p, std::size_t n, std::uint8_t* out)>;
struct Column {
  std::string name;
  Once run;
};

std::vector<Column> sha512_columns() {
  std::vector<Column> columns;
  // Each usable kernel: started on it without the gate, then fed and
  // summed through the services, as a user's digest is.
  using Service = internal::hash::Service<sha512::Sha512>;
  for (const sha512::Kernel* k : sha512::kernels().usable()) {
    auto digest = std::make_shared<internal::hash::OnKernel<sha512::Sha512>>(*k);
    columns.push_back({k->name, [digest](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                         digest->reset();
                         Service::update(digest->running(), std::span(p, n));
                         std::array<std::uint8_t, sha512::Sha512::size> s;
                         Service::sum(digest->running(), s);
                         std::memcpy(out, s.data(), s.size());
                       }});
  }
  columns.push_back({"openssl", [](const std::uint8_t* p, std::size_t n, std::uint8_t* out) { SHA512(p, n, out); }});

  // One context and one fetched algorithm for the whole run, as a careful
  // caller would keep them.
  std::shared_ptr<EVP_MD> md(EVP_MD_fetch(nullptr, "SHA512", nullptr), EVP_MD_free);
  std::shared_ptr<EVP_MD_CTX> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!md || !ctx) throw std::runtime_error("OpenSSL has no SHA-512");
  columns.push_back({"openssl-evp", [md, ctx](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       unsigned int len = 0;
                       EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr);
                       EVP_DigestUpdate(ctx.get(), p, n);
                       EVP_DigestFinal_ex(ctx.get(), out, &len);
                     }});

  std::shared_ptr<Botan::HashFunction> botan = Botan::HashFunction::create_or_throw("SHA-512");
  columns.push_back({"botan", [botan](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       botan->clear();
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

void register_sha512_benchmarks() {
  struct Case {
    const char* name;
    std::size_t size;
  };
  static constexpr Case kHash[] = {{"Hash8Bytes", 8}, {"Hash1K", 1024}, {"Hash8K", 8192}};
  for (const Case& c : kHash) {
    for (const Column& column : sha512_columns()) add(std::string("SHA512/") + c.name + "/" + column.name, column.run, c.size);
  }
}

const Suite suite(register_sha512_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
