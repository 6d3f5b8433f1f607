// HMAC's service cases (testing/service_cases.hpp): every C function and
// C++ call, under a 13-byte key (not approved) and a 14-byte one (approved).
#include <fipsmod/hmac.hpp>

#include <optional>

#include "hmac/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

template <class Hash>
void add_hmac_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name, std::string cpp_name,
                    std::string hash_name,
                    auto one_shot, auto init, auto update, auto sum, auto reset) {
  using Ctx = typename hmac::HmacApi<Hash>::ctx;
  using internal::Approval;
  const auto* m = message().data();
  const std::size_t n = message().size();
  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());
  for (const std::size_t key_size : {hmac::min_approved_key_size - 1, hmac::min_approved_key_size}) {
    const Approval a = hmac::approval_for_key(key_size);
    const std::string at = " (key " + std::to_string(key_size) + " bytes)";
    const auto key = key_of(key_size);
    const std::string ROW = "HMAC-" + hash_name + (key_size >= hmac::min_approved_key_size ? ", key >= 14 bytes" : ", key < 14 bytes");
    c.push_back({name + at, a, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return one_shot(key.data(), key.size(), m, n, out.data()); });
                 }, ROW});
    c.push_back({name + "_init" + at, a, [=](auto, auto& hooks) {
                   Ctx ctx{};
                   return call_on(hooks, ctx, [&] { return init(&ctx, key.data(), key.size()); });
                 }, ROW});
    const auto keyed = [&](std::string call_name, auto call) {
      c.push_back({name + call_name + at, a, [=](auto out, auto& hooks) {
                     Ctx ctx{};
                     if (const int s = init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] { return call(&ctx, out); });
                   }, ROW});
    };
    keyed("_update", [=](Ctx* ctx, auto) { return update(ctx, m, n); });
    keyed("_sum", [=](Ctx* ctx, auto out) { return sum(ctx, out.data()); });
    keyed("_reset", [=](Ctx* ctx, auto) { return reset(ctx); });

    cpp.push_back({cpp_name + " one-shot" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { put(out, hmac::sum<Hash>(key, msg)); }); });
                   }, ROW});
    cpp.push_back({cpp_name + "(span)" + at, a, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { hmac::Hmac<Hash> h(key); }); });
                   }, ROW});
    cpp.push_back({cpp_name + "(string_view)" + at, a, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] {
                       return status_of([&] {
                         hmac::Hmac<Hash> h(std::string_view(reinterpret_cast<const char*>(key.data()), key.size()));
                       });
                     });
                   }, ROW});
    const auto made = [&](std::string call_name, auto call) {
      cpp.push_back({cpp_name + call_name + at, a, [=](auto out, auto& hooks) {
                       std::optional<hmac::Hmac<Hash>> h;
                       if (const int s = status_of([&] { h.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, *h, [&] { return status_of([&] { call(*h, out); }); });
                     }, ROW});
    };
    made("::update(span)", [msg](hmac::Hmac<Hash>& h, auto) { h.update(msg); });
    made("::update(string_view)", [text](hmac::Hmac<Hash>& h, auto) { h.update(text); });
    made("::sum", [](hmac::Hmac<Hash>& h, auto out) { put(out, h.sum()); });
    made("::reset", [](hmac::Hmac<Hash>& h, auto) { h.reset(); });
  }
}

void hmac_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  add_hmac_cases<sha256::Digest>(c, cpp, "fipsmod_hmac_sha256", "hmac::Hmac<sha256::Digest>", "SHA-256", fipsmod_hmac_sha256,
                                 fipsmod_hmac_sha256_init, fipsmod_hmac_sha256_update, fipsmod_hmac_sha256_sum,
                                 fipsmod_hmac_sha256_reset);
  add_hmac_cases<sha224::Digest>(c, cpp, "fipsmod_hmac_sha224", "hmac::Hmac<sha224::Digest>", "SHA-224", fipsmod_hmac_sha224,
                                 fipsmod_hmac_sha224_init, fipsmod_hmac_sha224_update, fipsmod_hmac_sha224_sum,
                                 fipsmod_hmac_sha224_reset);
  add_hmac_cases<sha512::Digest>(c, cpp, "fipsmod_hmac_sha512", "hmac::Hmac<sha512::Digest>", "SHA-512",
                                 fipsmod_hmac_sha512, fipsmod_hmac_sha512_init, fipsmod_hmac_sha512_update,
                                 fipsmod_hmac_sha512_sum, fipsmod_hmac_sha512_reset);
  add_hmac_cases<sha384::Digest>(c, cpp, "fipsmod_hmac_sha384", "hmac::Hmac<sha384::Digest>", "SHA-384",
                                 fipsmod_hmac_sha384, fipsmod_hmac_sha384_init, fipsmod_hmac_sha384_update,
                                 fipsmod_hmac_sha384_sum, fipsmod_hmac_sha384_reset);
  add_hmac_cases<sha512_224::Digest>(c, cpp, "fipsmod_hmac_sha512_224", "hmac::Hmac<sha512_224::Digest>", "SHA-512/224",
                                 fipsmod_hmac_sha512_224, fipsmod_hmac_sha512_224_init, fipsmod_hmac_sha512_224_update,
                                 fipsmod_hmac_sha512_224_sum, fipsmod_hmac_sha512_224_reset);
  add_hmac_cases<sha512_256::Digest>(c, cpp, "fipsmod_hmac_sha512_256", "hmac::Hmac<sha512_256::Digest>", "SHA-512/256",
                                 fipsmod_hmac_sha512_256, fipsmod_hmac_sha512_256_init, fipsmod_hmac_sha512_256_update,
                                 fipsmod_hmac_sha512_256_sum, fipsmod_hmac_sha512_256_reset);
}

}  // namespace fipsmod::testing
