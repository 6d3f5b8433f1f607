// SHA-256's and SHA-224's service cases (testing/service_cases.hpp): every
// C function and C++ call, each approved.
#include <fipsmod/sha256.hpp>

#include "sha256/service_cases.hpp"
#include "testing/hash_many_cases.hpp"

namespace fipsmod::testing {

void sha256_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_sha2_cases<sha256::Sha256, sha256::Digest>(c, cpp, "fipsmod_sha256", "sha256::Digest", "SHA-256", fipsmod_sha256,
                                                 fipsmod_sha256_init, fipsmod_sha256_update, fipsmod_sha256_sum,
                                                 fipsmod_sha256_marshal, fipsmod_sha256_unmarshal);
  add_sha2_cases<sha256::Sha224, sha224::Digest>(c, cpp, "fipsmod_sha224", "sha224::Digest", "SHA-224", fipsmod_sha224,
                                                 fipsmod_sha224_init, fipsmod_sha224_update, fipsmod_sha224_sum,
                                                 fipsmod_sha224_marshal, fipsmod_sha224_unmarshal);
  add_many_cases<sha256::Digest, sha256::Update, fipsmod_sha256_update_item>(
      c, cpp, "fipsmod_sha256", "sha256", internal::Approval::approved, "SHA-256", fipsmod_sha256_init,
      fipsmod_sha256_update_many, fipsmod_sha256_many, [](std::span<const sha256::Update> u) { sha256::update_many(u); },
      [](std::span<const std::span<const std::uint8_t>> m, std::span<sha256::Sum> out) { sha256::sum_many(m, out); });
  add_many_cases<sha224::Digest, sha224::Update, fipsmod_sha224_update_item>(
      c, cpp, "fipsmod_sha224", "sha224", internal::Approval::approved, "SHA-224", fipsmod_sha224_init,
      fipsmod_sha224_update_many, fipsmod_sha224_many, [](std::span<const sha224::Update> u) { sha224::update_many(u); },
      [](std::span<const std::span<const std::uint8_t>> m, std::span<sha224::Sum> out) { sha224::sum_many(m, out); });
  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());
  const auto yes = internal::Approval::approved;
  cpp.push_back({"sha256::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha256::sum(text)); }); });
                 }, "SHA-256"});
  cpp.push_back({"sha224::sum(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, sha224::sum(text)); }); });
                 }, "SHA-224"});
}

}  // namespace fipsmod::testing
