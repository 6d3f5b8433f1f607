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

TEST(HmacSha512Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha512::Digest>, Keyed<sha512::Sha512>, Sha512::ctx_tag>(
      sha512::kernels(), sha512::size);
}

TEST(HmacSha384Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha384::Digest>, Keyed<sha512::Sha384>, Sha384::ctx_tag>(
      sha512::kernels(), sha384::size);
}

TEST(HmacSha512224Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha512_224::Digest>, Keyed<sha512::Sha512_224>, Sha512_224::ctx_tag>(
      sha512::kernels(), sha512_224::size);
}

TEST(HmacSha512256Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hmac_overlap_defined<HmacApi<sha512_256::Digest>, Keyed<sha512::Sha512_256>, Sha512_256::ctx_tag>(
      sha512::kernels(), sha512_256::size);
}

}  // namespace
}  // namespace fipsmod::hmac
