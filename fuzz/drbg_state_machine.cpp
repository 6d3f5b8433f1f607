// drbg_state_machine: the deterministic CTR_DRBG's public C API
// (fipsmod_ctr_drbg_*) driven through adversarial call sequences, against
// a plain model of SP 800-90A's state machine (ctr_drbg_model.hpp) over a
// raw AES-256 block: OpenSSL's (FIPSMOD_FUZZ_PEERS) or else the module's
// generic AES kernel (the cross and MemorySanitizer builds). Every call's
// status must be the model's; a successful generate's output the model's;
// a refused call must leave the output and the context as they were; a
// cleansed context must be all zero bytes.
//
// Input: a sequence of operations until the input runs out (at most 48),
// each an opcode byte (mod 8: 6 is 0 again, 7 is 2) and its fields:
//   0 instantiate: flags (bits 0-1 the two flags; bits 4-7 all set add an
//     unknown flag), the entropy, nonce and personalisation lengths (length codes),
//     a content seed, a null mask (bit i: pass NULL for the i-th input);
//   1 reseed: entropy and additional input lengths, seed, null mask;
//   2 generate: the prediction-resistance entropy's and the additional
//     input's lengths, the output's length (an output length code), seed,
//     null mask (bit 2: NULL output);
//   3 cleanse;
//   4 the reseed counter set to 2^48 - 1, 2^48 or 2^48 + 1 (one byte, mod
//     3), in both (the test hook; the model's field);
//   5 the same generate twice in a row from copies of the context: equal
//     outputs (a context is plain bytes, copied whole).
// Length codes: b < 48 is b; b < 96 one of the lengths at and around
// every limit (0, 15, 16, 17, 31, 32, 33, 47, 48, 49, 52, 64, 100, 255,
// 256, 257, 1000); above, one of the common valid ones (48, 32, 16, 0).
// Output length codes: b < 200 is b; 255 reads two more bytes, 0xffff for
// 65536, 0xfffe for 65537, else their value mod 4097; otherwise one of the
// limit lengths above. A null mask byte below 0xe0 passes every pointer;
// from 0xe0, its bits 0-2 say which are NULL.
#if FIPSMOD_FUZZ_PEERS
#include <openssl/evp.h>
#endif

#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fipsmod/ctr_drbg.h>

#include "aes/internal.hpp"
#include "ctr_drbg_model.hpp"
#include "drbg/internal.hpp"
#include "fuzz_input.hpp"

namespace {

using fipsmod::fuzz::differ;
using Vec = std::vector<std::uint8_t>;

// AES-256 of one block under a key, the schedule kept while the key stays.
class RawAes {
 public:
  void operator()(const std::uint8_t* key, const std::uint8_t* in, std::uint8_t* out) {
    if (!have_ || std::memcmp(key, key_.data(), 32) != 0) {
      std::memcpy(key_.data(), key, 32);
      have_ = true;
#if FIPSMOD_FUZZ_PEERS
      if (ctx_ == nullptr) ctx_.reset(EVP_CIPHER_CTX_new());
      EVP_EncryptInit_ex(ctx_.get(), EVP_aes_256_ecb(), nullptr, key, nullptr);
      EVP_CIPHER_CTX_set_padding(ctx_.get(), 0);
#else
      fipsmod::aes::expand_generic(&schedule_, key, 32);
#endif
    }
#if FIPSMOD_FUZZ_PEERS
    int n = 0;
    EVP_EncryptUpdate(ctx_.get(), out, &n, in, 16);
#else
    fipsmod::aes::encrypt_generic(&schedule_, in, out, 1);
#endif
  }

 private:
  std::array<std::uint8_t, 32> key_{};
  bool have_ = false;
#if FIPSMOD_FUZZ_PEERS
  struct Free {
    void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
  };
  std::unique_ptr<EVP_CIPHER_CTX, Free> ctx_;
#else
  fipsmod::aes::Schedule schedule_{};
#endif
};

constexpr std::size_t kLimits[] = {0, 15, 16, 17, 31, 32, 33, 47, 48, 49, 52, 64, 100, 255, 256, 257, 1000};

constexpr std::size_t kCommon[] = {48, 32, 16, 0};

std::size_t length(fipsmod::fuzz::Input& in) {
  const std::uint8_t b = in.byte();
  if (b < 48) return b;
  if (b < 96) return kLimits[(b - 48) % std::size(kLimits)];
  return kCommon[b % std::size(kCommon)];
}
// The null mask: most calls pass every pointer (a mask byte below 0xe0).
std::uint8_t null_mask(fipsmod::fuzz::Input& in) {
  const std::uint8_t b = in.byte();
  return b >= 0xe0 ? b & 7 : 0;
}
std::size_t out_length(fipsmod::fuzz::Input& in) {
  const std::uint8_t b = in.byte();
  if (b < 200) return b;
  if (b == 255) {
    const std::uint16_t x = in.u16();
    return x == 0xffff ? 65536 : x == 0xfffe ? 65537 : x % 4097;
  }
  return kLimits[(b - 200) % std::size(kLimits)];
}

// An input of n bytes from a seed (its content matters less than its
// length: the model and the module get the same bytes).
Vec content(std::size_t n, std::uint8_t seed, std::uint8_t field) {
  Vec v(n);
  std::uint32_t x = 0x9e3779b9u * (seed + 1u) + field;
  for (auto& b : v) {
    x = x * 1664525u + 1013904223u;
    b = static_cast<std::uint8_t>(x >> 24);
  }
  return v;
}

struct Drbgs {
  fipsmod_ctr_drbg_ctx ctx{};
  fipsmod::model::CtrDrbg model;
  Drbgs() : model([aes = std::make_shared<RawAes>()](const std::uint8_t* k, const std::uint8_t* i, std::uint8_t* o) { (*aes)(k, i, o); }) {}
  ~Drbgs() { fipsmod_ctr_drbg_cleanse(&ctx); }
  Vec ctx_bytes() const {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&ctx);
    return Vec(p, p + sizeof ctx);
  }
};

