// XORBytes' service cases (testing/service_cases.hpp): not a cryptographic
// service.
#include <fipsmod/subtle.hpp>

#include "testing/service_cases.hpp"

namespace fipsmod::testing {

void subtle_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  using internal::Approval;
  const std::string ROW = "XORBytes";
  const auto* m = message().data();
  const std::size_t n = message().size();
  const auto msg = message();
  c.push_back({"fipsmod_xor_bytes", Approval::not_a_service, [=](auto out, auto& hooks) {
                 std::size_t written = 0;
                 return call_on(hooks, written, [&] {
                   return fipsmod_xor_bytes(out.data(), out.size(), m, n, m + 1, n - 1, &written);
                 });
               }, ROW});
  cpp.push_back({"subtle::xor_bytes", Approval::not_a_service, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { subtle::xor_bytes(out, msg, msg.subspan(1)); }); });
                 }, ROW});
}

}  // namespace fipsmod::testing
