// PBKDF2's service cases (testing/service_cases.hpp): every C function and
// C++ call at each boundary of the approval rule, both ways: salt 16 and
// 15 bytes, output 14 and 13 bytes, 1000 and 999 iterations (the other two
// at their approved least), and a 13-byte password, which does not count.
#include <fipsmod/pbkdf2.hpp>

#include "pbkdf2/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

template <class Hash>
void add_pbkdf2_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name,
                      std::string hash_name, auto derive) {
  namespace p = pbkdf2;
  // Each point's approval is written out, not asked of pbkdf2::approval_for:
  // an expectation computed by the code under test would pass whatever its
  // boundary (Go's golang/go#79228 was a length check that no test held to
  // a number).
  struct Point {
    std::size_t password, salt, out;
    std::uint32_t iterations;
    bool approved;
  };
  static_assert(p::min_approved_salt_size == 16 && p::min_approved_output_size == 14 &&
                p::min_approved_iterations == 1000);
  for (const Point at : {Point{8, 16, 14, 1000, true}, Point{13, 16, 14, 1000, true}, Point{8, 15, 14, 1000, false},
                         Point{8, 16, 13, 1000, false}, Point{8, 16, 14, 999, false}}) {
    const internal::Approval a = at.approved ? internal::Approval::approved : internal::Approval::not_approved;
    const std::string where = " (password " + std::to_string(at.password) + ", salt " + std::to_string(at.salt) +
                              ", output " + std::to_string(at.out) + ", " + std::to_string(at.iterations) +
                              " iterations)";
    const std::string row = "PBKDF2-HMAC-" + hash_name +
                            (a == internal::Approval::approved
                                 ? ", salt >= 16 bytes, output >= 14 bytes, iterations >= 1000"
                                 : ", salt < 16 bytes, output < 14 bytes or iterations < 1000");
    const auto password = key_of(at.password), salt = std::vector<std::uint8_t>(at.salt, 0x53);
    const std::string text(password.begin(), password.end());
    c.push_back({name + where, a, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] {
                     return derive(password.data(), password.size(), salt.data(), salt.size(), at.iterations,
                                   out.data(), at.out);
                   });
                 }, row});
    const std::string cpp_name = "pbkdf2::derive<" + name.substr(std::string("fipsmod_pbkdf2_").size()) + "::Digest>";
    cpp.push_back({cpp_name + "(span)" + where, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] {
                       return status_of([&] { p::derive<Hash>(password, salt, at.iterations, out.first(at.out)); });
                     });
                   }, row});
    cpp.push_back({cpp_name + "(string_view)" + where, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] {
                       return status_of(
                           [&] { p::derive<Hash>(std::string_view(text), salt, at.iterations, out.first(at.out)); });
                     });
                   }, row});
  }
}

void pbkdf2_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_pbkdf2_cases<sha256::Digest>(c, cpp, "fipsmod_pbkdf2_sha256", "SHA-256", fipsmod_pbkdf2_sha256);
  add_pbkdf2_cases<sha224::Digest>(c, cpp, "fipsmod_pbkdf2_sha224", "SHA-224", fipsmod_pbkdf2_sha224);
  add_pbkdf2_cases<sha384::Digest>(c, cpp, "fipsmod_pbkdf2_sha384", "SHA-384", fipsmod_pbkdf2_sha384);
  add_pbkdf2_cases<sha512::Digest>(c, cpp, "fipsmod_pbkdf2_sha512", "SHA-512", fipsmod_pbkdf2_sha512);
  add_pbkdf2_cases<sha512_224::Digest>(c, cpp, "fipsmod_pbkdf2_sha512_224", "SHA-512/224", fipsmod_pbkdf2_sha512_224);
  add_pbkdf2_cases<sha512_256::Digest>(c, cpp, "fipsmod_pbkdf2_sha512_256", "SHA-512/256", fipsmod_pbkdf2_sha512_256);
}

}  // namespace fipsmod::testing
