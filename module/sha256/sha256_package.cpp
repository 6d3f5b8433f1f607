// The SHA-256 kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// services. Assembly kernels go above the generic one, each under its
// FIPSMOD_ASM_<ARCH>.
#include "core/package.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_sha256_block_amd64_shani(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_block_amd64_bmi2(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_block_amd64(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_sha256_block_arm64_sha2(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_sha256_block_riscv64_zknh(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_block_riscv64_zbb(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif
#pragma GCC visibility pop

namespace fipsmod::sha256 {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // The SHA extensions: two rounds a sha256rnds2, on xmm registers
      // (SSE2's loads and adds). The byte swap is SSSE3's pshufb and the
      // schedule's word shift its palignr; pblendw (SSE4.1) rearranges the
      // state on entry and exit. Every CPU with SHA has them all; sse2 among
      // the needs also keeps FIPSMOD_DISABLE=sse2 away from it.
      Kernel{{"amd64-shani", {Feature::sha_ni, Feature::sse2, Feature::ssse3, Feature::sse4_1}},
             entry(&fipsmod_sha256_block_amd64_shani)},
      // Scalar rounds with BMI2's rorx for every rotate and BMI1's andn in
      // Ch; the message schedule runs in SSE2 registers beside them.
      Kernel{{"amd64-bmi2", {Feature::sse2, Feature::bmi1, Feature::bmi2}}, entry(&fipsmod_sha256_block_amd64_bmi2)},
      // The same rounds and schedule in plain x86-64 and SSE2, which every
      // x86-64 CPU has, so FIPSMOD_DISABLE=sse2 is how one asks for the
      // generic kernel.
      Kernel{{"amd64", {Feature::sse2}}, entry(&fipsmod_sha256_block_amd64)},
#endif
#if FIPSMOD_ASM_ARM64
      // The ARMv8 SHA-256 instructions, four rounds an instruction pair.
      Kernel{{"arm64-sha2", {Feature::sha2}}, entry(&fipsmod_sha256_block_arm64_sha2)},
#endif
#if FIPSMOD_ASM_RISCV64
      // Zknh's sum and sigma instructions: one instruction for each of the
      // four functions of FIPS 180-4 §4.1.2. Base RV64GC otherwise.
      Kernel{{"riscv64-zknh", {Feature::zknh}}, entry(&fipsmod_sha256_block_riscv64_zknh)},
      // Zbb's roriw for every rotate and andn in Ch; the same registers and
      // schedule as the Zknh kernel (one source), each sum and sigma as
      // rotates and xors.
      Kernel{{"riscv64-zbb", {Feature::zbb}}, entry(&fipsmod_sha256_block_riscv64_zbb)},
#endif
      Kernel{{"generic", {}}, entry(&block_generic)},
  };
  return list;
}

namespace {

// The known answer (vectors/gen_vectors.cpp): the SHA-256 of a message of
// two blocks and a partial one, which every kernel must give.
internal::KnownAnswer known_answer() noexcept {
  return
#include "sha256_kat.inc"
      ;
}

void digest_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  out.resize(Sha256::size);
  internal::hash::digest<Sha256>(k, input, out);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  // SHA-224 has no algorithm of its own: it is this kernel on other initial
  // values, so the SHA-256 test of each kernel covers it, and it shares
  // SHA-256's choice.
  out.algorithms.push_back({"sha256", "SHA-256", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &digest_on>, "sha224"});
  constexpr const char* calls = "one-shot, streaming, saved state";
  out.services.push_back({"SHA-256", calls, Sha256::approval});
  out.services.push_back({"SHA-224", calls, Sha224::approval});
}

}  // namespace fipsmod::sha256
