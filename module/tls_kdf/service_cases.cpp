// The TLS key derivations' service cases (testing/service_cases.hpp):
// every C function and C++ call over every hash offered, each approved
// (there is no non-approved TLS derivation: a hash not listed is not
// offered at all).
#include <fipsmod/tls_kdf.hpp>

#include "testing/service_cases.hpp"
#include "tls_kdf/internal.hpp"

namespace fipsmod::testing {

template <class Hash>
void add_tls12_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name, std::string cpp_name,
                     std::string row, auto prf) {
  const auto yes = internal::Approval::approved;
  const auto secret = key_of(48), seed = key_of(64);
  constexpr std::string_view label = "extended master secret";
  c.push_back({name, yes, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] {
                   return prf(secret.data(), secret.size(), label.data(), label.size(), seed.data(), seed.size(),
                              out.data(), 48);
                 });
               }, row});
  cpp.push_back({cpp_name, yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { tls12::prf<Hash>(secret, label, seed, out.first(48)); }); });
                 }, row});
}

template <class Hash>
void add_tls13_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name, std::string cpp_ns,
                     std::string row, auto expand_label, auto derive_secret) {
  const auto yes = internal::Approval::approved;
  const auto secret = key_of(32);
  const typename Hash::Sum transcript{};
  constexpr std::string_view label = "c hs traffic";
  c.push_back({name + "_expand_label", yes, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] {
                   return expand_label(secret.data(), secret.size(), label.data(), label.size(), transcript.data(),
                                       transcript.size(), out.data(), 16);
                 });
               }, row});
  c.push_back({name + "_derive_secret", yes, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] {
                   return derive_secret(secret.data(), secret.size(), label.data(), label.size(), transcript.data(), out.data());
                 });
               }, row});
  cpp.push_back({cpp_ns + "::expand_label", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] {
                     return status_of([&] { tls13::expand_label<Hash>(secret, label, transcript, out.first(16)); });
                   });
                 }, row});
  cpp.push_back({cpp_ns + "::derive_secret", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] {
                     return status_of([&] { put(out, tls13::derive_secret<Hash>(secret, label, transcript)); });
                   });
                 }, row});
}

void tls_kdf_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_tls12_cases<sha256::Digest>(c, cpp, "fipsmod_tls12_prf_sha256", "tls12::prf<sha256::Digest>",
                                  tls_kdf::Tls12Sha256::service, fipsmod_tls12_prf_sha256);
  add_tls12_cases<sha384::Digest>(c, cpp, "fipsmod_tls12_prf_sha384", "tls12::prf<sha384::Digest>",
                                  tls_kdf::Tls12Sha384::service, fipsmod_tls12_prf_sha384);
  add_tls12_cases<sha512::Digest>(c, cpp, "fipsmod_tls12_prf_sha512", "tls12::prf<sha512::Digest>",
                                  tls_kdf::Tls12Sha512::service, fipsmod_tls12_prf_sha512);
  add_tls13_cases<sha256::Digest>(c, cpp, "fipsmod_tls13_sha256", "tls13<sha256::Digest>", tls_kdf::Tls13Sha256::service,
                                  fipsmod_tls13_sha256_expand_label, fipsmod_tls13_sha256_derive_secret);
  add_tls13_cases<sha384::Digest>(c, cpp, "fipsmod_tls13_sha384", "tls13<sha384::Digest>", tls_kdf::Tls13Sha384::service,
                                  fipsmod_tls13_sha384_expand_label, fipsmod_tls13_sha384_derive_secret);
}

}  // namespace fipsmod::testing
