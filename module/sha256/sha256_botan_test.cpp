// Botan as a live oracle: random messages in random pieces, hashed and
// MACed (under random keys of up to 200 bytes) by every usable SHA-256
// kernel and by Botan, must agree.
#include <botan/hash.h>
#include <botan/mac.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "../hmac/hmac_kernel.hpp"
#include "sha256_kernel.hpp"
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
  const auto hmac256 = Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-256)");
  const auto hmac224 = Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-224)");
  for (int round = 0; round < 300; ++round) {
    const Bytes message = random_bytes(rng, rng() % 5000), key = random_bytes(rng, rng() % 201);
    Digest d = DigestAccess::on(*GetParam());
    Digest224 e = DigestAccess::on224(*GetParam());
    hmac::Keyed k256, k224;
    hmac::HmacAccess::key(k256, *GetParam(), Variant::sha256, key);
    hmac::HmacAccess::key(k224, *GetParam(), Variant::sha224, key);
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 300, message.size() - at);
      const auto part = std::span(message).subspan(at, piece);
      d.update(part);
      e.update(part);
      hmac::HmacAccess::absorb(k256, part);
      hmac::HmacAccess::absorb(k224, part);
      at += piece;
    }
    botan256->update(message);
    botan224->update(message);
    hmac256->set_key(key);
    hmac256->update(message);
    hmac224->set_key(key);
    hmac224->update(message);
    const auto want256 = botan256->final(), want224 = botan224->final();
    const auto mac256 = hmac256->final(), mac224 = hmac224->final();
    const Sum got256 = d.sum();
    const Sum224 got224 = e.sum();
    Sum m256;
    Sum224 m224;
    hmac::HmacAccess::finish(k256, Variant::sha256, m256);
    hmac::HmacAccess::finish(k224, Variant::sha224, m224);
    const auto at = ::testing::Message() << "round " << round << ", length " << message.size() << ", key "
                                          << key.size();
    ASSERT_TRUE(std::equal(got256.begin(), got256.end(), want256.begin(), want256.end())) << at;
    ASSERT_TRUE(std::equal(got224.begin(), got224.end(), want224.begin(), want224.end())) << at;
    ASSERT_TRUE(std::equal(m256.begin(), m256.end(), mac256.begin(), mac256.end())) << at;
    ASSERT_TRUE(std::equal(m224.begin(), m224.end(), mac224.begin(), mac224.end())) << at;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha256AgainstBotan, ::testing::ValuesIn(kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::sha256
