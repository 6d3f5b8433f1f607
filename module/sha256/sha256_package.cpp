// The SHA-256 kernel lists (single-stream and lanes, every kernel best
// first) and the package's description of itself: its two algorithms with
// their known answers, and its services. Assembly kernels go above the
// generic one (the single-stream one in the lanes list), each under its
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
// The lanes kernels (core/lanes.hpp's LanesFn; docs/sha256-lanes.md).
extern "C" void fipsmod_sha256_lanes_amd64_shani(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" void fipsmod_sha256_lanes_amd64_avx512(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" void fipsmod_sha256_lanes_amd64_avx2(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_sha256_block_arm64_sha2(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_lanes_arm64_sha2(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_sha256_block_riscv64_zknh(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_block_riscv64_zbb(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_sha256_lanes_riscv64_v(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" std::size_t fipsmod_sha256_lanes_riscv64_v_width();
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

namespace lanes {
namespace {

// One lane: the single-stream kernel this process selected.
void single_stream(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks) {
  sha256::kernels().selected().block(state, data[0], blocks);
}
std::size_t one_lane() noexcept { return 1; }
#if FIPSMOD_ASM_AMD64
std::size_t sixteen_lanes() noexcept { return 16; }
std::size_t eight_lanes() noexcept { return 8; }
#endif
#if FIPSMOD_ASM_AMD64 || FIPSMOD_ASM_ARM64
std::size_t two_lanes() noexcept { return 2; }
#endif
#if FIPSMOD_ASM_RISCV64
std::size_t vector_lanes() noexcept { return fipsmod_sha256_lanes_riscv64_v_width(); }
#endif

}  // namespace

// The lanes ABI (core/lanes.hpp's LanesFn), for every kernel here:
//   extern "C" void fipsmod_sha256_lanes_<arch>_<ext>(std::uint32_t* state,
//       const std::uint8_t* const* data, std::size_t blocks);
// state[j * W + i] is chaining word j (0..7, a..h of FIPS 180-4) of lane i,
// native-endian; lane i reads data[i][0, 64 * blocks) at any alignment;
// lanes may share a pointer; the same block count for every lane; W is the
// record's width.
const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // 16 lanes in zmm (vprord, vpternlogd for Ch, Maj and the xors of each
      // Σ): on the Intel host measured it hashes 1.8-1.9x the bytes of
      // amd64-shani-x2, so it comes first (docs/sha256-lanes.md, "AVX2 and
      // AVX-512 lanes", has the figures and where the order may differ).
      // W / S against amd64-shani: 16 / 2.15 (the bench's median), so it
      // pays from 8 busy lanes (from 2 against amd64-bmi2, on AVX-512 CPUs
      // without SHA-NI; one figure a record, so the safe one).
      Kernel{{"amd64-avx512", {Feature::avx512}}, entry(&sixteen_lanes), entry(&fipsmod_sha256_lanes_amd64_avx512), 8},
      // Two messages interleaved through the SHA extensions: sha256rnds2's
      // latency, which one message leaves idle, runs the other's rounds
      // (sha256_lanes_amd64_shani.S). The same needs as amd64-shani.
      Kernel{{"amd64-shani-x2", {Feature::sha_ni, Feature::sse2, Feature::ssse3, Feature::sse4_1}}, entry(&two_lanes),
             entry(&fipsmod_sha256_lanes_amd64_shani)},
      // 8 lanes in ymm, rotates as shift pairs: 0.87x the single-stream
      // SHA-NI kernel, so after amd64-shani-x2 and never selected where SHA-NI
      // is; for AVX2 CPUs without it. W / S against amd64-bmi2: 8 / 3.5, so it
      // pays from 3 busy lanes.
      Kernel{{"amd64-avx2", {Feature::avx2}}, entry(&eight_lanes), entry(&fipsmod_sha256_lanes_amd64_avx2), 3},
#endif
#if FIPSMOD_ASM_ARM64
      // Two messages interleaved through the ARMv8 SHA-256 instructions:
      // one message's sha256h/sha256h2 chain leaves the SHA pipe idle most
      // of each step, and the other's rounds run there
      // (sha256_lanes_arm64_sha2.S). Modelled on Neoverse-N1 a call costs
      // 2 x 57.1 / 83.1 = 1.4 single-stream blocks, so it pays from 2 busy
      // lanes (docs/sha256-lanes.md, arm64 two-way).
      Kernel{{"arm64-sha2-x2", {Feature::sha2}}, entry(&two_lanes), entry(&fipsmod_sha256_lanes_arm64_sha2), 2},
#endif
#if FIPSMOD_ASM_RISCV64
      // One e32 register of lanes: VLEN / 32 of them. Modelled on the X280
      // (VLEN 512, 16 lanes) a call costs 16 / 2.75 = 5.8 riscv64-zbb
      // blocks, about the same at any width, so it pays from 6 busy lanes.
      // Passed over at VLEN 128 (0.69x riscv64-zbb) and where Zknh is (0.82x
      // riscv64-zknh at VLEN 256): docs/sha256-lanes.md, "RVV lanes".
      Kernel{{"riscv64-v", {Feature::v}, {Feature::vlen128, Feature::zknh}}, entry(&vector_lanes),
             entry(&fipsmod_sha256_lanes_riscv64_v), 6},
#endif
      Kernel{{"single-stream", {}}, entry(&one_lane), entry(&single_stream)},
  };
  return list;
}

}  // namespace lanes

namespace {

// The known answers (vectors/gen_vectors.cpp). SHA-256: the SHA-256 of a
// message of two blocks and a partial one, which every kernel must give.
internal::KnownAnswer known_answer() noexcept {
  return
#include "sha256_kat.inc"
      ;
}

// The lanes: each usable lanes kernel hashes kat_messages messages of the
// input at once, one for each lane of the widest kernel
// (core/lanes_kat.hpp), so that every lane of every kernel hashes whole
// blocks of its own; the answer is their digests, one after another.
internal::KnownAnswer lanes_known_answer() noexcept {
  return
#include "sha256_lanes_kat.inc"
      ;
}

void digest_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  out.resize(Sha256::size);
  internal::hash::digest<Sha256>(k, input, out);
}

}  // namespace

void lanes_known_answer_on(const lanes::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  internal::lanes::known_answer_on<Sha256>(k, kernels().selected(), input, out);
}

void describe(internal::PackageBuilder& out) {
  // SHA-224 has no algorithm of its own: it is this kernel on other initial
  // values, so the SHA-256 test of each kernel covers it, and it shares
  // SHA-256's choice.
  out.algorithms.push_back({"sha256", "SHA-256", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &digest_on>, "sha224"});
  // SHA-224's many-message services run the same lanes kernels.
  out.algorithms.push_back({"sha256_lanes", "SHA-256-lanes", &lanes::kernels(), lanes_known_answer(),
                            &internal::compute_on<&lanes::kernels, &lanes_known_answer_on>, "sha224_lanes"});
  constexpr const char* calls = "one-shot, streaming, saved state, many at once";
  out.services.push_back({"SHA-256", calls, Sha256::approval});
  out.services.push_back({"SHA-224", calls, Sha224::approval});
}

}  // namespace fipsmod::sha256
