// The MD5 lanes kernel registry (best first) and its entry in the
// algorithm table. The assembly kernels are in module/asm/<arch>/.
#include "md5_lanes.hpp"

#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_md5_lanes_amd64_avx512(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" void fipsmod_md5_lanes_amd64_avx2(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_md5_lanes_arm64_neon(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_md5_lanes_riscv64_v(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" std::size_t fipsmod_md5_lanes_riscv64_v_width();
#endif

namespace fipsmod::md5 {
namespace {

using cpu::Feature;

// One lane: the single-stream kernel this process selected, so the API
// works everywhere and a lone message costs what it costs today.
void generic_lanes(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks) {
  selected_kernel().block(state, data[0], blocks);
}
std::size_t one_lane() noexcept { return 1; }

#if FIPSMOD_ASM_AMD64
// Two interleaved groups of 16 lanes (zmm) and of 8 lanes (ymm): each step
// is a chain of dependent vector operations, and the other group's step
// runs in the cycles it waits (md5_lanes_amd64_avx512.S measures it).
// W / S, measured: 32 / 15 and 16 / 6, so both pay from 3 busy lanes.
std::size_t thirty_two_lanes() noexcept { return 32; }
std::size_t sixteen_lanes() noexcept { return 16; }
constexpr LanesKernel kAmd64Avx512{{"amd64-avx512", {Feature::avx512}}, &thirty_two_lanes,
                                   &fipsmod_md5_lanes_amd64_avx512};
constexpr LanesKernel kAmd64Avx2{{"amd64-avx2", {Feature::avx2}}, &sixteen_lanes, &fipsmod_md5_lanes_amd64_avx2};
#endif

#if FIPSMOD_ASM_ARM64
// Two interleaved groups of 4 lanes (q registers). W / S modelled on
// Neoverse-N1: 8 / 3.2, so it pays from 3 busy lanes.
std::size_t eight_lanes() noexcept { return 8; }
constexpr LanesKernel kArm64Neon{{"arm64-neon", {Feature::neon}}, &eight_lanes, &fipsmod_md5_lanes_arm64_neon};
#endif

#if FIPSMOD_ASM_RISCV64
// One e32 register of lanes: VLEN / 32 of them (4 at VLEN 128, 8 at 256).
// At VLEN 128 its 4 lanes together hash slower than the Zbb single-stream
// kernel one message after another (docs/performance.md: 0.56x on a core
// timed like the X280), so selection passes it over there. Modelled on the
// X280 (VLEN 512, 16 lanes) a call costs 16 / 2.2 = 7.2 single-stream
// blocks, about the same at any width, so it pays from 8 busy lanes.
std::size_t vector_lanes() noexcept { return fipsmod_md5_lanes_riscv64_v_width(); }
constexpr LanesKernel kRiscv64V{
    {"riscv64-v", {Feature::v}, {Feature::vlen128}}, &vector_lanes, &fipsmod_md5_lanes_riscv64_v, 8};
#endif

constexpr const LanesKernel* kBestFirst[] = {
#if FIPSMOD_ASM_AMD64
    &kAmd64Avx512,
    &kAmd64Avx2,
#endif
#if FIPSMOD_ASM_ARM64
    &kArm64Neon,
#endif
#if FIPSMOD_ASM_RISCV64
    &kRiscv64V,
#endif
    &generic_lanes_kernel,
};

constinit const internal::KernelList<LanesKernel> kLanesKernels{kBestFirst};

}  // namespace

constinit const LanesKernel generic_lanes_kernel{{"generic", {}}, &one_lane, &generic_lanes};

const internal::KernelList<LanesKernel>& lanes_kernels() noexcept { return kLanesKernels; }

constinit const internal::Algorithm lanes_algorithm{"md5_lanes", "MD5-lanes", kLanesKernels, &lanes_known_answers,
                                                    &lanes_known_answer_computation};

}  // namespace fipsmod::md5
