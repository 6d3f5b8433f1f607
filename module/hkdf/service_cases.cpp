// HKDF's service cases (testing/service_cases.hpp): every C function and
// C++ call over every hash, with a secret of 13 bytes (not approved) and 14
// (approved): the input keying material of extract and the one-shot, the
// pseudorandom key of expand. The salt is empty with the short secret and
// 13 bytes with the long one, so no case ties approval to the salt.
#include <fipsmod/hkdf.hpp>

#include "hkdf/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

template <class Hash>
void add_hkdf_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name,
                    std::string cpp_name, std::string hash_name, auto extract, auto expand, auto one_shot) {
  using internal::Approval;
  const auto info = message();
  constexpr std::size_t n = 42;
  for (const std::size_t secret_size : {hkdf::min_approved_secret_size - 1, hkdf::min_approved_secret_size}) {
    const Approval a = hkdf::approval_for_secret(secret_size);
    const std::string at = " (secret " + std::to_string(secret_size) + " bytes)";
    const auto secret = key_of(secret_size);
    const auto salt = secret_size >= hkdf::min_approved_secret_size ? key_of(13) : std::vector<std::uint8_t>{};
    const std::string ROW = "HKDF-" + hash_name +
                            (secret_size >= hkdf::min_approved_secret_size ? ", secret >= 14 bytes" : ", secret < 14 bytes");
    c.push_back({name + "_extract" + at, a, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return extract(secret.data(), secret.size(), salt.data(), salt.size(), out.data()); });
                 }, ROW});
    c.push_back({name + "_expand" + at, a, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return expand(secret.data(), secret.size(), info.data(), info.size(), out.data(), n); });
                 }, ROW});
    c.push_back({name + at, a, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] {
                     return one_shot(secret.data(), secret.size(), salt.data(), salt.size(), info.data(), info.size(), out.data(), n);
                   });
                 }, ROW});
    cpp.push_back({cpp_name + "::extract" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { put(out, hkdf::extract<Hash>(secret, salt)); }); });
                   }, ROW});
    cpp.push_back({cpp_name + "::expand" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { hkdf::expand<Hash>(secret, info, out.first(n)); }); });
                   }, ROW});
    cpp.push_back({cpp_name + "::key(span)" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { hkdf::key<Hash>(secret, salt, info, out.first(n)); }); });
                   }, ROW});
    cpp.push_back({cpp_name + "::key(length)" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { put(out, hkdf::key<Hash>(secret, salt, info, n)); }); });
                   }, ROW});
  }
}

void hkdf_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_hkdf_cases<sha256::Digest>(c, cpp, "fipsmod_hkdf_sha256", "hkdf<sha256::Digest>", "SHA-256", fipsmod_hkdf_sha256_extract,
                                 fipsmod_hkdf_sha256_expand, fipsmod_hkdf_sha256);
  add_hkdf_cases<sha224::Digest>(c, cpp, "fipsmod_hkdf_sha224", "hkdf<sha224::Digest>", "SHA-224", fipsmod_hkdf_sha224_extract,
                                 fipsmod_hkdf_sha224_expand, fipsmod_hkdf_sha224);
  add_hkdf_cases<sha512::Digest>(c, cpp, "fipsmod_hkdf_sha512", "hkdf<sha512::Digest>", "SHA-512", fipsmod_hkdf_sha512_extract,
                                 fipsmod_hkdf_sha512_expand, fipsmod_hkdf_sha512);
  add_hkdf_cases<sha384::Digest>(c, cpp, "fipsmod_hkdf_sha384", "hkdf<sha384::Digest>", "SHA-384", fipsmod_hkdf_sha384_extract,
                                 fipsmod_hkdf_sha384_expand, fipsmod_hkdf_sha384);
  add_hkdf_cases<sha512_224::Digest>(c, cpp, "fipsmod_hkdf_sha512_224", "hkdf<sha512_224::Digest>", "SHA-512/224",
                                     fipsmod_hkdf_sha512_224_extract, fipsmod_hkdf_sha512_224_expand, fipsmod_hkdf_sha512_224);
  add_hkdf_cases<sha512_256::Digest>(c, cpp, "fipsmod_hkdf_sha512_256", "hkdf<sha512_256::Digest>", "SHA-512/256",
                                     fipsmod_hkdf_sha512_256_extract, fipsmod_hkdf_sha512_256_expand, fipsmod_hkdf_sha512_256);
}

}  // namespace fipsmod::testing
