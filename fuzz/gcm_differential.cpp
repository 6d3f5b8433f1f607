// gcm_differential: AES-GCM on every usable GCM kernel and AES-CTR on every
// usable AES kernel, against OpenSSL's EVP and Botan (FIPSMOD_FUZZ_PEERS,
// where they are installed; Botan for the tags it has, 8 and 12 to 16
// bytes) or else the generic kernels (the cross and MemorySanitizer
// builds, which have neither library). Each GCM kernel seals (its tag must
// be the reference's full tag cut to the length asked for), opens what it
// sealed, seals and opens again in place (the same bytes as out of
// place), and must refuse the text with one tag bit flipped and with one
// ciphertext bit flipped (the AAD's when the text is empty), leaving the
// output zeroed. The public C API (the selected kernels: fipsmod_aes_gcm_*,
// the counter-nonce context with a 12-byte nonce, fipsmod_aes_ctr) is
// held to the same answers.
//
// Input: the key size (1 byte, mod 3: 16, 24, 32), the nonce length (1
// byte n: 12 when n < 128, else 1 + n mod 64), the tag length (1 byte, mod
// 8: 16, 4, 8, 12, 13, 14, 15, 16), the AAD's length (1 byte, taken whole
// when it holds), the text's offset past a 16-byte boundary (1 byte, mod
// 16), which bit to flip (1 byte: bit index mod 8, the byte by the rest),
// the CTR counter block's carry (1 byte c: c mod 17 of its last bytes set
// to 0xff, so the 128-bit increment carries across words), then the key,
// the nonce and 16 bytes of counter block (zero-padded when the input
// runs out), the AAD, and the text (the rest, at most max_len).
#if FIPSMOD_FUZZ_PEERS
#include <openssl/evp.h>

#include <botan/aead.h>
#include <botan/exceptn.h>
#endif

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fipsmod/aes.h>
#include <fipsmod/gcm.h>

#include "aes/internal.hpp"
#include "fuzz_input.hpp"
#include "gcm/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using Bytes = std::span<const std::uint8_t>;
using Vec = std::vector<std::uint8_t>;
using Block16 = std::array<std::uint8_t, 16>;

// A buffer of exactly `n` bytes past `offset` (so ASan sees an over-read
// or over-write at the end), its start `offset` bytes past malloc's
// 16-byte alignment.
class Buffer {
 public:
  Buffer(std::size_t offset, std::size_t n) : storage_(offset + n), offset_(offset), n_(n) {}
  Buffer(std::size_t offset, Bytes from) : Buffer(offset, from.size()) {
    if (!from.empty()) std::memcpy(data(), from.data(), from.size());
  }
  std::uint8_t* data() { return storage_.data() + offset_; }
  std::span<std::uint8_t> span() { return {data(), n_}; }
  Vec vec() const { return Vec(storage_.begin() + static_cast<std::ptrdiff_t>(offset_), storage_.end()); }
  bool zeroed() { return std::all_of(span().begin(), span().end(), [](std::uint8_t b) { return b == 0; }); }

 private:
  Vec storage_;
  std::size_t offset_, n_;
};

struct Case {
  Vec key, nonce, aad, text;
  Block16 iv;
  std::size_t tag_len, offset, flip;
};

#if FIPSMOD_FUZZ_PEERS
const EVP_CIPHER* gcm_cipher(std::size_t key_len) {
  return key_len == 16 ? EVP_aes_128_gcm() : key_len == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

// OpenSSL's seal: the ciphertext, then the full 16-byte tag.
Vec openssl_seal(const Case& c) {
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  Vec out(c.text.size() + 16);
  int a = 0, n = 0, m = 0;
  if (EVP_EncryptInit_ex(ctx.get(), gcm_cipher(c.key.size()), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(c.nonce.size()), nullptr) != 1 ||
      EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, c.key.data(), c.nonce.data()) != 1 ||
      (!c.aad.empty() && EVP_EncryptUpdate(ctx.get(), nullptr, &a, c.aad.data(), static_cast<int>(c.aad.size())) != 1) ||
      (!c.text.empty() && EVP_EncryptUpdate(ctx.get(), out.data(), &n, c.text.data(), static_cast<int>(c.text.size())) != 1) ||
      EVP_EncryptFinal_ex(ctx.get(), out.data() + n, &m) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, out.data() + c.text.size()) != 1) {
    std::abort();
  }
  return out;
}

