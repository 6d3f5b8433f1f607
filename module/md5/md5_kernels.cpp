// The MD5 kernel registry (every MD5 kernel, best first) and MD5's entry in
// the algorithm table.
#include "md5_kernel.hpp"

#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_md5_block_riscv64_zbb(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_riscv64(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_md5_block_amd64_avx512(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_amd64_bmi1(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_amd64(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_md5_block_arm64(std::uint32_t*, const std::uint8_t*, std::size_t);
#endif

namespace fipsmod::md5 {
namespace {

using cpu::Feature;

#if FIPSMOD_ASM_AMD64
// One step at a time in lane 0 of xmm registers: vpternlogd and vprold need
// AVX-512F with VL. Its four-instruction step is as fast as the vector
// instructions' latency: on a core where they take two cycles (vlat2) it
// runs at half the scalar kernels' speed. It comes after amd64-bmi1, which
// is faster on both vendors measured: on AMD Zen 5 (family 26) the AVX-512
// kernel ran at 0.60x OpenSSL's MD5 on Hash8K and bmi1 at 1.07x
// (docs/performance.md), and on an Intel Xeon (family 6, model 207) at
// 0.91-0.94x against bmi1's 1.04-1.05x (issue 16's measurement). Every CPU
// with AVX-512 has BMI1, so it runs only where FIPSMOD_DISABLE removes bmi1
// (and, on Zen 5, vlat2).
constexpr Kernel kAmd64Avx512{{"amd64-avx512", {Feature::avx512}, {Feature::vlat2}},
                              &fipsmod_md5_block_amd64_avx512};
constexpr Kernel kAmd64Bmi1{{"amd64-bmi1", {Feature::bmi1}}, &fipsmod_md5_block_amd64_bmi1};
// Plain x86-64; it needs sse2, which every x86-64 CPU has, so that
// FIPSMOD_DISABLE=sse2 is how one asks for the generic kernels on amd64.
constexpr Kernel kAmd64{{"amd64", {Feature::sse2}}, &fipsmod_md5_block_amd64};
#endif

#if FIPSMOD_ASM_RISCV64
constexpr Kernel kRiscv64Zbb{{"riscv64-zbb", {Feature::zbb}}, &fipsmod_md5_block_riscv64_zbb};
constexpr Kernel kRiscv64{{"riscv64", {Feature::rv64gc}}, &fipsmod_md5_block_riscv64};
#endif

#if FIPSMOD_ASM_ARM64
// Scalar A64 only; it needs neon because Advanced SIMD is part of the base
// ISA every arm64 Linux has, and FIPSMOD_DISABLE=neon is how one asks for
// the generic kernels on arm64.
constexpr Kernel kArm64{{"arm64", {Feature::neon}}, &fipsmod_md5_block_arm64};
#endif

constexpr const Kernel* kBestFirst[] = {
#if FIPSMOD_ASM_AMD64
    &kAmd64Bmi1,
    &kAmd64Avx512,
    &kAmd64,
#endif
#if FIPSMOD_ASM_ARM64
    &kArm64,
#endif
#if FIPSMOD_ASM_RISCV64
    &kRiscv64Zbb,
    &kRiscv64,
#endif
    &generic_kernel,
};

constinit const internal::KernelList<Kernel> kKernels{kBestFirst};

}  // namespace

const internal::KernelList<Kernel>& kernels() noexcept { return kKernels; }

constinit const internal::Algorithm algorithm{"md5", "MD5", kKernels, &known_answers, &known_answer_computation};

}  // namespace fipsmod::md5
