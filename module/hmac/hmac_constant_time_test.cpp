// HMAC under memcheck with the key and the message secret
// (testing/constant_time.hpp, docs/constant-time.md): every SHA-2 hash on
// every usable kernel of its list (SHA-224 and SHA-256 on SHA-256's,
// the other four on SHA-512's), under keys shorter than a block, of a
// block and longer (hashed first), over a message of several blocks and a
// partial one streamed in two pieces; and the C API's one-shot and
// context calls, on the selected kernels.
#include <gtest/gtest.h>

#include <fipsmod/hmac.h>

#include "internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"
#include "traits.hpp"

namespace fipsmod::hmac {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

template <class H>
Bytes mac_in_two_pieces(const typename H::Kernel& k, const Bytes& key, const Bytes& message) {
  Keyed<H> keyed;
  hmac::key<H>(keyed, k, key);
  const std::size_t split = message.size() / 2 + 3;  // not on a block boundary
  absorb<H>(keyed, std::span(message).first(split));
  absorb<H>(keyed, std::span(message).subspan(split));
  Bytes out(H::size);
  finish<H>(keyed, out);
  wipe<H>(keyed);
  return out;
}

template <class H>
void check_on(const typename H::Kernel& k) {
  for (const std::size_t key_size : {kMinApprovedKeySize, H::block_size, H::block_size + 1, 3 * H::block_size + 5}) {
    const Bytes key = ct::bytes(key_size, 1), message = ct::bytes(3 * H::block_size + 17, 2);
    const Bytes got = ct::on_secrets({key, message}, [&](const std::vector<Bytes>& in) {
      return mac_in_two_pieces<H>(k, in[0], in[1]);
    });
    EXPECT_EQ(got, mac_in_two_pieces<H>(H::kernels().generic(), key, message)) << H::service << " key " << key_size;
  }
}

class HmacSha256ConstantTime : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(HmacSha256ConstantTime, SecretKeyAndMessage) {
  check_on<sha256::Sha256>(*GetParam());
  check_on<sha256::Sha224>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacSha256ConstantTime, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class HmacSha512ConstantTime : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HmacSha512ConstantTime, SecretKeyAndMessage) {
  check_on<sha512::Sha512>(*GetParam());
  check_on<sha512::Sha384>(*GetParam());
  check_on<sha512::Sha512_224>(*GetParam());
  check_on<sha512::Sha512_256>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacSha512ConstantTime, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

// The C functions, through the gate and the context, on the selected
// kernel: the one-shot, and init, update and sum.
template <class Ctx, std::size_t Size>
void check_c_api(auto one_shot, auto init, auto update, auto sum) {
  const Bytes key = ct::bytes(40, 3), message = ct::bytes(300, 4);
  Bytes expected(Size);
  ASSERT_EQ(one_shot(key.data(), key.size(), message.data(), message.size(), expected.data()), FIPSMOD_OK);
  int status = -1;
  const Bytes got = ct::on_secrets({key, message}, [&](const std::vector<Bytes>& in) {
    Bytes out(Size);
    status = one_shot(in[0].data(), in[0].size(), in[1].data(), in[1].size(), out.data());
    return out;
  });
  EXPECT_EQ(status, FIPSMOD_OK);
  EXPECT_EQ(got, expected);
  const Bytes streamed = ct::on_secrets({key, message}, [&](const std::vector<Bytes>& in) {
    Ctx ctx{};
    Bytes out(Size);
    EXPECT_EQ(init(&ctx, in[0].data(), in[0].size()), FIPSMOD_OK);
    EXPECT_EQ(update(&ctx, in[1].data(), 100), FIPSMOD_OK);
    EXPECT_EQ(update(&ctx, in[1].data() + 100, in[1].size() - 100), FIPSMOD_OK);
    EXPECT_EQ(sum(&ctx, out.data()), FIPSMOD_OK);
    return out;
  });
  EXPECT_EQ(streamed, expected);
}

TEST(HmacConstantTime, CApi) {
  check_c_api<fipsmod_hmac_sha256_ctx, FIPSMOD_SHA256_SIZE>(fipsmod_hmac_sha256, fipsmod_hmac_sha256_init,
                                                            fipsmod_hmac_sha256_update, fipsmod_hmac_sha256_sum);
  check_c_api<fipsmod_hmac_sha512_ctx, FIPSMOD_SHA512_SIZE>(fipsmod_hmac_sha512, fipsmod_hmac_sha512_init,
                                                            fipsmod_hmac_sha512_update, fipsmod_hmac_sha512_sum);
}

}  // namespace
}  // namespace fipsmod::hmac
