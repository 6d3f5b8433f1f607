// SHA-512's, SHA-384's, SHA-512/224's and SHA-512/256's service cases
// (testing/service_cases.hpp): every C function and C++ call, each
// approved. The cases of one SHA-2 hash are sha256/service_cases.hpp's
// add_sha2_cases, written for any of them.
#include <fipsmod/sha512.hpp>

#include "sha256/service_cases.hpp"
#include "sha512/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

void sha512_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_sha2_cases<sha512::Sha512, sha512::Digest>(c, cpp, "fipsmod_sha512", "sha512::Digest", "SHA-512", fipsmod_sha512,
                                                 fipsmod_sha512_init, fipsmod_sha512_update, fipsmod_sha512_sum,
                                                 fipsmod_sha512_marshal, fipsmod_sha512_unmarshal);
  add_sha2_cases<sha512::Sha384, sha384::Digest>(c, cpp, "fipsmod_sha384", "sha384::Digest", "SHA-384", fipsmod_sha384,
                                                 fipsmod_sha384_init, fipsmod_sha384_update, fipsmod_sha384_sum,
                                                 fipsmod_sha384_marshal, fipsmod_sha384_unmarshal);
  add_sha2_cases<sha512::Sha512_224, sha512_224::Digest>(
      c, cpp, "fipsmod_sha512_224", "sha512_224::Digest", "SHA-512/224", fipsmod_sha512_224, fipsmod_sha512_224_init,
      fipsmod_sha512_224_update, fipsmod_sha512_224_sum, fipsmod_sha512_224_marshal, fipsmod_sha512_224_unmarshal);
  add_sha2_cases<sha512::Sha512_256, sha512_256::Digest>(
      c, cpp, "fipsmod_sha512_256", "sha512_256::Digest", "SHA-512/256", fipsmod_sha512_256, fipsmod_sha512_256_init,
      fipsmod_sha512_256_update, fipsmod_sha512_256_sum, fipsmod_sha512_256_marshal, fipsmod_sha512_256_unmarshal);
  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());
  const auto yes = internal::Approval::approved;
  cpp.push_back({"sha512::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha512::sum(text)); }); });
                 }, "SHA-512"});
  cpp.push_back({"sha384::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha384::sum(text)); }); });
                 }, "SHA-384"});
  cpp.push_back({"sha512_224::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha512_224::sum(text)); }); });
                 }, "SHA-512/224"});
  cpp.push_back({"sha512_256::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha512_256::sum(text)); }); });
                 }, "SHA-512/256"});
}

}  // namespace fipsmod::testing
