#include "service.hpp"

namespace fipsmod::internal {

thread_local constinit Indicator last_service_indicator = Indicator::not_approved;

}  // namespace fipsmod::internal

namespace fipsmod {

Indicator service_indicator() noexcept { return internal::last_service_indicator; }

}  // namespace fipsmod
