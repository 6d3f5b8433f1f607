// AES-GCM under memcheck (testing/constant_time.hpp, docs/constant-time.md),
// on every usable kernel, each key size, with the key, the additional data
// and the text secret (nonce and tag public): seal of texts of no, one
// partial and nine whole blocks and a part; open of the sealed text under
// its tag; and open under a tag wrong in its first or its last byte, which
// must fail without a report: the tag comparison may not branch on where
// the tags differ, only its answer is public (internal::equal declassifies
// it). A nonce of other than 12 bytes (hashed to the pre-counter block)
// too. Then the C functions of the counter-nonce context, on the selected
// kernel.
#include <gtest/gtest.h>

#include <fipsmod/gcm.h>

#include "core/secure_zero.hpp"
#include "internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::gcm {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

// Seal on kernel k: the ciphertext, then the tag.
Bytes sealed(const Kernel& k, const Bytes& key_bytes, const Bytes& nonce, const Bytes& aad, const Bytes& text) {
  Key key{};
  init(k, key, key_bytes);
  Bytes out(text.size() + tag_size);
  seal(k, key, nonce, aad, text.data(), out.data(), text.size(), std::span(out).subspan(text.size()));
  internal::secure_zero(&key, sizeof key);
  return out;
}

// Open on kernel k: the plaintext (zeros on failure), then 1 if the tag
// matched, 0 if not.
Bytes opened(const Kernel& k, const Bytes& key_bytes, const Bytes& nonce, const Bytes& aad, const Bytes& text,
             const Bytes& tag) {
  Key key{};
  init(k, key, key_bytes);
  Bytes out(text.size() + 1);
  out.back() = open(k, key, nonce, aad, text.data(), out.data(), text.size(), tag) ? 1 : 0;
  internal::secure_zero(&key, sizeof key);
  return out;
}

class GcmConstantTime : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(GcmConstantTime, SecretKeyDataAndText) {
  const Kernel& k = *GetParam();
  for (const std::size_t key_size : {16, 24, 32}) {
    for (const std::size_t nonce_size_used : {nonce_size, std::size_t{8}}) {
      for (const std::size_t text_size : {std::size_t{0}, std::size_t{5}, 9 * aes::block_size + 7}) {
        const Bytes key = ct::bytes(key_size, 1), nonce = ct::bytes(nonce_size_used, 2), aad = ct::bytes(20, 3),
                    text = ct::bytes(text_size, 4);
        const std::string at = "key " + std::to_string(key_size) + " nonce " + std::to_string(nonce_size_used) +
                               " text " + std::to_string(text_size);
        const Bytes want = sealed(kernels().generic(), key, nonce, aad, text);
        EXPECT_EQ(ct::on_secrets({key, aad, text},
                                 [&](const std::vector<Bytes>& in) { return sealed(k, in[0], nonce, in[1], in[2]); }),
                  want)
            << "seal, " << at;
        const Bytes ciphertext(want.begin(), want.end() - tag_size), tag(want.end() - tag_size, want.end());
        Bytes right = text;
        right.push_back(1);
        EXPECT_EQ(ct::on_secrets({key, aad, ciphertext},
                                 [&](const std::vector<Bytes>& in) { return opened(k, in[0], nonce, in[1], in[2], tag); }),
                  right)
            << "open, " << at;
        for (const std::size_t wrong_at : {std::size_t{0}, tag_size - 1}) {
          Bytes wrong_tag = tag;
          wrong_tag[wrong_at] ^= 0x80;
          Bytes refused(text.size() + 1, 0);
          EXPECT_EQ(ct::on_secrets({key, aad, ciphertext},
                                   [&](const std::vector<Bytes>& in) {
                                     return opened(k, in[0], nonce, in[1], in[2], wrong_tag);
                                   }),
                    refused)
              << "open under a tag wrong at byte " << wrong_at << ", " << at;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, GcmConstantTime, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// The counter-nonce context's C functions, through the gate, on the
// selected kernel: init with the key secret, seal with the additional data
// and the text secret, open of that under its tag and under a wrong one.
TEST(GcmConstantTime, CApi) {
  const Bytes key = ct::bytes(32, 5), aad = ct::bytes(13, 6), text = ct::bytes(100, 7);
  const std::uint8_t prefix[FIPSMOD_AES_GCM_COUNTER_PREFIX_SIZE] = {1, 2, 3, 4};
  // Seal then open twice (right and wrong tag): ciphertext, tag, nonce,
  // the two opens' outputs, and the three statuses as bytes.
  const auto run = [&prefix](const std::vector<Bytes>& in) {
    fipsmod_aes_gcm_counter_ctx ctx;
    const std::size_t n = in[2].size();
    Bytes out(n + FIPSMOD_AES_GCM_TAG_SIZE + FIPSMOD_AES_GCM_NONCE_SIZE + 2 * n + 3);
    std::uint8_t* ciphertext = out.data();
    std::uint8_t* tag = ciphertext + n;
    std::uint8_t* nonce = tag + FIPSMOD_AES_GCM_TAG_SIZE;
    std::uint8_t* back = nonce + FIPSMOD_AES_GCM_NONCE_SIZE;
    std::uint8_t* status = back + 2 * n;
    EXPECT_EQ(fipsmod_aes_gcm_counter_init(&ctx, in[0].data(), in[0].size(), prefix), FIPSMOD_OK);
    status[0] = fipsmod_aes_gcm_counter_seal(&ctx, in[1].data(), in[1].size(), in[2].data(), n, ciphertext, tag,
                                             FIPSMOD_AES_GCM_TAG_SIZE, nonce) == FIPSMOD_OK;
    status[1] = fipsmod_aes_gcm_counter_open(&ctx, nonce, in[1].data(), in[1].size(), ciphertext, n, tag,
                                             FIPSMOD_AES_GCM_TAG_SIZE, back) == FIPSMOD_OK;
    Bytes wrong(tag, tag + FIPSMOD_AES_GCM_TAG_SIZE);
    ct::declassify(wrong);  // a tag from the wire: public
    wrong[7] ^= 1;
    status[2] = fipsmod_aes_gcm_counter_open(&ctx, nonce, in[1].data(), in[1].size(), ciphertext, n, wrong.data(),
                                             FIPSMOD_AES_GCM_TAG_SIZE, back + n) == FIPSMOD_ERR_AUTHENTICATION;
    fipsmod_aes_gcm_counter_cleanse(&ctx);
    return out;
  };
  const Bytes got = ct::on_secrets({key, aad, text}, run);
  EXPECT_EQ(got, run({key, aad, text}));
  EXPECT_EQ(Bytes(got.end() - 3, got.end()), Bytes({1, 1, 1}));
}

}  // namespace
}  // namespace fipsmod::gcm
