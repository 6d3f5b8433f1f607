// The GCM kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// services. A GCM kernel is a whole implementation (its AES, its GHASH and
// the loop that fuses them), so its needs cover both.
#include "core/package.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_AMD64
#endif
#if FIPSMOD_ASM_ARM64
#endif
#if FIPSMOD_ASM_RISCV64
#endif
#pragma GCC visibility pop

namespace fipsmod::gcm {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
#endif
#if FIPSMOD_ASM_ARM64
#endif
#if FIPSMOD_ASM_RISCV64
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