// OpenSSL's open of `ct` under `tag` (any length 1..16): whether it
// authenticates, and the plaintext.
bool openssl_open(const Case& c, Bytes ct, Bytes tag, Vec& pt) {
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  pt.assign(ct.size(), 0);
  int a = 0, n = 0, m = 0;
  if (EVP_DecryptInit_ex(ctx.get(), gcm_cipher(c.key.size()), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(c.nonce.size()), nullptr) != 1 ||
      EVP_DecryptInit_ex(ctx.get(), nullptr, nullptr, c.key.data(), c.nonce.data()) != 1 ||
      (!c.aad.empty() && EVP_DecryptUpdate(ctx.get(), nullptr, &a, c.aad.data(), static_cast<int>(c.aad.size())) != 1) ||
      (!ct.empty() && EVP_DecryptUpdate(ctx.get(), pt.data(), &n, ct.data(), static_cast<int>(ct.size())) != 1) ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(tag.size()), const_cast<std::uint8_t*>(tag.data())) != 1) {
    std::abort();
  }
  std::uint8_t end[16];  // GCM's final writes nothing; not past an empty pt's null
  return EVP_DecryptFinal_ex(ctx.get(), end, &m) == 1;
}

// Botan's GCM ("AES-128/GCM(t)"), one object per key size, tag length and
// direction, kept: a lookup per input would be most of a run's time. Never
// freed: their keys are in Botan's locked pool, which may be gone by the
// time a static's destructor ran at exit.
Botan::AEAD_Mode& botan(std::size_t key_len, std::size_t tag_len, Botan::Cipher_Dir dir) {
  static Botan::AEAD_Mode* modes[3][17][2] = {};
  auto& m = modes[key_len / 8 - 2][tag_len][dir == Botan::ENCRYPTION ? 0 : 1];
  if (!m) {
    m = Botan::AEAD_Mode::create_or_throw("AES-" + std::to_string(key_len * 8) + "/GCM(" + std::to_string(tag_len) + ")", dir)
            .release();
  }
  return *m;
}

bool botan_has_tag(std::size_t tag_len) { return tag_len == 8 || tag_len >= 12; }

Vec botan_seal(const Case& c) {
  Botan::AEAD_Mode& e = botan(c.key.size(), c.tag_len, Botan::ENCRYPTION);
  e.set_key(c.key.data(), c.key.size());
  e.set_associated_data(c.aad.data(), c.aad.size());
  e.start(c.nonce.data(), c.nonce.size());
  Botan::secure_vector<std::uint8_t> buf(c.text.begin(), c.text.end());
  e.finish(buf);
  return Vec(buf.begin(), buf.end());
}

bool botan_open(const Case& c, Bytes sealed, Vec& pt) {
  Botan::AEAD_Mode& d = botan(c.key.size(), c.tag_len, Botan::DECRYPTION);
  d.set_key(c.key.data(), c.key.size());
  d.set_associated_data(c.aad.data(), c.aad.size());
  d.start(c.nonce.data(), c.nonce.size());
  Botan::secure_vector<std::uint8_t> buf(sealed.begin(), sealed.end());
  try {
    d.finish(buf);
  } catch (const Botan::Invalid_Authentication_Tag&) {
    return false;
  }
  pt.assign(buf.begin(), buf.end());
  return true;
}

