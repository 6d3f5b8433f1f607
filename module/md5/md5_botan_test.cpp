// Botan as a live oracle: random messages in random pieces, hashed by every
// usable MD5 kernel and by Botan, must agree.
#include <botan/hash.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::md5 {
namespace {

class Md5AgainstBotan : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(Md5AgainstBotan, RandomMessagesInRandomPieces) {
  std::mt19937_64 rng(0x6d64355f626f74);  // fixed: a failure reproduces
  const auto botan = Botan::HashFunction::create_or_throw("MD5");
  for (int round = 0; round < 400; ++round) {
    std::vector<std::uint8_t> message(rng() % 5000);
    for (auto& b : message) b = static_cast<std::uint8_t>(rng());
    Md5Hash d(*GetParam());
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 300, message.size() - at);
      d.update(std::span(message).subspan(at, piece));
      at += piece;
    }
    botan->update(message);
    const auto expected = botan->final();
    const Sum got = d.sum();
    ASSERT_TRUE(std::equal(got.begin(), got.end(), expected.begin(), expected.end()))
        << "round " << round << ", length " << message.size();
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5AgainstBotan, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::md5
