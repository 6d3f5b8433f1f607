// AES-GCM and AES-CTR benchmarks, named after Go's crypto/cipher ones so the
// figures line up with the Go tables: AESGCM/Seal-128-1350 and
// AESGCM/Open-256-8192 (the key size in bits, then the text's length;
// Go's has 64, 1350 and 8192, here 16, 1350, 8192 and 16384, TLS's largest
// record) with 13 bytes of additional data (a TLS 1.2 record's header, as
// Go's) and a 12-byte nonce; AESCTR/8K and AESCTR/16K with an AES-128 key.
// Each iteration is one whole seal or open (a record), or one CTR call
// from a counter block. Names are FAMILY/CASE/COLUMN for bench/compare.
// Columns: every usable GCM kernel (gcm::seal/open on it, no gate) or, for
// CTR, every usable AES kernel (aes::ctr); api (the public C function:
// gate, indicator, the selected kernel); openssl-evp (one EVP context kept
// and keyed once, each record setting only its nonce, as a TLS stack does)
// and botan (a kept AEAD_Mode "AES-128/GCM", or the stream cipher
// "CTR-BE(AES-128)").
#include <benchmark/benchmark.h>

#include <openssl/evp.h>

#include <botan/aead.h>
#include <botan/stream_cipher.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/aes.h>
#include <fipsmod/gcm.h>

#include "aes/internal.hpp"
#include "gcm/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

using Vec = std::vector<std::uint8_t>;

Vec bytes_of(std::size_t n, std::uint8_t seed) {
  Vec b(n);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<std::uint8_t>(i * 7 + seed + (i >> 9));
  return b;
}

const Vec key128 = bytes_of(16, 1), key256 = bytes_of(32, 2), nonce = bytes_of(12, 3), aad = bytes_of(13, 4),
          iv = bytes_of(16, 5);

// One record: seal `n` bytes of in to out and the 16-byte tag, or open
// them (in and tag made by a seal under the same key, nonce and AAD).
using Run = std::function<void(const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag)>;
struct Column {
  std::string name;
  Run seal, open;
};

void must(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(what);
}

