// The XORBytes kernel registry (every XORBytes kernel, best first) and
// XORBytes' entry in the algorithm table.
#include "xor_bytes_kernel.hpp"

#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_xor_bytes_riscv64_v(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_xor_bytes_riscv64(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_xor_bytes_amd64_avx512(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_xor_bytes_amd64_avx2(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_xor_bytes_amd64_sse2(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_xor_bytes_arm64_neon(std::uint8_t*, const std::uint8_t*, const std::uint8_t*, std::size_t);
#endif

namespace fipsmod::subtle {
namespace {

using cpu::Feature;

#if FIPSMOD_ASM_AMD64
constexpr XorBytesKernel kAmd64Avx512{{"amd64-avx512", {Feature::avx512}}, &fipsmod_xor_bytes_amd64_avx512};
constexpr XorBytesKernel kAmd64Avx2{{"amd64-avx2", {Feature::avx2}}, &fipsmod_xor_bytes_amd64_avx2};
constexpr XorBytesKernel kAmd64Sse2{{"amd64-sse2", {Feature::sse2}}, &fipsmod_xor_bytes_amd64_sse2};
#endif

#if FIPSMOD_ASM_RISCV64
constexpr XorBytesKernel kRiscv64V{{"riscv64-v", {Feature::v}}, &fipsmod_xor_bytes_riscv64_v};
constexpr XorBytesKernel kRiscv64{{"riscv64", {Feature::rv64gc}}, &fipsmod_xor_bytes_riscv64};
#endif

#if FIPSMOD_ASM_ARM64
constexpr XorBytesKernel kArm64Neon{{"arm64-neon", {Feature::neon}}, &fipsmod_xor_bytes_arm64_neon};
#endif

constexpr const XorBytesKernel* kBestFirst[] = {
#if FIPSMOD_ASM_AMD64
    &kAmd64Avx512,
    &kAmd64Avx2,
    &kAmd64Sse2,
#endif
#if FIPSMOD_ASM_ARM64
    &kArm64Neon,
#endif
#if FIPSMOD_ASM_RISCV64
    &kRiscv64V,
    &kRiscv64,
#endif
    &xor_bytes_generic_kernel,
};

constinit const internal::KernelList<XorBytesKernel> kKernels{kBestFirst};

}  // namespace

const internal::KernelList<XorBytesKernel>& xor_bytes_kernels() noexcept { return kKernels; }

constinit const internal::Algorithm xor_bytes_algorithm{"xor_bytes", "XORBytes", kKernels, &xor_bytes_known_answers,
                                                        &xor_bytes_known_answer_computation};

}  // namespace fipsmod::subtle
