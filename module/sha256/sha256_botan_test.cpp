// Botan as a live oracle: random messages in random pieces, hashed by every
// usable SHA-256 kernel (as SHA-256 and as SHA-224) and by Botan, must
// agree.
#include <botan/hash.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "internal.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::sha256 {
namespace {

using Bytes = std::vector<std::uint8_t>;

class Sha256AgainstBotan : public ::testing::TestWithParam<const Kernel*> {};

Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

TEST_P(Sha256AgainstBotan, RandomMessagesInRandomPieces) {
  std::mt19937_64 rng(0x736861325f626f74);  // fixed: a failure reproduces
  const auto botan256 = Botan::HashFunction::create_or_throw("SHA-256");
  const auto botan224 = Botan::HashFunction::create_or_throw("SHA-224");
  for (int round = 0; round < 300; ++round) {
    const Bytes message = random_bytes(rng, rng() % 5000);
    internal::hash::OnKernel<Sha256> d(*GetParam());
    internal::hash::OnKernel<Sha224> e(*GetParam());
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 300, message.size() - at);
      const auto part = std::span(message).subspan(at, piece);
      d.update(part);
      e.update(part);
      at += piece;
    }
    botan256->update(message);
    botan224->update(message);
    const auto want256 = botan256->final(), want224 = botan224->final();
    const auto got256 = d.sum();
    const auto got224 = e.sum();
    const auto at = ::testing::Message() << "round " << round << ", length " << message.size();
    ASSERT_TRUE(std::equal(got256.begin(), got256.end(), want256.begin(), want256.end())) << at;
    ASSERT_TRUE(std::equal(got224.begin(), got224.end(), want224.begin(), want224.end())) << at;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha256AgainstBotan, ::testing::ValuesIn(kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::sha256
