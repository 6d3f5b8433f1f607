// Botan as a live oracle: random messages in random pieces, MACed under
// random keys of up to 200 bytes by HMAC on every usable kernel of the hash
// it runs on (SHA-256 and SHA-224) and by Botan, must agree.
#include <botan/mac.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "traits.hpp"

namespace fipsmod::hmac {
namespace {

using Bytes = std::vector<std::uint8_t>;
using sha256::Kernel;

class HmacAgainstBotan : public ::testing::TestWithParam<const Kernel*> {};

Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

TEST_P(HmacAgainstBotan, RandomMessagesInRandomPiecesUnderRandomKeys) {
  std::mt19937_64 rng(0x686d61635f626f74);  // fixed: a failure reproduces
  const auto hmac256 = Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-256)");
  const auto hmac224 = Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-224)");
  using H256 = sha256::Sha256;
  using H224 = sha256::Sha224;
  for (int round = 0; round < 300; ++round) {
    const Bytes message = random_bytes(rng, rng() % 5000), key = random_bytes(rng, rng() % 201);
    Keyed<H256> k256;
    Keyed<H224> k224;
    hmac::key<H256>(k256, *GetParam(), key);
    hmac::key<H224>(k224, *GetParam(), key);
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 300, message.size() - at);
      const auto part = std::span(message).subspan(at, piece);
      absorb<H256>(k256, part);
      absorb<H224>(k224, part);
      at += piece;
    }
    hmac256->set_key(key);
    hmac256->update(message);
    hmac224->set_key(key);
    hmac224->update(message);
    const auto mac256 = hmac256->final(), mac224 = hmac224->final();
    std::array<std::uint8_t, H256::size> m256;
    std::array<std::uint8_t, H224::size> m224;
    finish<H256>(k256, m256);
    finish<H224>(k224, m224);
    const auto at = ::testing::Message() << "round " << round << ", length " << message.size() << ", key "
                                          << key.size();
    ASSERT_TRUE(std::equal(m256.begin(), m256.end(), mac256.begin(), mac256.end())) << at;
    ASSERT_TRUE(std::equal(m224.begin(), m224.end(), mac224.begin(), mac224.end())) << at;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacAgainstBotan, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::hmac
