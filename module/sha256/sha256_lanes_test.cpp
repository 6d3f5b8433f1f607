// The SHA-256 lanes kernels and the services of SHA-256 and SHA-224 on many
// computations (testing/lanes_tests.hpp, shared with MD5): every usable
// lanes kernel against the generic single-stream kernel run on each lane
// alone, the dispatcher and the power-on known answer on it; the C and C++
// services of both hashes (SHA-224 on the same lanes kernels) against
// updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/sha256.hpp>

#include "internal.hpp"
#include "testing/lanes_tests.hpp"

namespace fipsmod::sha256 {
namespace {

struct Sha256Lanes {
  using H = Sha256;
  using Kernel = lanes::Kernel;
  using Digest = sha256::Digest;
  using Update = sha256::Update;
  using Sum = sha256::Sum;
  using Ctx = fipsmod_sha256_ctx;
  using Item = fipsmod_sha256_update_item;
  static const auto& lanes() { return lanes::kernels(); }
  static const auto& single() { return sha256::kernels(); }
  static constexpr const char* algorithm = "sha256_lanes";
  static constexpr auto known_answer_on = &lanes_known_answer_on;
  static constexpr auto init = &fipsmod_sha256_init;
  static constexpr auto update = &fipsmod_sha256_update;
  static constexpr auto sum = &fipsmod_sha256_sum;
  static constexpr auto one_shot = &fipsmod_sha256;
  static constexpr auto update_many = &fipsmod_sha256_update_many;
  static constexpr auto many = &fipsmod_sha256_many;
  static void cpp_update_many(std::span<const Update> u) { sha256::update_many(u); }
  static void cpp_sum_many(std::span<const std::span<const std::uint8_t>> m, std::span<Sum> out) {
    sha256::sum_many(m, out);
  }
  static Sum cpp_sum(std::span<const std::uint8_t> m) { return sha256::sum(m); }
};

// SHA-224: its own services on SHA-256's lanes kernels.
struct Sha224Lanes : Sha256Lanes {
  using H = Sha224;
  using Digest = sha224::Digest;
  using Update = sha224::Update;
  using Sum = sha224::Sum;
  using Ctx = fipsmod_sha224_ctx;
  using Item = fipsmod_sha224_update_item;
  static constexpr auto init = &fipsmod_sha224_init;
  static constexpr auto update = &fipsmod_sha224_update;
  static constexpr auto sum = &fipsmod_sha224_sum;
  static constexpr auto one_shot = &fipsmod_sha224;
  static constexpr auto update_many = &fipsmod_sha224_update_many;
  static constexpr auto many = &fipsmod_sha224_many;
  static void cpp_update_many(std::span<const Update> u) { sha224::update_many(u); }
  static void cpp_sum_many(std::span<const std::span<const std::uint8_t>> m, std::span<Sum> out) {
    sha224::sum_many(m, out);
  }
  static Sum cpp_sum(std::span<const std::uint8_t> m) { return sha224::sum(m); }
};

FIPSMOD_LANES_KERNEL_TESTS(Sha256LanesKernel, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha256Many, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha224Many, Sha224Lanes)

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
