// The entropy source's service cases (testing/service_cases.hpp): raw
// samples, never approved. (fipsmod_entropy_status is introspection, named
// as no service in testing/service_cases_test.cpp.)
#include <fipsmod/entropy.hpp>

#include "entropy/health.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

void entropy_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const std::string ROW = "Entropy source raw samples (assessment)";
  c.push_back({"fipsmod_entropy_raw_samples", entropy::raw_samples_approval, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_entropy_raw_samples(out.data(), out.size()); });
               }, ROW});
  cpp.push_back({"entropy::raw_noise", entropy::raw_samples_approval, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { entropy::raw_noise(out); }); });
                 }, ROW});
}

}  // namespace fipsmod::testing
