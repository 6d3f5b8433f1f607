// The SHA-256 lanes kernels and the services of SHA-256 and SHA-224 on many
// computations (testing/lanes_tests.hpp, shared with MD5): every usable
// lanes kernel against the generic single-stream kernel run on each lane
// alone, the dispatcher and the power-on known answer on it; the C and C++
// services of both hashes (SHA-224 on the same lanes kernels) against
// updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/sha256.hpp>

#include "sha256_lanes_traits.hpp"
#include "testing/lanes_chain_tests.hpp"

namespace fipsmod::sha256 {
namespace {

FIPSMOD_LANES_KERNEL_TESTS(Sha256LanesKernel, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha256Many, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha224Many, Sha224Lanes)
// The fall back down the list, on test kernels (any CPU).
FIPSMOD_LANES_CHAIN_TESTS(Sha256LanesChain, Sha256)

// A SHA-224 context and a SHA-256 one are of different kinds: each
// many-message service refuses the other's (the tag, as the one-context
// services do), and changes nothing.
TEST(Sha224Many, RefusesASha256Context) {
  fipsmod_sha256_ctx ctx;
  ASSERT_EQ(fipsmod_sha256_init(&ctx), FIPSMOD_OK);
  const fipsmod_sha256_ctx before = ctx;
  const fipsmod_sha224_update_item items[] = {{reinterpret_cast<fipsmod_sha224_ctx*>(&ctx), "abc", 3}};
  EXPECT_EQ(fipsmod_sha224_update_many(items, 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(0, std::memcmp(&before, &ctx, sizeof ctx));
}

}  // namespace
}  // namespace fipsmod::sha256
