// The SHA-256 kernel registry (every SHA-256 kernel, best first) and
// SHA-256's entry in the algorithm table. Assembly kernels go above the
// generic one, each under its FIPSMOD_ASM_<ARCH>, as in md5_kernels.cpp.
#include "sha256_kernel.hpp"

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

namespace fipsmod::sha256 {
namespace {

using cpu::Feature;

#if FIPSMOD_ASM_AMD64
// The SHA extensions: two rounds a sha256rnds2, on xmm registers (SSE2's
// loads and adds). The byte swap is SSSE3's pshufb and the schedule's word
// shift its palignr; pblendw (SSE4.1) rearranges the state on entry and
// exit. Every CPU with SHA has them all; sse2 among the needs also keeps
// FIPSMOD_DISABLE=sse2 away from it.
constexpr Kernel kAmd64Shani{{"amd64-shani", {Feature::sha_ni, Feature::sse2, Feature::ssse3, Feature::sse4_1}},
                             &fipsmod_sha256_block_amd64_shani};
// Scalar rounds with BMI2's rorx for every rotate and BMI1's andn in Ch;
// the message schedule runs in SSE2 registers beside them.
constexpr Kernel kAmd64Bmi2{{"amd64-bmi2", {Feature::sse2, Feature::bmi1, Feature::bmi2}},
                            &fipsmod_sha256_block_amd64_bmi2};
// The same rounds and schedule in plain x86-64 and SSE2, which every
// x86-64 CPU has, so FIPSMOD_DISABLE=sse2 is how one asks for the generic
// kernel.
constexpr Kernel kAmd64{{"amd64", {Feature::sse2}}, &fipsmod_sha256_block_amd64};
#endif

#if FIPSMOD_ASM_ARM64
// The ARMv8 SHA-256 instructions, four rounds an instruction pair.
constexpr Kernel kArm64Sha2{{"arm64-sha2", {Feature::sha2}}, &fipsmod_sha256_block_arm64_sha2};
#endif

#if FIPSMOD_ASM_RISCV64
// Zknh's sum and sigma instructions: one instruction for each of the four
// functions of FIPS 180-4 §4.1.2. Base RV64GC otherwise.
constexpr Kernel kRiscv64Zknh{{"riscv64-zknh", {Feature::zknh}}, &fipsmod_sha256_block_riscv64_zknh};
// Zbb's roriw for every rotate and andn in Ch; the same registers and
// schedule as the Zknh kernel, each sum and sigma as rotates and xors.
constexpr Kernel kRiscv64Zbb{{"riscv64-zbb", {Feature::zbb}}, &fipsmod_sha256_block_riscv64_zbb};
#endif

constexpr const Kernel* kBestFirst[] = {
#if FIPSMOD_ASM_AMD64
    &kAmd64Shani,
    &kAmd64Bmi2,
    &kAmd64,
#endif
#if FIPSMOD_ASM_ARM64
    &kArm64Sha2,
#endif
#if FIPSMOD_ASM_RISCV64
    &kRiscv64Zknh,
    &kRiscv64Zbb,
#endif
    &generic_kernel,
};

}  // namespace

constinit const internal::KernelList<Kernel> kernel_list{kBestFirst};

const internal::KernelList<Kernel>& kernels() noexcept { return kernel_list; }

constinit const internal::Algorithm algorithm{"sha256", "SHA-256", kernel_list, &known_answers,
                                              &known_answer_computation};

}  // namespace fipsmod::sha256
