// HKDF under memcheck (testing/constant_time.hpp, docs/constant-time.md):
// extract with the input keying material and the salt secret, expand with
// the pseudorandom key and the info secret, and the two in one, over
// every SHA-2 hash on every usable kernel of its list, with outputs of
// several blocks and a partial one.
#include <gtest/gtest.h>

#include "internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::hkdf {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

template <class H>
void check_on(const typename H::Kernel& k) {
  const auto& generic = H::kernels().generic();
  const Bytes secret = ct::bytes(32, 1), salt = ct::bytes(H::size, 2), info = ct::bytes(20, 3);
  const auto extracted = [](const typename H::Kernel& on, const Bytes& s, const Bytes& a) {
    Bytes prk(H::size);
    extract<H>(on, s, a, std::span<std::uint8_t, H::size>(prk));
    return prk;
  };
  const Bytes prk = extracted(generic, secret, salt);
  EXPECT_EQ(ct::on_secrets({secret, salt}, [&](const std::vector<Bytes>& in) { return extracted(k, in[0], in[1]); }),
            prk)
      << "extract";

  constexpr std::size_t size = 3 * H::size + 5;
  const auto expanded = [](const typename H::Kernel& on, const Bytes& p, const Bytes& i) {
    Bytes out(size);
    expand<H>(on, p, {i}, out);
    return out;
  };
  EXPECT_EQ(ct::on_secrets({prk, info}, [&](const std::vector<Bytes>& in) { return expanded(k, in[0], in[1]); }),
            expanded(generic, prk, info))
      << "expand";

  const auto derived = [](const typename H::Kernel& on, const Bytes& s, const Bytes& a, const Bytes& i) {
    Bytes out(size);
    key<H>(on, s, a, i, out);
    return out;
  };
  EXPECT_EQ(ct::on_secrets({secret, salt, info},
                           [&](const std::vector<Bytes>& in) { return derived(k, in[0], in[1], in[2]); }),
            derived(generic, secret, salt, info))
      << "extract and expand";
}

class HkdfSha256ConstantTime : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(HkdfSha256ConstantTime, SecretInputs) {
  check_on<sha256::Sha256>(*GetParam());
  check_on<sha256::Sha224>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, HkdfSha256ConstantTime, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class HkdfSha512ConstantTime : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HkdfSha512ConstantTime, SecretInputs) {
  check_on<sha512::Sha512>(*GetParam());
  check_on<sha512::Sha384>(*GetParam());
  check_on<sha512::Sha512_224>(*GetParam());
  check_on<sha512::Sha512_256>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, HkdfSha512ConstantTime, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::hkdf
