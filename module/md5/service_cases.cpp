// MD5's service cases (testing/service_cases.hpp): every C function and
// C++ call, each not approved.
#include <fipsmod/md5.hpp>

#include <optional>

#include "md5/internal.hpp"
#include "testing/hash_many_cases.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

void md5_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  using internal::Approval;
  const Approval no = Approval::not_approved;
  const std::string ROW = "MD5";
  const auto* m = message().data();
  const std::size_t n = message().size();

  c.push_back({"fipsmod_md5", no, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_md5(m, n, out.data()); });
               }, ROW});
  c.push_back({"fipsmod_md5_init", no, [](auto, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_init(&ctx); });
               }, ROW});
  c.push_back({"fipsmod_md5_update", no, [=](auto, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_update(&ctx, m, n); });
               }, ROW});
  c.push_back({"fipsmod_md5_sum", no, [](auto out, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_sum(&ctx, out.data()); });
               }, ROW});
  c.push_back({"fipsmod_md5_marshal", no, [](auto out, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_marshal(&ctx, out.data()); });
               }, ROW});
  c.push_back({"fipsmod_md5_unmarshal", no, [](auto out, auto& hooks) {
                 // The context is the output here (`out` is aligned for it).
                 auto* ctx = reinterpret_cast<fipsmod_md5_ctx*>(out.data());
                 static_assert(sizeof(fipsmod_md5_ctx) <= kOutSize);
                 const auto state = saved_state<md5::Md5>();
                 return call_on(hooks, [&] { return fipsmod_md5_unmarshal(ctx, state.data(), state.size()); });
               }, ROW});
  // The C++ wrappers; a case's object is made by its constructor first.
  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());
  cpp.push_back({"md5::sum(span)", no, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, md5::sum(msg)); }); });
                 }, ROW});
  cpp.push_back({"md5::sum(string_view)", no, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, md5::sum(text)); }); });
                 }, ROW});
  cpp.push_back({"md5::Digest()", no, [](auto, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([] { md5::Digest d; }); });
                 }, ROW});
  const auto made = [&](std::string name, auto call) {
    cpp.push_back({name, no, [=](auto out, auto& hooks) {
                     std::optional<md5::Digest> d;
                     if (const int s = status_of([&] { d.emplace(); }); s != FIPSMOD_OK) return s;
                     return call_on(hooks, *d, [&] { return status_of([&] { call(*d, out); }); });
                   }, ROW});
  };
  made("md5::Digest::update(span)", [msg](md5::Digest& d, auto) { d.update(msg); });
  made("md5::Digest::update(string_view)", [text](md5::Digest& d, auto) { d.update(text); });
  made("md5::Digest::sum", [](md5::Digest& d, auto out) { put(out, d.sum()); });
  made("md5::Digest::reset", [](md5::Digest& d, auto) { d.reset(); });
  made("md5::Digest::marshal", [](md5::Digest& d, auto out) { put(out, d.marshal()); });
  made("md5::Digest::unmarshal", [](md5::Digest& d, auto) { d.unmarshal(saved_state<md5::Md5>()); });
  add_many_cases<md5::Digest, md5::Update, fipsmod_md5_update_item>(
      c, cpp, "fipsmod_md5", "md5", no, ROW, fipsmod_md5_init, fipsmod_md5_update_many, fipsmod_md5_many,
      [](std::span<const md5::Update> u) { md5::update_many(u); },
      [](std::span<const std::span<const std::uint8_t>> ms, std::span<md5::Sum> out) { md5::sum_many(ms, out); });
}

}  // namespace fipsmod::testing
