// CTR_DRBG's mechanism (ctr_drbg.hpp) on every usable AES kernel: NIST's
// vectors through the internal functions, the V increment across 2^64 and
// 2^128, the checks, and that nothing is written on an error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/context.hpp"
#include "ctr_drbg.hpp"
#include "fuzz/ctr_drbg_model.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::drbg {
namespace {

using Bytes = std::vector<std::uint8_t>;
using internal::Status;
using testing::from_hex;

class DrbgKernel : public ::testing::TestWithParam<const aes::Kernel*> {
 protected:
  const aes::Kernel& kernel() const { return *GetParam(); }
};

struct Case {
  bool df;
  const char *entropy, *nonce, *pers, *reseed_entropy, *reseed_add, *add1, *add2, *expected;
};

// ACVP ctrDRBG sample set (AES-256), tgId 1 and 4 (df, with and without
// additional input) and 5 and 6 (no df, without and with): instantiate,
// reseed, generate twice, the second's 256 bytes the answer.
const Case cases[] = {
    {true, "B221991DFBD4555D3E31EFAA13C42E3385D366CA629FB3CBC6CD887E3F4D6C575F553C5BDC9808EE638F8B60B3A395E4E39DDCE7",
     "87992CEBACE7DCC85C645E8F7B39AFA0",
     "F6A73B7B8040D1FA5D39F4EF0AC64CBC30528407CE4B68CAD5F6572D1AC2EC9132A9D1B429E20F3A68B542782DA91335",
     "6A4FF6A2CD32C207F50C5CF17FD618B910AC940B083C85744F2581BF2B3ED749F89BAC194B971797351A0491D620143ECA27B43C",
     "21901A0CBD9A47516369D1367EAD574FFD2449CAED061BD50192866A032A12C70B61D0EEBC0BFB766543A79E",
     "E81A91F420652F1BC9F3E58BBBF4D4EB22B1C6A9F5D5E323966D0ED72D9A55A082944D631C632F97F42D01FA",
     "900EF6EF7D75B603C2B9ECC991A24DA8A811D062BAF7D9598E30407DD04B382C16FEFAACFEE56DADFBC3E63C",
     "37155f9a4bb0a7f3951d89879d11c9fbed0b59e7a0053538df18d7b77a020e61382d8e73b9383f994a5007b423e29446c2eedc33ee35849fd278ad88fe2feedd5f3f23d98837ced987da563848fb4178784724ce0ad84213f7e194f88a4b2526b09ae0f92342676103cbf6650a2550216a7fd7c281ea6b4ad5e8af56bac6e3f833aea8eca20873d042fcf0eb856fd13e213032b434fd663be075f2c784f1835743948c78031eb0f1054b5e92185feb925760462ccd33cf26e016c868b935fa9d803c2a5ae7ec1e30cae6f05f4c5dd193187195065f1180da6e14ae82e9e814b6c6a15ea318d90eda4a4d6d625cf41db5f03edb0bace4bdc9ca5fa5882a4f59c0"},
    {true, "870A849E85798EA03A6EBEF5822470423C70656EBC1E6A1557B32423AC34CC49",
     "D8B65DC19351257F3EF44B51BC23DCC0",
     "90B82DAA950BF95D8B718EF04042D355",
     "671114B0850FC63E241ADFFD667C326318F886886C43D19CBA0AAE4CB7B2BB1A",
     "",
     "",
     "",
     "ba1f7450578e3aef9741f56531de3fbced7a9c80dce50bf9f865bc12ccbaf35a18fdbd1abd3a8582f2bea0fce9921465b8d95e4857543ec1d2170eb99d7cc594070ee408c9edd8654c1eec9deffb65eb644eb9567cf59da79e932158725a7e94abb0284bb6677bb9e5666b02bd151c30ed96b6db65039440dd5e2f61a55b247b8ea371810fa721421492330204b25c7a529f648e16a9412f8f0a5c49057c11b4061a2b2a9b17daf0e5c7ff2aed0c3c739bf05d6b41f226a3d844daa2250e16c895a0b4ba603ed96f381c4bb695b845bb4af7772ee2ed2022104a3e6cfbe1cd909785773781896d132c70dca91a8a4b0687623622e9951cb47545049e54759da0"},
    {false, "CA800BC78863B48FAAF4E6C7789A99BAACCE26F219E9860AA35FCB03C718CDAC63B25A6B79BCA4CF8C3C6F083CE34F2B",
     "",
     "6C2472B487893AC3F9D1B18EBA251F05FFDCD6674F386ED9C59C39C0D2BF0FD5A899228581313FEF5FD6C1DA1D9738F4",
     "D988F3EB449BA725EC85832D3240CB1AFC23ABC8C572439FB96B8EC00E7390278DFD439332CAD00E7B20DEBC5B5E3A1A",
     "",
     "",
     "",
     "37969adad9d031bfe76be26c9ecd2b3eae6a3f21e27594596d739ebe92dd7287e95a6fc3d06c3152b21545d0151c89c404cb31c02a93313ecfa784c56667b78b201bb6c399d3a3c7c46895e5aff2886a366a2a2d3bb47d02e591ff03ac405f5b6493a2afb44739d1956e25c727a8ee4ebe3fcdf4add5534a777ccbcb2ad55d45a0bfbb0f9a0d274c661fd205231ebed441b09268821dbb45bdcec37326335e6fbd80869e2d487b57df853aba8a2f162521f1c2535dcd6b4a327cff698c8dfd4d5dad8504abc8f42e4b14c545a1319c21cd53685472713bd1b9a0aa49584f1b74c1dc71e245854736c9a63da7c9a226b0fa792052be79b8033cb9139d7b145310"},
    {false, "11BDF0E6F52576C1CF9327CB8C1E3AE4E3886A1ACE0899A1F3852C00F12B5D48613B813E2A7C71A5C127D782D07A7105",
     "",
     "",
     "D0684FE92074607BD571C8A4E7C09C2054A81BECB87658C2C4E403257D10F9750D7B1A54839B03D1B86C7BCF5624D2A8",
     "C8CFFA3543F91BE24818D69F7091A5EF73DAC48FC4013B88AD69945AB862465BB6CCB305779360EEA4BAD73CD17B7C27",
     "EC73178CD15DFE2E3E8738FFD130396B8D78259A3ED51A2E84165B22608720852915F5D50049CE129376B0ECA2C4BE94",
     "F664B5C4BF29F793FB1A6267CB38E9A616F745FD243148984D2944C59B95BC56ECF838DAD2733FA739A56F7315BECF06",
     "bf5757e5bb3f4a430c8e5ca3bc7a3846570452772c89936547f17a19485a5f6375e4c652ccdad4bfc1e5400f552639a23ca3f1b778e60cb5481d87e00f2c4ec75f2866b8a9d57de659e89a9a2c895cf5e42e936f4ccbf1315b179fd545f33ced9165a4f861d85dee81b5306b1f0090f45b582d80d7e1baba6bab36c932c76d93ba4b5765936eef216c932e5748c634ac93070c34467ed5d7e0763c9bb0f4233a02ab3e91a4d09f562282042546c41b9596f674f342e2dc92aafc03a0d3ed299013b6945ccef90ea72eb72fc97cb82ef6594c33c2377353d66122da54146e770ce63eea27df5adb870cb790dc87b618938f9b598b2f176367ec42d9951966005e"},
};

TEST_P(DrbgKernel, Vectors) {
  for (const Case& c : cases) {
    State s{};
    ASSERT_EQ(instantiate(kernel(), s, c.df, from_hex(c.entropy), from_hex(c.nonce), from_hex(c.pers)), Status::ok);
    ASSERT_EQ(reseed(kernel(), s, from_hex(c.reseed_entropy), from_hex(c.reseed_add)), Status::ok);
    Bytes out(256);
    ASSERT_EQ(generate(kernel(), s, out, from_hex(c.add1)), Status::ok);
    ASSERT_EQ(generate(kernel(), s, out, from_hex(c.add2)), Status::ok);
    EXPECT_EQ(testing::to_hex(out), c.expected);
  }
}

// The plain model (fuzz/ctr_drbg_model.hpp) over the generic kernel's AES
// block.
model::CtrDrbg reference() {
  struct Cached {
    std::uint8_t key[32] = {};
    bool set = false;
    aes::Schedule s{};
  };
  return model::CtrDrbg([c = std::make_shared<Cached>()](const std::uint8_t* key, const std::uint8_t* in, std::uint8_t* out) {
    if (!c->set || std::memcmp(c->key, key, 32) != 0) {
      std::memcpy(c->key, key, 32);
      c->set = true;
      aes::expand_generic(&c->s, key, 32);
    }
    aes::encrypt_generic(&c->s, in, out, 1);
  });
}

void expect_same_state(const State& s, const model::CtrDrbg& m, const std::string& where) {
  EXPECT_TRUE(std::equal(m.key.begin(), m.key.end(), s.key)) << where << ": Key";
  EXPECT_TRUE(std::equal(m.v.begin(), m.v.end(), s.v)) << where << ": V";
  EXPECT_EQ(s.reseed_counter, m.reseed_counter) << where;
}

// V is one 128-bit big-endian counter: the output's blocks and the updates
// carry across the low 64-bit word and wrap at 2^128, whatever the length
// (whole blocks, a part block, the kernels' widest loops).
TEST_P(DrbgKernel, CounterCarriesAndWraps) {
  const Bytes entropy(32, 0x11), nonce(16, 0x22);
  const std::uint8_t low_wrap[16] = {0, 0, 0, 0, 0, 0, 0, 7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd};
  std::uint8_t full_wrap[16];
  std::memset(full_wrap, 0xff, 16);
  full_wrap[15] = 0xfe;
  for (const std::uint8_t* start : {low_wrap, static_cast<const std::uint8_t*>(full_wrap)}) {
    for (const std::size_t n : {0, 1, 15, 16, 17, 48, 100, 128, 129, 4096 + 3}) {
      for (const bool with_additional : {false, true}) {
        const std::string where = std::to_string(n) + " bytes" + (with_additional ? ", additional input" : "");
        State s{};
        model::CtrDrbg m = reference();
        ASSERT_EQ(instantiate(kernel(), s, true, entropy, nonce, {}), Status::ok);
        ASSERT_EQ(m.instantiate(FIPSMOD_CTR_DRBG_DF, &entropy, 32, &nonce, 16, nullptr, 0), FIPSMOD_OK);
        std::memcpy(s.v, start, 16);
        std::copy(start, start + 16, m.v.begin());
        const Bytes additional(with_additional ? 5 : 0, 0x33);
        Bytes out(n), want;
        ASSERT_EQ(generate(kernel(), s, out, additional), Status::ok);
        ASSERT_EQ(m.generate(nullptr, 0, &additional, additional.size(), true, n, want), FIPSMOD_OK);
        EXPECT_EQ(out, want) << where;
        expect_same_state(s, m, where);
      }
    }
  }
}

// Against the model: every length of input around each limit, with and
// without the derivation function, a request of every length up to a few
// blocks past the kernels' widest loops, and the largest request.
TEST_P(DrbgKernel, AgreesWithTheModel) {
  for (const bool df : {true, false}) {
    State s{};
    model::CtrDrbg m = reference();
    const Bytes entropy(df ? 40 : 48, 0x44), nonce(df ? 16 : 0, 0x55), pers(df ? 100 : 48, 0x66);
    ASSERT_EQ(instantiate(kernel(), s, df, entropy, nonce, pers), Status::ok);
    ASSERT_EQ(m.instantiate(df ? FIPSMOD_CTR_DRBG_DF : 0, &entropy, entropy.size(), &nonce, nonce.size(), &pers, pers.size()),
              FIPSMOD_OK);
    expect_same_state(s, m, "instantiate");
    for (std::size_t n = 0; n <= 300; n += df ? 1 : 7) {
      const Bytes additional(n % 49, static_cast<std::uint8_t>(n));
      Bytes out(n), want;
      ASSERT_EQ(generate(kernel(), s, out, additional), Status::ok);
      ASSERT_EQ(m.generate(nullptr, 0, &additional, additional.size(), true, n, want), FIPSMOD_OK);
      ASSERT_EQ(out, want) << n;
      if (n % 50 == 0) {
        const Bytes fresh(df ? 32 + n % 17 : 48, static_cast<std::uint8_t>(n + 1));
        ASSERT_EQ(reseed(kernel(), s, fresh, additional), Status::ok);
        ASSERT_EQ(m.reseed(&fresh, fresh.size(), &additional, additional.size()), FIPSMOD_OK);
      }
      expect_same_state(s, m, std::to_string(n));
    }
    Bytes out(max_request), want;
    ASSERT_EQ(generate(kernel(), s, out, {}), Status::ok);
    ASSERT_EQ(m.generate(nullptr, 0, nullptr, 0, true, max_request, want), FIPSMOD_OK);
    EXPECT_EQ(out, want);
    cleanse(s);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&s);
    EXPECT_TRUE(std::all_of(bytes, bytes + sizeof s, [](std::uint8_t b) { return b == 0; }));
  }
}

