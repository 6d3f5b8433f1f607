// MD5 columns: each usable fipsmod kernel, OpenSSL (its low-level MD5_*
// functions, the shortest path to its assembly, and the EVP interface that
// OpenSSL 3 recommends), and Botan.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/md5.h>

#include <botan/hash.h>

#include <array>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>

#include "md5/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {

std::vector<Md5Column> md5_columns() {
  std::vector<Md5Column> columns;
  // Each usable kernel: started on it without the gate, then fed and
  // summed through the services, as a user's digest is.
  using Service = internal::hash::Service<md5::Md5>;
  for (const md5::Kernel* k : md5::kernels().usable()) {
    auto digest = std::make_shared<md5::Md5Hash>(*k);
    columns.push_back({k->name, [digest](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                         digest->reset();
                         Service::update(digest->running(), std::span(p, n));
                         std::array<std::uint8_t, md5::Md5::size> s;
                         Service::sum(digest->running(), s);
                         std::memcpy(out, s.data(), s.size());
                       }});
  }

  columns.push_back({"openssl", [](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       MD5_CTX c;
                       MD5_Init(&c);
                       MD5_Update(&c, p, n);
                       MD5_Final(out, &c);
                     }});

  // One context and one fetched algorithm for the whole run, as a careful
  // caller would keep them.
  std::shared_ptr<EVP_MD> md(EVP_MD_fetch(nullptr, "MD5", nullptr), EVP_MD_free);
  std::shared_ptr<EVP_MD_CTX> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!md || !ctx) throw std::runtime_error("OpenSSL has no MD5");
  columns.push_back({"openssl-evp", [md, ctx](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       unsigned int len = 0;
                       EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr);
                       EVP_DigestUpdate(ctx.get(), p, n);
                       EVP_DigestFinal_ex(ctx.get(), out, &len);
                     }});

  std::shared_ptr<Botan::HashFunction> botan = Botan::HashFunction::create_or_throw("MD5");
  columns.push_back({"botan", [botan](const std::uint8_t* p, std::size_t n, std::uint8_t* out) {
                       botan->clear();
                       botan->update(p, n);
                       botan->final(out);
                     }});
  return columns;
}

}  // namespace fipsmod::bench
