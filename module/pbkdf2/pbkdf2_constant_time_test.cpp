// PBKDF2 under memcheck with the password and the salt secret
// (testing/constant_time.hpp, docs/constant-time.md): every SHA-2 hash on
// every usable kernel of its list, a password shorter than a block and one
// longer (hashed first), several iterations, and an output of two blocks
// and a partial one.
#include <gtest/gtest.h>

#include "internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::pbkdf2 {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

template <class H>
void check_on(const typename H::Kernel& k) {
  const auto derived = [](const typename H::Kernel& on, const Bytes& password, const Bytes& salt) {
    Bytes out(2 * H::size + 5);
    derive<H>(on, password, salt, 3, out);
    return out;
  };
  for (const std::size_t password_size : {std::size_t{20}, 2 * H::block_size + 1}) {
    const Bytes password = ct::bytes(password_size, 1), salt = ct::bytes(16, 2);
    EXPECT_EQ(ct::on_secrets({password, salt},
                             [&](const std::vector<Bytes>& in) { return derived(k, in[0], in[1]); }),
              derived(H::kernels().generic(), password, salt))
        << H::service << " password " << password_size;
  }
}

class Pbkdf2Sha256ConstantTime : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(Pbkdf2Sha256ConstantTime, SecretPasswordAndSalt) {
  check_on<sha256::Sha256>(*GetParam());
  check_on<sha256::Sha224>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2Sha256ConstantTime, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class Pbkdf2Sha512ConstantTime : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(Pbkdf2Sha512ConstantTime, SecretPasswordAndSalt) {
  check_on<sha512::Sha512>(*GetParam());
  check_on<sha512::Sha384>(*GetParam());
  check_on<sha512::Sha512_224>(*GetParam());
  check_on<sha512::Sha512_256>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2Sha512ConstantTime, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::pbkdf2