std::vector<Column> gcm_columns(const Vec& key) {
  std::vector<Column> columns;
  for (const gcm::Kernel* k : gcm::kernels().usable()) {
    auto ks = std::make_shared<gcm::Key>();
    gcm::init(*k, *ks, key);
    columns.push_back({k->name,
                       [k, ks](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                         gcm::seal(*k, *ks, nonce, aad, in, out, n, std::span(tag, 16));
                       },
                       [k, ks](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                         must(gcm::open(*k, *ks, nonce, aad, in, out, n, std::span<const std::uint8_t>(tag, 16)),
                              "gcm::open refused its own seal");
                       }});
  }

  auto ctx = std::make_shared<fipsmod_aes_gcm_ctx>();
  must(fipsmod_aes_gcm_init(ctx.get(), key.data(), key.size()) == FIPSMOD_OK, "fipsmod_aes_gcm_init failed");
  columns.push_back({"api",
                     [ctx](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       fipsmod_aes_gcm_seal(ctx.get(), nonce.data(), nonce.size(), aad.data(), aad.size(), in, n, out, tag, 16);
                     },
                     [ctx](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       must(fipsmod_aes_gcm_open(ctx.get(), nonce.data(), nonce.size(), aad.data(), aad.size(), in, n, tag,
                                                 16, out) == FIPSMOD_OK,
                            "fipsmod_aes_gcm_open refused its own seal");
                     }});

  // OpenSSL: the cipher fetched once and a context per direction, keyed
  // once; each record passes only its nonce.
  std::shared_ptr<EVP_CIPHER> cipher(EVP_CIPHER_fetch(nullptr, key.size() == 16 ? "AES-128-GCM" : "AES-256-GCM", nullptr),
                                     EVP_CIPHER_free);
  std::shared_ptr<EVP_CIPHER_CTX> enc(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free), dec(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  must(cipher && enc && dec && EVP_EncryptInit_ex(enc.get(), cipher.get(), nullptr, key.data(), nullptr) == 1 &&
           EVP_DecryptInit_ex(dec.get(), cipher.get(), nullptr, key.data(), nullptr) == 1,
       "OpenSSL has no AES-GCM");
  columns.push_back({"openssl-evp",
                     [cipher, enc](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       int l = 0, m = 0;
                       EVP_EncryptInit_ex(enc.get(), nullptr, nullptr, nullptr, nonce.data());
                       EVP_EncryptUpdate(enc.get(), nullptr, &l, aad.data(), static_cast<int>(aad.size()));
                       EVP_EncryptUpdate(enc.get(), out, &l, in, static_cast<int>(n));
                       EVP_EncryptFinal_ex(enc.get(), out + l, &m);
                       EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_GCM_GET_TAG, 16, tag);
                     },
                     [cipher, dec](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       int l = 0, m = 0;
                       EVP_DecryptInit_ex(dec.get(), nullptr, nullptr, nullptr, nonce.data());
                       EVP_DecryptUpdate(dec.get(), nullptr, &l, aad.data(), static_cast<int>(aad.size()));
                       EVP_DecryptUpdate(dec.get(), out, &l, in, static_cast<int>(n));
                       EVP_CIPHER_CTX_ctrl(dec.get(), EVP_CTRL_GCM_SET_TAG, 16, tag);
                       must(EVP_DecryptFinal_ex(dec.get(), out + l, &m) == 1, "OpenSSL refused the seal");
                     }});

  // Botan: a kept, keyed AEAD_Mode per direction. Its API works in place
  // on a vector (the tag appended or taken off), so each record copies the
  // text in and the result out, as a caller with separate buffers must.
  const std::string botan_name = key.size() == 16 ? "AES-128/GCM" : "AES-256/GCM";
  std::shared_ptr<Botan::AEAD_Mode> be(Botan::AEAD_Mode::create_or_throw(botan_name, Botan::ENCRYPTION)),
      bd(Botan::AEAD_Mode::create_or_throw(botan_name, Botan::DECRYPTION));
  be->set_key(key.data(), key.size());
  bd->set_key(key.data(), key.size());
  auto buf = std::make_shared<Botan::secure_vector<std::uint8_t>>();
  buf->reserve(16384 + 16);
  columns.push_back({"botan",
                     [be, buf](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       be->set_associated_data(aad.data(), aad.size());
                       be->start(nonce.data(), nonce.size());
                       buf->assign(in, in + n);
                       be->finish(*buf);
                       std::copy(buf->begin(), buf->begin() + static_cast<std::ptrdiff_t>(n), out);
                       std::copy(buf->begin() + static_cast<std::ptrdiff_t>(n), buf->end(), tag);
                     },
                     [bd, buf](const std::uint8_t* in, std::uint8_t* out, std::size_t n, std::uint8_t* tag) {
                       bd->set_associated_data(aad.data(), aad.size());
                       bd->start(nonce.data(), nonce.size());
                       buf->assign(in, in + n);
                       buf->insert(buf->end(), tag, tag + 16);
                       bd->finish(*buf);  // throws on a wrong tag
                       std::copy(buf->begin(), buf->end(), out);
                     }});
  return columns;
}

void add_gcm(const std::string& name, const Run& run, const Run& seal, std::size_t n, bool sealing) {
  benchmark::RegisterBenchmark(name.c_str(), [run, seal, n, sealing](benchmark::State& state) {
    const Vec text = bytes_of(n, 9);
    Vec in(n), out(n), tag(16);
    if (sealing) {
      in = text;
    } else {
      seal(text.data(), in.data(), n, tag.data());  // a record this column opens
    }
    for (auto _ : state) {
      run(in.data(), out.data(), n, tag.data());
      benchmark::DoNotOptimize(out.data());
      benchmark::DoNotOptimize(tag.data());
      benchmark::ClobberMemory();
    }
    if (!sealing && out != text) state.SkipWithError("open gave the wrong plaintext");
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
  });
}

