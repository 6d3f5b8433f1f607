// CTR_DRBG under memcheck (testing/constant_time.hpp, docs/constant-time.md),
// on every usable AES kernel, with and without the derivation function:
// the entropy input, nonce, personalisation string and every additional
// input secret (their lengths public), so the working state (Key, V) and
// every output are too. Instantiate, generate (a part block: the tail
// path), reseed, generate (the kernels' many-block path), each with
// additional input; then V set to a secret value whose low word is about
// to carry, generating across the carry. Then the C functions of the
// deterministic DRBG on the selected kernel, with prediction resistance.
#include <gtest/gtest.h>

#include <fipsmod/ctr_drbg.h>

#include <cstring>

#include "ctr_drbg.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::drbg {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

// in: entropy, nonce, personalisation, reseed entropy, three additional
// inputs, a V. Out: the three generates' outputs.
Bytes run(const aes::Kernel& k, bool df, const std::vector<Bytes>& in) {
  State s{};
  Bytes out(67 + 256 + 40);
  const auto first = std::span(out).first(67), second = std::span(out).subspan(67, 256), third = std::span(out).last(40);
  bool ok = instantiate(k, s, df, in[0], df ? std::span<const std::uint8_t>(in[1]) : std::span<const std::uint8_t>{},
                        in[2]) == internal::Status::ok;
  ok = ok && generate(k, s, first, in[4]) == internal::Status::ok;
  ok = ok && reseed(k, s, in[3], in[5]) == internal::Status::ok;
  ok = ok && generate(k, s, second, in[6]) == internal::Status::ok;
  std::memcpy(s.v, in[7].data(), block_size);
  ok = ok && generate(k, s, third, {}) == internal::Status::ok;
  cleanse(s);
  out.push_back(ok ? 1 : 0);
  return out;
}

class DrbgConstantTime : public ::testing::TestWithParam<const aes::Kernel*> {};

TEST_P(DrbgConstantTime, SecretSeedAndState) {
  const aes::Kernel& k = *GetParam();
  Bytes v = ct::bytes(16, 9);
  std::memset(v.data() + 8, 0xff, 7);  // the low word two blocks short of its carry
  v[15] = 0xfe;
  for (const bool df : {true, false}) {
    const std::size_t entropy = df ? 40 : seed_size, other = df ? 44 : 30;
    const std::vector<Bytes> in{ct::bytes(entropy, 1), ct::bytes(16, 2), ct::bytes(other, 3), ct::bytes(entropy, 4),
                                ct::bytes(other, 5),   ct::bytes(other, 6), ct::bytes(other, 7), v};
    const Bytes want = run(aes::kernels().generic(), df, in);
    EXPECT_EQ(want.back(), 1);
    EXPECT_EQ(ct::on_secrets({in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7]},
                             [&](const std::vector<Bytes>& s) { return run(k, df, s); }),
              want)
        << (df ? "df" : "no df");
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, DrbgConstantTime, ::testing::ValuesIn(aes::kernels().usable()),
                         testing::KernelParamName{});

// The C functions, through the gate, on the selected kernel: instantiate
// with prediction resistance, generate with fresh entropy and additional
// input (a reseed, then a generate), reseed, generate.
TEST(DrbgConstantTime, CApi) {
  const auto c_run = [](const std::vector<Bytes>& in) {
    fipsmod_ctr_drbg_ctx ctx;
    Bytes out(100 + 33 + 2);
    const int s = fipsmod_ctr_drbg_instantiate(&ctx, FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE,
                                               in[0].data(), in[0].size(), in[1].data(), in[1].size(), in[2].data(),
                                               in[2].size());
    out[133] = s == FIPSMOD_OK;
    out[134] = fipsmod_ctr_drbg_generate(&ctx, in[3].data(), in[3].size(), in[4].data(), in[4].size(), out.data(), 100) ==
                   FIPSMOD_OK &&
               fipsmod_ctr_drbg_reseed(&ctx, in[0].data(), in[0].size(), in[4].data(), in[4].size()) == FIPSMOD_OK &&
               fipsmod_ctr_drbg_generate(&ctx, in[3].data(), in[3].size(), nullptr, 0, out.data() + 100, 33) ==
                   FIPSMOD_OK;
    fipsmod_ctr_drbg_cleanse(&ctx);
    return out;
  };
  const Bytes entropy = ct::bytes(48, 11), nonce = ct::bytes(16, 12), pers = ct::bytes(20, 13), fresh = ct::bytes(32, 14),
              additional = ct::bytes(10, 15);
  const Bytes got = ct::on_secrets({entropy, nonce, pers, fresh, additional}, c_run);
  EXPECT_EQ(got, c_run({entropy, nonce, pers, fresh, additional}));
  EXPECT_EQ(Bytes(got.end() - 2, got.end()), Bytes({1, 1}));
}

}  // namespace
}  // namespace fipsmod::drbg