// The mechanism's own checks, each leaving the state and the output as
// they were.
TEST_P(DrbgKernel, ChecksWriteNothing) {
  State s{};
  ASSERT_EQ(instantiate(kernel(), s, false, Bytes(48, 1), {}, {}), Status::ok);
  State before;
  std::memcpy(&before, &s, sizeof s);
  Bytes out(16, 0xaa);
  const auto same = [&](Status got, Status want, const char* what) {
    EXPECT_EQ(got, want) << what;
    EXPECT_EQ(std::memcmp(&before, &s, sizeof s), 0) << what;
    EXPECT_EQ(out, Bytes(16, 0xaa)) << what;
  };
  same(generate(kernel(), s, out, Bytes(49, 2)), Status::invalid_argument, "49 bytes of additional input");
  same(reseed(kernel(), s, Bytes(47, 1), {}), Status::invalid_argument, "47 bytes of entropy");
  same(instantiate(kernel(), s, true, Bytes(32, 1), Bytes(15, 1), {}), Status::invalid_argument, "a 15-byte nonce");
  s.reseed_counter = reseed_interval + 1;
  std::memcpy(&before, &s, sizeof s);
  same(generate(kernel(), s, out, {}), Status::reseed_required, "past the interval");
}

// V and its successors are the DRBG's secret state (SP 800-90A §8.3): the
// counter blocks are never written into the caller's output to be
// encrypted there, where another thread or a signal handler of the caller
// could read them during the request. A kernel that wraps this one tells
// whether any block it encrypts was read from the output.
struct Spy {
  static inline const aes::Kernel* real = nullptr;
  static inline const std::uint8_t* out = nullptr;
  static inline std::size_t out_size = 0;
  static inline bool read_from_out = false;
};
void spy_encrypt(const aes::Schedule* s, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  if (internal::overlaps(in, blocks * block_size, Spy::out, Spy::out_size)) Spy::read_from_out = true;
  Spy::real->encrypt(s, in, out, blocks);
}

