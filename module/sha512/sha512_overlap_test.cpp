// Overlapping arguments (docs/design.md) for SHA-512, SHA-384, SHA-512/224
// and SHA-512/256, on every kernel: testing/overlap.hpp.
#include <gtest/gtest.h>

#include <fipsmod/sha512.hpp>

#include "internal.hpp"
#include "testing/overlap.hpp"

namespace fipsmod::sha512 {
namespace {

TEST(Sha512Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<Api, internal::hash::Running<Sha512>, Sha512::ctx_tag>(kernels());
}

TEST(Sha384Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<sha384::Api, internal::hash::Running<Sha384>, Sha384::ctx_tag>(
      kernels());
}

TEST(Sha512t224Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<sha512_224::Api, internal::hash::Running<Sha512_224>,
                                                Sha512_224::ctx_tag>(kernels());
}

TEST(Sha512t256Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<sha512_256::Api, internal::hash::Running<Sha512_256>,
                                                Sha512_256::ctx_tag>(kernels());
}

}  // namespace
}  // namespace fipsmod::sha512
