// The GCM kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// services. A GCM kernel is a whole implementation (its AES, its GHASH and
// the loop that fuses them), so its needs cover both.
#include "aes/asm_entries.hpp"
#include "core/package.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_gcm_ghash_init_amd64_aesni(fipsmod::gcm::GhashKey*, const std::uint8_t*);
extern "C" void fipsmod_gcm_ghash_amd64_aesni(const fipsmod::gcm::GhashKey*, std::uint8_t*, const std::uint8_t*,
                                              std::size_t);
extern "C" void fipsmod_gcm_seal_amd64_aesni(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*, std::uint8_t*,
                                             std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t);
extern "C" void fipsmod_gcm_open_amd64_aesni(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*, std::uint8_t*,
                                             std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t);
extern "C" void fipsmod_gcm_ghash_init_amd64_vaes512(fipsmod::gcm::GhashKey*, const std::uint8_t*);
extern "C" void fipsmod_gcm_ghash_amd64_vaes512(const fipsmod::gcm::GhashKey*, std::uint8_t*, const std::uint8_t*,
                                                std::size_t);
extern "C" void fipsmod_gcm_seal_amd64_vaes512(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                               std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                               std::size_t);
extern "C" void fipsmod_gcm_open_amd64_vaes512(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                               std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                               std::size_t);
extern "C" void fipsmod_gcm_ghash_init_amd64_vaes256(fipsmod::gcm::GhashKey*, const std::uint8_t*);
extern "C" void fipsmod_gcm_ghash_amd64_vaes256(const fipsmod::gcm::GhashKey*, std::uint8_t*, const std::uint8_t*,
                                                std::size_t);