TEST_P(DrbgKernel, CounterBlocksNeverPassThroughTheOutput) {
  aes::Kernel spy = kernel();
  spy.encrypt = &spy_encrypt;
  Spy::real = &kernel();
  State s{}, plain{};
  ASSERT_EQ(instantiate(spy, s, false, Bytes(48, 1), {}, {}), Status::ok);
  ASSERT_EQ(instantiate(kernel(), plain, false, Bytes(48, 1), {}, {}), Status::ok);
  for (const std::size_t len : {16u, 17u, 1024u, 1040u, 4096u, 65536u}) {
    Bytes out(len), want(len);
    Spy::out = out.data();
    Spy::out_size = out.size();
    Spy::read_from_out = false;
    ASSERT_EQ(generate(spy, s, out, {}), Status::ok);
    EXPECT_FALSE(Spy::read_from_out) << len << " bytes: a counter block was encrypted from the output";
    ASSERT_EQ(generate(kernel(), plain, want, {}), Status::ok);
    EXPECT_EQ(out, want) << len;
  }
  cleanse(s);
  cleanse(plain);
}

INSTANTIATE_TEST_SUITE_P(Kernels, DrbgKernel, ::testing::ValuesIn(aes::kernels().usable()),
                         testing::KernelParamName());

}  // namespace
}  // namespace fipsmod::drbg
