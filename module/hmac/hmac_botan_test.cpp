// Botan as a live oracle: random messages in random pieces, MACed under
// random keys of up to 200 bytes (300 for the SHA-512 family, whose block
// is 128 bytes) by HMAC on every usable kernel of the hash it runs on and by
// Botan, must agree: HMAC over SHA-256, SHA-224, SHA-512, SHA-384 and
// SHA-512/256 (Botan 2 has no SHA-512/224; the differential fuzzer holds
// that one to OpenSSL).
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

// The SHA-512 family: one hash per run of the same random stream.
template <class H>
void expect_agreement(const sha512::Kernel& kernel, const char* botan_name, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto botan = Botan::MessageAuthenticationCode::create_or_throw(botan_name);
  for (int round = 0; round < 200; ++round) {
    const Bytes message = random_bytes(rng, rng() % 5000), key = random_bytes(rng, rng() % 301);
    Keyed<H> k;
    hmac::key<H>(k, kernel, key);
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 400, message.size() - at);
      absorb<H>(k, std::span(message).subspan(at, piece));
      at += piece;
    }
    std::array<std::uint8_t, H::size> mine;
    finish<H>(k, mine);
    wipe<H>(k);
    botan->set_key(key);
    botan->update(message);
    const auto theirs = botan->final();
    ASSERT_TRUE(std::equal(mine.begin(), mine.end(), theirs.begin(), theirs.end()))
        << botan_name << " round " << round << ", length " << message.size() << ", key " << key.size();
  }
}

class HmacSha512AgainstBotan : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HmacSha512AgainstBotan, RandomMessagesInRandomPiecesUnderRandomKeys) {
  expect_agreement<sha512::Sha512>(*GetParam(), "HMAC(SHA-512)", 0x686d61633531325f);
  expect_agreement<sha512::Sha384>(*GetParam(), "HMAC(SHA-384)", 0x686d61633338345f);
  expect_agreement<sha512::Sha512_256>(*GetParam(), "HMAC(SHA-512-256)", 0x686d61633531325e);
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacSha512AgainstBotan, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::hmac
