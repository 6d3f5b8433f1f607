#include "service.hpp"

#include <cstdio>
#include <cstdlib>

namespace fipsmod::internal {

thread_local constinit FIPSMOD_TLS_FAST Indicator last_service_indicator = Indicator::not_approved;
thread_local constinit FIPSMOD_TLS_FAST unsigned enforcement_lifted = 0;

#if FIPSMOD_CHECK_NESTING
thread_local constinit FIPSMOD_TLS_FAST const char* running_service = nullptr;

void nested_service(const char* outer, const char* inner) noexcept {
  std::fprintf(stderr, "fipsmod: service %s entered while service %s runs on this thread\n", inner, outer);
  std::abort();
}
#endif

}  // namespace fipsmod::internal
