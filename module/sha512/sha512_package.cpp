// The SHA-512 kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// services. Assembly kernels go above the generic one, each under its
// FIPSMOD_ASM_<ARCH>.
#include "core/package.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_sha512_block_amd64_avx2(std::uint64_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha512_block_amd64_bmi2(std::uint64_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_sha512_block_arm64_sha512(std::uint64_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_sha512_block_riscv64_zknh(std::uint64_t*, const std::uint8_t*, std::size_t);
#endif
#pragma GCC visibility pop

namespace fipsmod::sha512 {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // Scalar rounds (rorx for every rotate, andn in Ch) beside a message
      // schedule in ymm registers that serves two blocks an instruction;
      // about 9% faster than amd64-bmi2 on the Xeon it was measured on
      // (3.54 against 3.91 cycles a byte at 8 KiB).
      Kernel{{"amd64-avx2", {Feature::avx2, Feature::bmi1, Feature::bmi2}}, entry(&fipsmod_sha512_block_amd64_avx2)},
      // The same rounds, the schedule two words an xmm register in SSE2.
      Kernel{{"amd64-bmi2", {Feature::sse2, Feature::bmi1, Feature::bmi2}}, entry(&fipsmod_sha512_block_amd64_bmi2)},
#endif
#if FIPSMOD_ASM_ARM64
      // The ARMv8.2 SHA-512 instructions (FEAT_SHA512), two rounds a
      // sha512h/sha512h2 pair.
      Kernel{{"arm64-sha512", {Feature::sha512}}, entry(&fipsmod_sha512_block_arm64_sha512)},
#endif
#if FIPSMOD_ASM_RISCV64
      // Zknh's sha512sum0/1 and sha512sig0/1, one instruction each on RV64;
      // Zbb's andn in Ch and rev8 for the big-endian loads.
      Kernel{{"riscv64-zknh", {Feature::zknh, Feature::zbb}}, entry(&fipsmod_sha512_block_riscv64_zknh)},
#endif
      Kernel{{"generic", {}}, entry(&block_generic)},
  };
  return list;
}

namespace {

// The known answer (vectors/gen_vectors.cpp): the SHA-512 of a message of
// two blocks and a partial one, which every kernel must give.
internal::KnownAnswer known_answer() noexcept {
  return
#include "sha512_kat.inc"
      ;
}

void digest_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  out.resize(Sha512::size);
  internal::hash::digest<Sha512>(k, input, out);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  // SHA-384, SHA-512/224 and SHA-512/256 have no algorithm of their own:
  // each is this kernel on other initial values with the digest cut (FIPS
  // 180-4 §6.5-§6.7), so the SHA-512 test of each kernel covers them (as
  // FIPS 140-3 IG 10.3.A allows: the truncated variants' self-test is
  // SHA-512's), and they share SHA-512's choice. Their initial values and
  // cut are compiled constants the vector tests hold to Botan.
  out.algorithms.push_back({"sha512", "SHA-512", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &digest_on>, "sha384,sha512_224,sha512_256"});
  constexpr const char* calls = "one-shot, streaming, saved state";
  out.services.push_back({"SHA-512", calls, Sha512::approval});
  out.services.push_back({"SHA-384", calls, Sha384::approval});
  out.services.push_back({"SHA-512/224", calls, Sha512_224::approval});
  out.services.push_back({"SHA-512/256", calls, Sha512_256::approval});
}

}  // namespace fipsmod::sha512
