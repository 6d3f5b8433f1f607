// The entropy source's description of itself. It has no known answer of
// its own: its conditioning is SHA-256, whose known answer runs before
// (packages.def: entropy is built on sha256); its start-up health test runs
// when seed material is first asked for (entropy.cpp), not at power-on.
// Its one service gives raw samples, for assessment.
#include "core/package.hpp"
#include "health.hpp"
#include "internal.hpp"

namespace fipsmod::entropy {

void describe(internal::PackageBuilder& out) {
  out.services.push_back({"Entropy source raw samples (assessment)", "one-shot", raw_samples_approval});
}

}  // namespace fipsmod::entropy