Vec openssl_ctr(Bytes key, const Block16& iv, Bytes in) {
  const EVP_CIPHER* cipher = key.size() == 16 ? EVP_aes_128_ctr() : key.size() == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  Vec out(in.size());
  int n = 0, m = 0;
  if (EVP_EncryptInit_ex(ctx.get(), cipher, nullptr, key.data(), iv.data()) != 1 ||
      (!in.empty() && EVP_EncryptUpdate(ctx.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1) ||
      EVP_EncryptFinal_ex(ctx.get(), out.data() + n, &m) != 1) {
    std::abort();
  }
  return out;
}
#endif

// The reference: the ciphertext and the full 16-byte tag.
#if FIPSMOD_FUZZ_PEERS
const char* reference_name() { return "OpenSSL"; }

Vec reference(const Case& c) { return openssl_seal(c); }
#else
const char* reference_name() { return "generic"; }

// The module's seal on the generic kernel, out of place.
Vec reference(const Case& c) {
  const fipsmod::gcm::Kernel& k = fipsmod::gcm::kernels().generic();
  auto key = std::make_unique<fipsmod::gcm::Key>();
  fipsmod::gcm::init(k, *key, c.key);
  Buffer in(c.offset, c.text), out(c.offset, c.text.size()), tag(0, 16);
  fipsmod::gcm::seal(k, *key, c.nonce, c.aad, in.data(), out.data(), c.text.size(), tag.span());
  Vec r = out.vec();
  const Vec t = tag.vec();
  r.insert(r.end(), t.begin(), t.end());
  return r;
}
#endif

std::string describe(const Case& c) {
  return "AES-" + std::to_string(c.key.size() * 8) + "-GCM (nonce " + std::to_string(c.nonce.size()) + ", aad " +
         std::to_string(c.aad.size()) + ", text " + std::to_string(c.text.size()) + ", tag " + std::to_string(c.tag_len) +
         ", offset " + std::to_string(c.offset) + ") ";
}

// The reference's answer at this tag length: the ciphertext and the tag cut.
Vec cut(const Vec& full, std::size_t text_len, std::size_t tag_len) {
  return Vec(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(text_len + tag_len));
}

void check_gcm_kernel(const fipsmod::gcm::Kernel& k, const Case& c, const Vec& want, const std::uint8_t* data,
                      std::size_t size) {
  namespace gcm = fipsmod::gcm;
  const std::string name = describe(c) + "fipsmod/" + k.name;
  const std::size_t len = c.text.size();
  const std::string vs = std::string(" vs ") + reference_name() + " " + hex(want);
  auto key = std::make_unique<gcm::Key>();
  gcm::init(k, *key, c.key);

  // Seal, out of place.
  Buffer in(c.offset, c.text), out(c.offset, len), tag(0, c.tag_len);
  gcm::seal(k, *key, c.nonce, c.aad, in.data(), out.data(), len, tag.span());
  Vec sealed = out.vec();
  const Vec t = tag.vec();
  sealed.insert(sealed.end(), t.begin(), t.end());
  if (sealed != want) differ(name + " seal " + hex(sealed) + vs, data, size);
  if (in.vec() != c.text) differ(name + " seal changed its input", data, size);
  const Bytes ct = Bytes(want).first(len), good_tag = Bytes(want).subspan(len);

  // Open, out of place (the output prefilled, so a byte left unwritten shows).
  Buffer cin(c.offset, ct), pt(c.offset, len);
  std::fill(pt.span().begin(), pt.span().end(), 0xa5);
  if (!gcm::open(k, *key, c.nonce, c.aad, cin.data(), pt.data(), len, good_tag) || pt.vec() != c.text) {
    differ(name + " open of the sealed text failed or gave " + hex(pt.vec()) + " vs " + hex(c.text), data, size);
  }

  // In place, both ways.
  Buffer io(c.offset, c.text), tag2(0, c.tag_len);
  gcm::seal(k, *key, c.nonce, c.aad, io.data(), io.data(), len, tag2.span());
  Vec in_place = io.vec();
  const Vec t2 = tag2.vec();
  in_place.insert(in_place.end(), t2.begin(), t2.end());
  if (in_place != want) differ(name + " seal in place " + hex(in_place) + vs, data, size);
  if (!gcm::open(k, *key, c.nonce, c.aad, io.data(), io.data(), len, good_tag) || io.vec() != c.text) {
    differ(name + " open in place failed or gave " + hex(io.vec()) + " vs " + hex(c.text), data, size);
  }

  // One tag bit flipped: refused, the output zeroed (out of place).
  Vec bad_tag(good_tag.begin(), good_tag.end());
  bad_tag[(c.flip / 8) % bad_tag.size()] ^= static_cast<std::uint8_t>(1u << (c.flip % 8));
  std::fill(pt.span().begin(), pt.span().end(), 0xa5);
  if (gcm::open(k, *key, c.nonce, c.aad, cin.data(), pt.data(), len, bad_tag)) {
    differ(name + " opened under a tag with a bit flipped", data, size);
  }
  if (!pt.zeroed()) differ(name + " a refused open (tag) left " + hex(pt.vec()), data, size);

  // One ciphertext bit flipped (or, with no text, one AAD bit; with
  // neither, one nonce bit): refused, the output zeroed (in place).
  Buffer bad(c.offset, ct);
  Vec aad = c.aad, nonce = c.nonce;
  const auto flip = [&](std::span<std::uint8_t> s) { s[(c.flip / 8) % s.size()] ^= static_cast<std::uint8_t>(1u << (c.flip % 8)); };
  if (len != 0) {
    flip(bad.span());
  } else if (!aad.empty()) {
    flip(aad);
  } else {
    flip(nonce);
  }
  if (gcm::open(k, *key, nonce, aad, bad.data(), bad.data(), len, good_tag)) {
    differ(name + " opened a ciphertext (or AAD, or nonce) with a bit flipped", data, size);
  }
  if (!bad.zeroed()) differ(name + " a refused open (ciphertext) left " + hex(bad.vec()), data, size);
}

// CTR: every usable AES kernel against OpenSSL's AES-CTR (or the generic
// kernel), out of place and in place, and the public fipsmod_aes_ctr.
void check_ctr(const Case& c, const std::uint8_t* data, std::size_t size) {
  namespace aes = fipsmod::aes;
  const std::string algo = "AES-" + std::to_string(c.key.size() * 8) + "-CTR (text " + std::to_string(c.text.size()) +
                           ", iv " + hex(c.iv) + ") ";
  const std::size_t len = c.text.size();
  auto on = [&](const aes::Kernel& k, bool in_place) {
    auto s = std::make_unique<aes::Schedule>();
    k.expand(s.get(), c.key.data(), c.key.size());
    Buffer in(c.offset, c.text), out(c.offset, len);
    aes::ctr(k, *s, c.iv.data(), in.data(), in_place ? in.data() : out.data(), len);
    return in_place ? in.vec() : out.vec();
  };
#if FIPSMOD_FUZZ_PEERS
  const Vec want = openssl_ctr(c.key, c.iv, c.text);
  const std::string vs = " vs OpenSSL " + hex(want);
#else
  const Vec want = on(aes::kernels().generic(), false);
  const std::string vs = " vs generic " + hex(want);
#endif
  for (const aes::Kernel* k : aes::kernels().usable()) {
    if (const Vec o = on(*k, false); o != want) differ(algo + "fipsmod/" + k->name + " " + hex(o) + vs, data, size);
    if (const Vec o = on(*k, true); o != want) differ(algo + "fipsmod/" + k->name + " in place " + hex(o) + vs, data, size);
  }
  fipsmod_aes_ctx ctx;
  Buffer in(c.offset, c.text), out(c.offset, len);
  if (fipsmod_aes_init(&ctx, c.key.data(), c.key.size()) != FIPSMOD_OK ||
      fipsmod_aes_ctr(&ctx, c.iv.data(), in.data(), len, out.data()) != FIPSMOD_OK || out.vec() != want) {
    differ(algo + "fipsmod_aes_ctr (public API) " + hex(out.vec()) + vs, data, size);
  }
  fipsmod_aes_cleanse(&ctx);
}

// The public C API on the selected kernel: the same answers, and the
// refusal as FIPSMOD_ERR_AUTHENTICATION with the output zeroed.
void check_api(const Case& c, const Vec& want, const std::uint8_t* data, std::size_t size) {
  const std::string name = describe(c) + "fipsmod (public API) ";
  const std::size_t len = c.text.size();
  fipsmod_aes_gcm_ctx ctx;
  if (fipsmod_aes_gcm_init(&ctx, c.key.data(), c.key.size()) != FIPSMOD_OK) differ(name + "init refused", data, size);
  Buffer in(c.offset, c.text), out(c.offset, len), tag(0, c.tag_len);
  if (fipsmod_aes_gcm_seal(&ctx, c.nonce.data(), c.nonce.size(), c.aad.data(), c.aad.size(), in.data(), len, out.data(),
                           tag.data(), c.tag_len) != FIPSMOD_OK) {
    differ(name + "seal refused", data, size);
  }
  Vec sealed = out.vec();
  const Vec t = tag.vec();
  sealed.insert(sealed.end(), t.begin(), t.end());
  if (sealed != want) differ(name + "seal " + hex(sealed) + " vs " + hex(want), data, size);
  Buffer ct(c.offset, Bytes(want).first(len)), pt(c.offset, len);
  if (fipsmod_aes_gcm_open(&ctx, c.nonce.data(), c.nonce.size(), c.aad.data(), c.aad.size(), ct.data(), len,
                           want.data() + len, c.tag_len, pt.data()) != FIPSMOD_OK ||
      pt.vec() != c.text) {
    differ(name + "open of the sealed text", data, size);
  }
  Vec bad_tag(want.begin() + static_cast<std::ptrdiff_t>(len), want.end());
  bad_tag[(c.flip / 8) % bad_tag.size()] ^= static_cast<std::uint8_t>(1u << (c.flip % 8));
  std::fill(pt.span().begin(), pt.span().end(), 0xa5);
  if (fipsmod_aes_gcm_open(&ctx, c.nonce.data(), c.nonce.size(), c.aad.data(), c.aad.size(), ct.data(), len,
                           bad_tag.data(), c.tag_len, pt.data()) != FIPSMOD_ERR_AUTHENTICATION ||
      !pt.zeroed()) {
    differ(name + "open under a tag with a bit flipped: not refused, or output left " + hex(pt.vec()), data, size);
  }
  fipsmod_aes_gcm_cleanse(&ctx);

  // The counter-nonce context with the nonce's first 4 bytes as its
  // prefix: its first seal uses prefix || 0^64, the same as sealing under
  // that nonce. Only when the case's nonce is exactly that one.
  if (c.nonce.size() != 12 || std::any_of(c.nonce.begin() + 4, c.nonce.end(), [](std::uint8_t b) { return b != 0; })) {
    return;
  }
  fipsmod_aes_gcm_counter_ctx cc;
  std::uint8_t nonce_out[12] = {};
  Buffer out2(c.offset, len), tag2(0, c.tag_len);
  if (fipsmod_aes_gcm_counter_init(&cc, c.key.data(), c.key.size(), c.nonce.data()) != FIPSMOD_OK ||
      fipsmod_aes_gcm_counter_seal(&cc, c.aad.data(), c.aad.size(), in.data(), len, out2.data(), tag2.data(), c.tag_len,
                                   nonce_out) != FIPSMOD_OK ||
      !std::equal(c.nonce.begin(), c.nonce.end(), nonce_out)) {
    differ(name + "counter-nonce seal refused, or its nonce " + hex(Bytes(nonce_out, 12)), data, size);
  }
  Vec sealed2 = out2.vec();
  const Vec t3 = tag2.vec();
  sealed2.insert(sealed2.end(), t3.begin(), t3.end());
  if (sealed2 != want) differ(name + "counter-nonce seal " + hex(sealed2) + " vs " + hex(want), data, size);
  fipsmod_aes_gcm_counter_cleanse(&cc);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  static constexpr std::size_t key_sizes[] = {16, 24, 32};
  static constexpr std::size_t tag_sizes[] = {16, 4, 8, 12, 13, 14, 15, 16};
  Case c;
  c.key.resize(key_sizes[in.byte() % 3]);
  const std::uint8_t n = in.byte();
  c.nonce.resize(n < 128 ? 12 : 1 + n % 64);
  c.tag_len = tag_sizes[in.byte() % 8];
  const std::size_t aad_len = in.byte();
  c.offset = in.byte() % 16;
  c.flip = in.byte() + 256 * std::size_t{in.byte()};
  const std::size_t carry = in.byte() % 17;
  for (auto& b : c.key) b = in.byte();
  for (auto& b : c.nonce) b = in.byte();
  for (auto& b : c.iv) b = in.byte();
  std::fill(c.iv.end() - static_cast<std::ptrdiff_t>(carry), c.iv.end(), 0xff);
  const Bytes rest = in.rest();
  const std::size_t a = std::min(aad_len, rest.size());
  c.aad.assign(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(a));
  c.text.assign(rest.begin() + static_cast<std::ptrdiff_t>(a), rest.end());

  const Vec full = reference(c);
  const Vec want = cut(full, c.text.size(), c.tag_len);
#if FIPSMOD_FUZZ_PEERS
  {
    const std::string name = describe(c);
    // OpenSSL opens its own seal under the cut tag, and Botan agrees both ways.
    Vec pt;
    if (!openssl_open(c, Bytes(want).first(c.text.size()), Bytes(want).subspan(c.text.size()), pt) || pt != c.text) {
      differ(name + "OpenSSL refused its own seal (tag cut)", data, size);
    }
    if (botan_has_tag(c.tag_len)) {
      if (const Vec b = botan_seal(c); b != want) differ(name + "Botan " + hex(b) + " vs OpenSSL " + hex(want), data, size);
      if (!botan_open(c, want, pt) || pt != c.text) differ(name + "Botan refused OpenSSL's seal", data, size);
    }
  }
#endif
  for (const fipsmod::gcm::Kernel* k : fipsmod::gcm::kernels().usable()) check_gcm_kernel(*k, c, want, data, size);
  check_api(c, want, data, size);
  check_ctr(c, data, size);
  return 0;
}
