// The AES kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// services. Assembly kernels go above the generic one, each under its
// FIPSMOD_ASM_<ARCH>.
#include "asm_entries.hpp"
#include "core/package.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::aes {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // AES-NI, eight blocks interleaved (legacy SSE encoding).
      Kernel{{"amd64-aesni", {Feature::aesni, Feature::ssse3}}, entry(&fipsmod_aes_expand_amd64_aesni),
             entry(&fipsmod_aes_encrypt_amd64_aesni), entry(&fipsmod_aes_decrypt_amd64_aesni)},
#endif
#if FIPSMOD_ASM_ARM64
      // The AES instructions, four blocks at a time.
      Kernel{{"arm64-aes", {Feature::aes}}, entry(&fipsmod_aes_expand_arm64_aes), entry(&fipsmod_aes_encrypt_arm64_aes),
             entry(&fipsmod_aes_decrypt_arm64_aes)},
#endif
#if FIPSMOD_ASM_RISCV64
      // The scalar crypto rounds (aes64esm/aes64dsm), two a round on the
      // state's halves; the expansion needs Zkne only (module/gcm's
      // riscv64 kernel names it), decryption Zknd.
      Kernel{{"riscv64-zkn", {Feature::zkne, Feature::zknd}}, entry(&fipsmod_aes_expand_riscv64_zkne),
             entry(&fipsmod_aes_encrypt_riscv64_zkne), entry(&fipsmod_aes_decrypt_riscv64_zkne)},
#endif
      // Bitsliced, constant-time (no table, no branch on key or data).
      Kernel{{"generic", {}}, entry(&expand_generic), entry(&encrypt_generic), entry(&decrypt_generic)},
  };
  return list;
}

namespace {

// The known answer (vectors/gen_vectors.cpp): an AES-256 key, a counter
// block and a message of four blocks and three bytes; the answer is the
// first four blocks encrypted, the same four decrypted (each block on its
// own, as AES-ECB), then the whole message in CTR mode from the counter.
internal::KnownAnswer known_answer() noexcept {
  return
#include "aes_kat.inc"
      ;
}

void ecb_and_ctr_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  if (input.size() != kat_key_size + block_size + kat_message_size) return;  // nothing computed: the test fails
  const std::uint8_t* key = input.data();
  const std::uint8_t* counter = key + kat_key_size;
  const std::uint8_t* message = counter + block_size;
  Schedule s{};
  k.expand(&s, key, kat_key_size);
  out.resize(2 * kat_blocks * block_size + kat_message_size);
  k.encrypt(&s, message, out.data(), kat_blocks);
  k.decrypt(&s, message, out.data() + kat_blocks * block_size, kat_blocks);
  ctr(k, s, counter, message, out.data() + 2 * kat_blocks * block_size, kat_message_size);
  internal::secure_zero(&s, sizeof s);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  // One self-test per kernel covers the three services: encryption,
  // decryption (FIPS 140-3 IG 10.3.A asks for both directions of a
  // cipher) and CTR, on the largest key (every round).
  out.algorithms.push_back({"aes", "AES", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &ecb_and_ctr_on>, "aes_ctr"});
  out.services.push_back({"AES key set-up", "init", approval});
  out.services.push_back({"AES-ECB (block encryption and decryption)", "one block", approval});
  out.services.push_back({"AES-CTR", "one-shot", approval});
}

}  // namespace fipsmod::aes
