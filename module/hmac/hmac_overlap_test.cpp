// Overlapping arguments (docs/design.md) for HMAC over each hash, on every
// kernel of the hash: testing/overlap.hpp.
#include <gtest/gtest.h>

#include <fipsmod/hmac.hpp>

#include "internal.hpp"
#include "testing/overlap.hpp"
#include "traits.hpp"

namespace fipsmod::hmac {
namespace {

TEST(HmacSha256Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha256::Digest>, Keyed<sha256::Sha256>, Sha256::ctx_tag>(
      sha256::kernels(), sha256::size);
}

TEST(HmacSha224Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha224::Digest>, Keyed<sha256::Sha224>, Sha224::ctx_tag>(
      sha256::kernels(), sha224::size);
}

}  // namespace
}  // namespace fipsmod::hmac