const void* ptr(const Vec& v, bool null) { return null ? nullptr : v.data(); }
const Vec* mptr(const Vec& v, bool null) { return null ? nullptr : &v; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  Drbgs d;
  const auto differ_at = [&](int op, const std::string& what) {
    differ("operation " + std::to_string(op) + ": " + what, data, size);
  };
  for (int op = 0; op < 48 && !in.rest().empty(); ++op) {
    static constexpr int kOpcodes[8] = {0, 1, 2, 3, 4, 5, 0, 2};  // instantiate and generate twice as often
    const int code = kOpcodes[in.byte() % 8];
    const Vec before = d.ctx_bytes();
    int got = FIPSMOD_OK, want = FIPSMOD_OK;
    if (code == 0) {
      const std::uint8_t f = in.byte();
      const int flags = (f & 3) | ((f & 0xf0) == 0xf0 ? 4 : 0);
      const std::size_t el = length(in), nl = length(in), pl = length(in);
      const std::uint8_t seed = in.byte(), nulls = null_mask(in);
      const Vec e = content(el, seed, 0), n = content(nl, seed, 1), p = content(pl, seed, 2);
      got = fipsmod_ctr_drbg_instantiate(&d.ctx, flags, ptr(e, nulls & 1), el, ptr(n, nulls & 2), nl, ptr(p, nulls & 4), pl);
      want = d.model.instantiate(flags, mptr(e, nulls & 1), el, mptr(n, nulls & 2), nl, mptr(p, nulls & 4), pl);
    } else if (code == 1) {
      const std::size_t el = length(in), al = length(in);
      const std::uint8_t seed = in.byte(), nulls = null_mask(in);
      const Vec e = content(el, seed, 3), a = content(al, seed, 4);
      got = fipsmod_ctr_drbg_reseed(&d.ctx, ptr(e, nulls & 1), el, ptr(a, nulls & 2), al);
      want = d.model.reseed(mptr(e, nulls & 1), el, mptr(a, nulls & 2), al);
    } else if (code == 2 || code == 5) {
      const std::size_t el = length(in), al = length(in), ol = out_length(in);
      const std::uint8_t seed = in.byte(), nulls = null_mask(in);
      const Vec e = content(el, seed, 5), a = content(al, seed, 6);
      const bool null_out = (nulls & 4) != 0;
      Vec out(ol, 0xa5), model_out;
      if (code == 5) {
        // The same call on a copy of the context: the same answer.
        fipsmod_ctr_drbg_ctx copy = d.ctx;
        Vec again(ol, 0xa5);
        const int s = fipsmod_ctr_drbg_generate(&copy, ptr(e, nulls & 1), el, ptr(a, nulls & 2), al,
                                                null_out ? nullptr : again.data(), ol);
        got = fipsmod_ctr_drbg_generate(&d.ctx, ptr(e, nulls & 1), el, ptr(a, nulls & 2), al,
                                        null_out ? nullptr : out.data(), ol);
        if (s != got || again != out || std::memcmp(&copy, &d.ctx, sizeof copy) != 0) {
          differ_at(op, "a copy of the context generated differently");
        }
        fipsmod_ctr_drbg_cleanse(&copy);
      } else {
        got = fipsmod_ctr_drbg_generate(&d.ctx, ptr(e, nulls & 1), el, ptr(a, nulls & 2), al,
                                        null_out ? nullptr : out.data(), ol);
      }
      want = d.model.generate(mptr(e, nulls & 1), el, mptr(a, nulls & 2), al, !null_out, ol, model_out);
      if (got == FIPSMOD_OK && want == FIPSMOD_OK && out != model_out) {
        differ_at(op, "generate of " + std::to_string(ol) + " bytes: the module's output is not the model's");
      }
      if (got != FIPSMOD_OK && out != Vec(ol, 0xa5)) differ_at(op, "a refused generate wrote its output");
    } else if (code == 3) {
      got = fipsmod_ctr_drbg_cleanse(&d.ctx);
      d.model.cleanse();
      const Vec after = d.ctx_bytes();
      for (const std::uint8_t b : after) {
        if (b != 0) differ_at(op, "cleanse left a byte");
      }
    } else {
      const std::uint64_t counter = fipsmod::drbg::reseed_interval - 1 + in.byte() % 3;
      const auto s = fipsmod::drbg::set_reseed_counter_for_testing(&d.ctx, counter);
      got = fipsmod::internal::code(s);
      want = d.model.instantiated ? FIPSMOD_OK : FIPSMOD_ERR_CTX_UNINITIALIZED;
      if (d.model.instantiated) d.model.reseed_counter = counter;
    }
    if (got != want) {
      differ_at(op, "opcode " + std::to_string(code) + ": status " + std::to_string(got) + ", the model's " +
                        std::to_string(want));
    }
    if (got != FIPSMOD_OK && d.ctx_bytes() != before) differ_at(op, "a refused call changed the context");
  }
  return 0;
}
