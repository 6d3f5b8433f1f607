// The service cases (testing/service_cases.hpp) of a hash's calls on many
// computations at once: the C functions fipsmod_NAME_update_many and
// fipsmod_NAME_many and the C++ update_many and sum_many, each one call of
// the hash's service with its approval. MD5's (not approved) and SHA-256's
// and SHA-224's (approved) cases are this one template.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "testing/service_cases.hpp"

namespace fipsmod::testing {

// Digest: the hash's C++ Digest; Update, its C++ Update (over Item, the C
// update item); the four calls as the header declares them.
template <class Digest, class Update, class Item>
void add_many_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp, const std::string& name,
                    const std::string& cpp_name, internal::Approval approval, const std::string& ROW, auto init,
                    auto update_many, auto many, auto cpp_update_many, auto cpp_sum_many) {
  using Ctx = typename Digest::Api::ctx;
  constexpr std::size_t size = Digest::Api::size;
  const auto* m = message().data();
  const std::size_t n = message().size();
  // On many contexts or messages at once: the same service, one call.
  c.push_back({name + "_update_many", approval, [=](auto, auto& hooks) {
                 Ctx ctx[2]{};
                 for (auto& one : ctx) {
                   if (const int s = init(&one); s != FIPSMOD_OK) return s;
                 }
                 const Item items[] = {{&ctx[0], m, n}, {&ctx[1], m, n / 2}};
                 return call_on(hooks, ctx, [&] { return update_many(items, 2); });
               }, ROW});
  c.push_back({name + "_many", approval, [=](auto out, auto& hooks) {
                 const void* data[] = {m};
                 const size_t len[] = {n};
                 return call_on(hooks, [&] { return many(1, data, len, reinterpret_cast<std::uint8_t(*)[size]>(out.data())); });
               }, ROW});

  const auto msg = message();
  cpp.push_back({cpp_name + "::update_many", approval, [=](auto, auto& hooks) {
                   std::optional<Digest> d[2];
                   for (auto& one : d) {
                     if (const int s = status_of([&] { one.emplace(); }); s != FIPSMOD_OK) return s;
                   }
                   const Update updates[] = {{&*d[0], msg}, {&*d[1], msg}};
                   return call_on(hooks, d, [&] { return status_of([&] { cpp_update_many(updates); }); });
                 }, ROW});
  cpp.push_back({cpp_name + "::sum_many", approval, [=](auto out, auto& hooks) {
                   const std::span<const std::uint8_t> messages[] = {msg};
                   typename Digest::Sum sums[1]{};
                   return call_on(hooks, sums, [&] {
                     return status_of([&] {
                       cpp_sum_many(messages, sums);
                       put(out, sums[0]);
                     });
                   });
                 }, ROW});
}

}  // namespace fipsmod::testing
