// The DRBG package's description of itself: CTR_DRBG with its known answer
// on every AES kernel, and its services.
#include "core/package.hpp"
#include "ctr_drbg.hpp"
#include "random.hpp"

namespace fipsmod::drbg {

void describe(internal::PackageBuilder& out) {
  // The module's own DRBG's rows (fipsmod_random_bytes: random.cpp).
  process::describe_services(out);
}

}  // namespace fipsmod::drbg
