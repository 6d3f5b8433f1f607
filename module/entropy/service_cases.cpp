// The entropy source's service cases (testing/service_cases.hpp): raw
// samples, never approved. (fipsmod_entropy_status is introspection, named
// as no service in testing/service_cases_test.cpp.) The tables compare a
// case's output between two runs (selftest_probe after-gate), so each
// call runs with the noise source stuck (a test hook): the same samples
// every time, through the same gate and the same writes. Raw samples skip
// the health tests, so the hook latches nothing.
#include <fipsmod/entropy.hpp>

#include "entropy/health.hpp"
#include "entropy/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

namespace {

// Runs f with the noise source stuck.
template <class F>
int stuck(F&& f) {
  entropy::set_stuck_for_testing(true);
  const int s = f();
  entropy::set_stuck_for_testing(false);
  return s;
}

}  // namespace

void entropy_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const std::string ROW = "Entropy source raw samples (assessment)";
  c.push_back({"fipsmod_entropy_raw_samples", entropy::raw_samples_approval, [=](auto out, auto& hooks) {
                 return stuck([&] { return call_on(hooks, [&] { return fipsmod_entropy_raw_samples(out.data(), out.size()); }); });
               }, ROW});
  cpp.push_back({"entropy::raw_noise", entropy::raw_samples_approval, [=](auto out, auto& hooks) {
                   return stuck([&] { return call_on(hooks, [&] { return status_of([&] { entropy::raw_noise(out); }); }); });
                 }, ROW});
}

}  // namespace fipsmod::testing