// AES-CTR from the counter block iv, in to out.
using Ctr = std::function<void(const std::uint8_t* in, std::uint8_t* out, std::size_t n)>;
struct CtrColumn {
  std::string name;
  Ctr run;
};

std::vector<CtrColumn> ctr_columns(const Vec& key) {
  std::vector<CtrColumn> columns;
  for (const aes::Kernel* k : aes::kernels().usable()) {
    auto s = std::make_shared<aes::Schedule>();
    k->expand(s.get(), key.data(), key.size());
    columns.push_back({k->name, [k, s](const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
                         aes::ctr(*k, *s, iv.data(), in, out, n);
                       }});
  }
  auto ctx = std::make_shared<fipsmod_aes_ctx>();
  must(fipsmod_aes_init(ctx.get(), key.data(), key.size()) == FIPSMOD_OK, "fipsmod_aes_init failed");
  columns.push_back({"api", [ctx](const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
                       fipsmod_aes_ctr(ctx.get(), iv.data(), in, n, out);
                     }});
  std::shared_ptr<EVP_CIPHER> cipher(EVP_CIPHER_fetch(nullptr, "AES-128-CTR", nullptr), EVP_CIPHER_free);
  std::shared_ptr<EVP_CIPHER_CTX> ctx2(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  must(cipher && ctx2 && EVP_EncryptInit_ex(ctx2.get(), cipher.get(), nullptr, key.data(), iv.data()) == 1,
       "OpenSSL has no AES-128-CTR");
  columns.push_back({"openssl-evp", [cipher, ctx2](const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
                       int l = 0;
                       EVP_EncryptInit_ex(ctx2.get(), nullptr, nullptr, nullptr, iv.data());
                       EVP_EncryptUpdate(ctx2.get(), out, &l, in, static_cast<int>(n));
                     }});
  std::shared_ptr<Botan::StreamCipher> botan(Botan::StreamCipher::create_or_throw("CTR-BE(AES-128)"));
  botan->set_key(key.data(), key.size());
  columns.push_back({"botan", [botan](const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
                       botan->set_iv(iv.data(), iv.size());
                       botan->cipher(in, out, n);
                     }});
  return columns;
}

void register_gcm_benchmarks() {
  static constexpr std::size_t sizes[] = {16, 1350, 8192, 16384};
  for (const std::size_t n : sizes) {
    for (const auto& [bits, key] : {std::pair{128, &key128}, std::pair{256, &key256}}) {
      for (const Column& c : gcm_columns(*key)) {
        const std::string size = std::to_string(bits) + "-" + std::to_string(n) + "/" + c.name;
        add_gcm("AESGCM/Seal-" + size, c.seal, c.seal, n, true);
        add_gcm("AESGCM/Open-" + size, c.open, c.seal, n, false);
      }
    }
  }
  struct CtrCase {
    const char* label;
    std::size_t n;
  };
  static constexpr CtrCase ctr_cases[] = {{"8K", 8192}, {"16K", 16384}};
  for (const CtrCase& cc : ctr_cases) {
    const std::size_t n = cc.n;
    for (const CtrColumn& c : ctr_columns(key128)) {
      benchmark::RegisterBenchmark((std::string("AESCTR/") + cc.label + "/" + c.name).c_str(),
                                   [run = c.run, n](benchmark::State& state) {
                                     const Vec in = bytes_of(n, 11);
                                     Vec out(n);
                                     for (auto _ : state) {
                                       run(in.data(), out.data(), n);
                                       benchmark::DoNotOptimize(out.data());
                                       benchmark::ClobberMemory();
                                     }
                                     state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
                                   });
    }
  }
}

const Suite suite(register_gcm_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