extern "C" void fipsmod_gcm_seal_amd64_vaes256(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                               std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                               std::size_t);
extern "C" void fipsmod_gcm_open_amd64_vaes256(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                               std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                               std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_gcm_ghash_init_arm64_aes(fipsmod::gcm::GhashKey*, const std::uint8_t*);
extern "C" void fipsmod_gcm_ghash_arm64_aes(const fipsmod::gcm::GhashKey*, std::uint8_t*, const std::uint8_t*,
                                            std::size_t);
extern "C" void fipsmod_gcm_seal_arm64_aes(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*, std::uint8_t*,
                                           std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t);
extern "C" void fipsmod_gcm_open_arm64_aes(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*, std::uint8_t*,
                                           std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_gcm_ghash_init_riscv64_zkne(fipsmod::gcm::GhashKey*, const std::uint8_t*);
extern "C" void fipsmod_gcm_ghash_riscv64_zkne(const fipsmod::gcm::GhashKey*, std::uint8_t*, const std::uint8_t*,
                                               std::size_t);
extern "C" void fipsmod_gcm_seal_riscv64_zkne(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                              std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                              std::size_t);
extern "C" void fipsmod_gcm_open_riscv64_zkne(const fipsmod::aes::Schedule*, const fipsmod::gcm::GhashKey*,
                                              std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::uint8_t*,
                                              std::size_t);
#endif
#pragma GCC visibility pop

namespace fipsmod::gcm {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // VAES and VPCLMULQDQ: sixteen blocks a step on zmm registers, eight
      // on ymm registers; the AES-NI kernel's expansion and block function.
      Kernel{{"amd64-vaes512",
              {Feature::aesni, Feature::pclmulqdq, Feature::avx, Feature::avx2, Feature::vaes, Feature::vpclmulqdq,
               Feature::avx512}},
             entry(&fipsmod_aes_expand_amd64_aesni), entry(&fipsmod_aes_encrypt_amd64_aesni),
             entry(&fipsmod_gcm_ghash_init_amd64_vaes512), entry(&fipsmod_gcm_ghash_amd64_vaes512),
             entry(&fipsmod_gcm_seal_amd64_vaes512), entry(&fipsmod_gcm_open_amd64_vaes512)},
      Kernel{{"amd64-vaes256",
              {Feature::aesni, Feature::pclmulqdq, Feature::avx, Feature::avx2, Feature::vaes, Feature::vpclmulqdq}},
             entry(&fipsmod_aes_expand_amd64_aesni), entry(&fipsmod_aes_encrypt_amd64_aesni),
             entry(&fipsmod_gcm_ghash_init_amd64_vaes256), entry(&fipsmod_gcm_ghash_amd64_vaes256),
             entry(&fipsmod_gcm_seal_amd64_vaes256), entry(&fipsmod_gcm_open_amd64_vaes256)},
      // AES-NI and PCLMULQDQ (VEX encoded): GHASH eight blocks a reduction,
      // the AES rounds of eight counter blocks stitched with it.
      Kernel{{"amd64-aesni", {Feature::aesni, Feature::pclmulqdq, Feature::ssse3, Feature::avx}},
             entry(&fipsmod_aes_expand_amd64_aesni), entry(&fipsmod_aes_encrypt_amd64_aesni),
             entry(&fipsmod_gcm_ghash_init_amd64_aesni), entry(&fipsmod_gcm_ghash_amd64_aesni),
             entry(&fipsmod_gcm_seal_amd64_aesni), entry(&fipsmod_gcm_open_amd64_aesni)},
#endif
#if FIPSMOD_ASM_ARM64
      // aese/aesmc and pmull: four blocks' AES interleaved with the GHASH
      // of four, one reduction for the four.
      Kernel{{"arm64-aes-pmull", {Feature::aes, Feature::pmull}}, entry(&fipsmod_aes_expand_arm64_aes),
             entry(&fipsmod_aes_encrypt_arm64_aes), entry(&fipsmod_gcm_ghash_init_arm64_aes),
             entry(&fipsmod_gcm_ghash_arm64_aes), entry(&fipsmod_gcm_seal_arm64_aes),
             entry(&fipsmod_gcm_open_arm64_aes)},
#endif
#if FIPSMOD_ASM_RISCV64
      // AES by aes64esm (riscv64-zkn's expansion and encryption, which use
      // no Zknd instruction), GHASH by clmul/clmulh on the bit-reflected
      // block (rev8), one block at a time beside the counter-mode AES.
      Kernel{{"riscv64-zkne-zbc", {Feature::zkne, Feature::zbc, Feature::zbb}}, entry(&fipsmod_aes_expand_riscv64_zkne),
             entry(&fipsmod_aes_encrypt_riscv64_zkne), entry(&fipsmod_gcm_ghash_init_riscv64_zkne),
             entry(&fipsmod_gcm_ghash_riscv64_zkne), entry(&fipsmod_gcm_seal_riscv64_zkne),
             entry(&fipsmod_gcm_open_riscv64_zkne)},
#endif
      // The generic AES (bitsliced) and a constant-time GHASH: no table,
      // no branch on key or data.
      Kernel{{"generic", {}}, entry(&aes::expand_generic), entry(&aes::encrypt_generic), entry(&ghash_init_generic),
             entry(&ghash_generic), entry(&seal_generic), entry(&open_generic)},
  };
  return list;
}

namespace {

// The known answer (vectors/gen_vectors.cpp; sizes in internal.hpp): key,
// nonce, additional data, text and the tag under which the text opens; the
// answer is the text's seal (ciphertext, tag) and its open.
internal::KnownAnswer known_answer() noexcept {
  return
#include "gcm_kat.inc"
      ;
}

void seal_and_open_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() != kat_key_size + nonce_size + kat_aad_size + kat_text_size + tag_size) return;  // the test fails
  const auto key_bytes = input.first(kat_key_size);
  const auto nonce = input.subspan(kat_key_size, nonce_size);
  const auto aad = input.subspan(kat_key_size + nonce_size, kat_aad_size);
  const auto text = input.subspan(kat_key_size + nonce_size + kat_aad_size, kat_text_size);
  const auto tag = input.last(tag_size);
  Key key{};
  init(k, key, key_bytes);
  out.resize(2 * kat_text_size + tag_size);
  seal(k, key, nonce, aad, text.data(), out.data(), kat_text_size, std::span(out).subspan(kat_text_size, tag_size));
  open(k, key, nonce, aad, text.data(), out.data() + kat_text_size + tag_size, kat_text_size, tag);
  internal::secure_zero(&key, sizeof key);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"gcm", "AES-GCM", &kernels(), known_answer(), &internal::compute_on<&kernels, &seal_and_open_on>});
  constexpr const char* one_shot = "one-shot";
  out.services.push_back({"AES-GCM seal, nonce made by the module, tag >= 12 bytes", one_shot, internal::Approval::approved});
  out.services.push_back({"AES-GCM seal, nonce made by the module, tag of 4 or 8 bytes", one_shot, internal::Approval::not_approved});
  out.services.push_back({"AES-GCM seal, nonce chosen by the caller", one_shot, internal::Approval::not_approved});
  out.services.push_back({"AES-GCM open, 12-byte nonce, tag >= 12 bytes", one_shot, internal::Approval::approved});
  out.services.push_back({"AES-GCM open, other nonce or tag of 4 or 8 bytes", one_shot, internal::Approval::not_approved});
  out.services.push_back({"AES-GCM key set-up", "init", init_approval});
}

}  // namespace fipsmod::gcm
