// The service cases of one SHA-2 hash (testing/service_cases.hpp), every C
// function and C++ call, each approved: add_sha2_cases, written for any of
// them, which sha256/service_cases.cpp and sha512/service_cases.cpp call.
#pragma once

#include <fipsmod/sha256.hpp>

#include <optional>

#include "sha256/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

template <class H, class Digest>
void add_sha2_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, std::string name, std::string cpp_name,
                    std::string ROW,
                    auto one_shot, auto init, auto update, auto sum, auto marshal, auto unmarshal) {
  using Ctx = typename Digest::Api::ctx;
  using internal::Approval;
  const Approval yes = Approval::approved;
  const auto* m = message().data();
  const std::size_t n = message().size();
  c.push_back({name, yes, [=](auto out, auto& hooks) { return call_on(hooks, [&] { return one_shot(m, n, out.data()); }); }, ROW});
  c.push_back({name + "_init", yes, [=](auto, auto& hooks) {
                 Ctx ctx{};
                 return call_on(hooks, ctx, [&] { return init(&ctx); });
               }, ROW});
  c.push_back({name + "_update", yes, [=](auto, auto& hooks) {
                 Ctx ctx{};
                 if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return update(&ctx, m, n); });
               }, ROW});
  c.push_back({name + "_sum", yes, [=](auto out, auto& hooks) {
                 Ctx ctx{};
                 if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return sum(&ctx, out.data()); });
               }, ROW});
  c.push_back({name + "_marshal", yes, [=](auto out, auto& hooks) {
                 Ctx ctx{};
                 if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return marshal(&ctx, out.data()); });
               }, ROW});
  c.push_back({name + "_unmarshal", yes, [=](auto, auto& hooks) {
                 Ctx ctx{};
                 const auto state = saved_state<H>();
                 return call_on(hooks, ctx, [&] { return unmarshal(&ctx, state.data(), state.size()); });
               }, ROW});

  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());
  cpp.push_back({cpp_name + " sum(span)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, fipsmod::sum<typename Digest::Api>(msg)); }); });
                 }, ROW});
  cpp.push_back({cpp_name + "()", yes, [=](auto, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([] { Digest d; }); });
                 }, ROW});
  const auto made = [&](std::string call_name, auto call) {
    cpp.push_back({cpp_name + call_name, yes, [=](auto out, auto& hooks) {
                     std::optional<Digest> d;
                     if (const int s = status_of([&] { d.emplace(); }); s != FIPSMOD_OK) return s;
                     return call_on(hooks, *d, [&] { return status_of([&] { call(*d, out); }); });
                   }, ROW});
  };
  made("::update(span)", [msg](Digest& d, auto) { d.update(msg); });
  made("::update(string_view)", [text](Digest& d, auto) { d.update(text); });
  made("::sum", [](Digest& d, auto out) { put(out, d.sum()); });
  made("::reset", [](Digest& d, auto) { d.reset(); });
  made("::marshal", [](Digest& d, auto out) { put(out, d.marshal()); });
  made("::unmarshal", [](Digest& d, auto) { d.unmarshal(saved_state<H>()); });
}

}  // namespace fipsmod::testing
