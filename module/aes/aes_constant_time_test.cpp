// AES under memcheck (testing/constant_time.hpp, docs/constant-time.md), on
// every usable kernel, each key size, with the key and the text secret:
// the key expansion, then encryption or decryption of nine blocks (past a
// kernel's widest batch, with a tail), or CTR over a message that ends in
// a partial block (counter public); and the C functions on the selected
// kernel.
#include <gtest/gtest.h>

#include <fipsmod/aes.h>

#include "core/secure_zero.hpp"
#include "internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::aes {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

constexpr std::size_t kBlocks = 9;

enum class Mode { encrypt, decrypt, ctr };

// The text encrypted, decrypted or in CTR mode under key, on kernel k.
Bytes compute(const Kernel& k, Mode mode, const Bytes& key, const Bytes& text) {
  Schedule s{};
  k.expand(&s, key.data(), key.size());
  Bytes out(text.size());
  switch (mode) {
    case Mode::encrypt:
      k.encrypt(&s, text.data(), out.data(), text.size() / block_size);
      break;
    case Mode::decrypt:
      k.decrypt(&s, text.data(), out.data(), text.size() / block_size);
      break;
    case Mode::ctr: {
      Bytes counter(block_size, 0xff);  // public; wraps past 2^128 - 1 at once
      ctr(k, s, counter.data(), text.data(), out.data(), text.size());
      break;
    }
  }
  internal::secure_zero(&s, sizeof s);
  return out;
}

class AesConstantTime : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(AesConstantTime, SecretKeyAndText) {
  for (const std::size_t key_size : {16, 24, 32}) {
    const Bytes key = ct::bytes(key_size, 1);
    for (const Mode mode : {Mode::encrypt, Mode::decrypt, Mode::ctr}) {
      const Bytes text = ct::bytes(kBlocks * block_size + (mode == Mode::ctr ? 5 : 0), 2);
      const Bytes got = ct::on_secrets({key, text}, [&](const std::vector<Bytes>& in) {
        return compute(*GetParam(), mode, in[0], in[1]);
      });
      EXPECT_EQ(got, compute(kernels().generic(), mode, key, text))
          << "key " << key_size << " mode " << static_cast<int>(mode);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, AesConstantTime, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// The C functions, through the gate and the context, on the selected
// kernel: init, a block each way, CTR.
TEST(AesConstantTime, CApi) {
  const Bytes key = ct::bytes(32, 3), text = ct::bytes(3 * block_size + 7, 4), iv(block_size, 0x11);
  const auto run = [&iv](const std::vector<Bytes>& in) {
    fipsmod_aes_ctx ctx{};
    Bytes out(2 * block_size + in[1].size());
    EXPECT_EQ(fipsmod_aes_init(&ctx, in[0].data(), in[0].size()), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_aes_encrypt_block(&ctx, in[1].data(), out.data()), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_aes_decrypt_block(&ctx, in[1].data(), out.data() + block_size), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_aes_ctr(&ctx, iv.data(), in[1].data(), in[1].size(), out.data() + 2 * block_size), FIPSMOD_OK);
    fipsmod_aes_cleanse(&ctx);
    return out;
  };
  EXPECT_EQ(ct::on_secrets({key, text}, run), run({key, text}));
}

}  // namespace
}  // namespace fipsmod::aes
