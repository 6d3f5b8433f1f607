// Overlapping arguments (docs/design.md) for SHA-256 and SHA-224, on every
// kernel: testing/overlap.hpp.
#include <gtest/gtest.h>

#include <fipsmod/sha256.hpp>

#include "internal.hpp"
#include "testing/overlap.hpp"

namespace fipsmod::sha256 {
namespace {

TEST(Sha256Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<Api, internal::hash::Running<Sha256>, Sha256::ctx_tag>(kernels());
}

TEST(Sha224Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<sha224::Api, internal::hash::Running<Sha224>, Sha224::ctx_tag>(
      kernels());
}

}  // namespace
}  // namespace fipsmod::sha256
