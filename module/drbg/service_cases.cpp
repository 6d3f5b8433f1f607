// The DRBG package's service cases (testing/service_cases.hpp): the random
// service, every C function and C++ call of <fipsmod/random.h(pp)>, with
// and without additional input and prediction resistance (all approved:
// it has no other side).
#include <fipsmod/random.hpp>

#include "drbg/random.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

namespace {

const std::string kRandom = "Random bytes (CTR_DRBG AES-256), with or without additional input or prediction resistance";

void random_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const auto a = drbg::process::approval;
  c.push_back({"fipsmod_random_bytes", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_random_bytes(out.data(), 32); });
               }, kRandom, true});
  c.push_back({"fipsmod_random_bytes_ex (additional input)", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_random_bytes_ex(out.data(), 32, kMessage, sizeof kMessage, 0); });
               }, kRandom, true});
  c.push_back({"fipsmod_random_bytes_ex (prediction resistance)", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] {
                   return fipsmod_random_bytes_ex(out.data(), 32, nullptr, 0, FIPSMOD_RANDOM_PREDICTION_RESISTANCE);
                 });
               }, kRandom, true});
  cpp.push_back({"random::fill(span)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { random::fill(out.first(32)); }); });
                 }, kRandom, true});
  cpp.push_back({"random::fill(span, additional, prediction resistance)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { random::fill(out.first(32), message(), true); }); });
                 }, kRandom, true});
  cpp.push_back({"random::bytes(n)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, random::bytes(32)); }); });
                 }, kRandom, true});
  cpp.push_back({"random::bytes<N>()", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, random::bytes<32>()); }); });
                 }, kRandom, true});
}

}  // namespace

void drbg_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) { random_cases(c, cpp); }

}  // namespace fipsmod::testing
