// Botan as a live oracle: random messages in random pieces, hashed by every
// usable SHA-512 kernel (as SHA-512, SHA-384 and SHA-512/256) and by Botan,
// must agree. Botan 2 has no SHA-512/224: its vectors come from OpenSSL
// (vectors/gen_vectors.cpp), and its initial value from the generation
// function of FIPS 180-4 §5.3.6 (sha512_test).
#include <botan/hash.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "internal.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::sha512 {
namespace {

using Bytes = std::vector<std::uint8_t>;

class Sha512AgainstBotan : public ::testing::TestWithParam<const Kernel*> {};

Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

template <class Sum>
bool same(const Sum& got, const Botan::secure_vector<std::uint8_t>& want) {
  return std::equal(got.begin(), got.end(), want.begin(), want.end());
}

TEST_P(Sha512AgainstBotan, RandomMessagesInRandomPieces) {
  std::mt19937_64 rng(0x736861355f626f74);  // fixed: a failure reproduces
  const auto botan512 = Botan::HashFunction::create_or_throw("SHA-512");
  const auto botan384 = Botan::HashFunction::create_or_throw("SHA-384");
  const auto botan256 = Botan::HashFunction::create_or_throw("SHA-512-256");
  for (int round = 0; round < 300; ++round) {
    const Bytes message = random_bytes(rng, rng() % 5000);
    internal::hash::OnKernel<Sha512> d(*GetParam());
    internal::hash::OnKernel<Sha384> e(*GetParam());
    internal::hash::OnKernel<Sha512_256> f(*GetParam());
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t piece = std::min<std::size_t>(rng() % 300, message.size() - at);
      const auto part = std::span(message).subspan(at, piece);
      d.update(part);
      e.update(part);
      f.update(part);
      at += piece;
    }
    botan512->update(message);
    botan384->update(message);
    botan256->update(message);
    const auto at = ::testing::Message() << "round " << round << ", length " << message.size();
    ASSERT_TRUE(same(d.sum(), botan512->final())) << at;
    ASSERT_TRUE(same(e.sum(), botan384->final())) << at;
    ASSERT_TRUE(same(f.sum(), botan256->final())) << at;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha512AgainstBotan, ::testing::ValuesIn(kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::sha512
