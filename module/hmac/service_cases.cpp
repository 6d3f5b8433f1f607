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
  // One hash's cases: its C functions fipsmod_hmac_<hash>..., its C++ class
  // hmac::Hmac<<hash>::Digest>.
#define FIPSMOD_HMAC_CASES(hash, row)                                                                           \
  add_hmac_cases<hash::Digest>(c, cpp, "fipsmod_hmac_" #hash, "hmac::Hmac<" #hash "::Digest>", row,              \
                               fipsmod_hmac_##hash, fipsmod_hmac_##hash##_init, fipsmod_hmac_##hash##_update,     \
                               fipsmod_hmac_##hash##_sum, fipsmod_hmac_##hash##_reset)
  FIPSMOD_HMAC_CASES(sha256, "SHA-256");
  FIPSMOD_HMAC_CASES(sha224, "SHA-224");
  FIPSMOD_HMAC_CASES(sha512, "SHA-512");
  FIPSMOD_HMAC_CASES(sha384, "SHA-384");
  FIPSMOD_HMAC_CASES(sha512_224, "SHA-512/224");
  FIPSMOD_HMAC_CASES(sha512_256, "SHA-512/256");
#undef FIPSMOD_HMAC_CASES
}

}  // namespace fipsmod::testing
