// The MD5 kernel lists (single-stream and lanes, every kernel best first)
// and the package's description of itself: its two algorithms with their
// known answers, and its services. The assembly kernels are in asm/<arch>/.
#include "core/package.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_md5_block_riscv64_zbb(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_riscv64(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_lanes_riscv64_v(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" std::size_t fipsmod_md5_lanes_riscv64_v_width();
#endif
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_md5_block_amd64_avx512(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_amd64_bmi1(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_block_amd64(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_lanes_amd64_avx512(std::uint32_t*, const std::uint8_t* const*, std::size_t);
extern "C" void fipsmod_md5_lanes_amd64_avx2(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_md5_block_arm64(std::uint32_t*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_md5_lanes_arm64_neon(std::uint32_t*, const std::uint8_t* const*, std::size_t);
#endif
#pragma GCC visibility pop

namespace fipsmod::md5 {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      Kernel{{"amd64-bmi1", {Feature::bmi1}}, entry(&fipsmod_md5_block_amd64_bmi1)},
      // One step at a time in lane 0 of xmm registers: vpternlogd and vprold
      // need AVX-512F with VL. Its four-instruction step is as fast as the
      // vector instructions' latency: on a core where they take two cycles
      // (vlat2) it runs at half the scalar kernels' speed. It comes after
      // amd64-bmi1, which is faster on both vendors measured: on AMD Zen 5
      // (family 26) the AVX-512 kernel ran at 0.60x OpenSSL's MD5 on Hash8K
      // and bmi1 at 1.07x (docs/performance.md), and on an Intel Xeon
      // (family 6, model 207) at 0.91-0.94x against bmi1's 1.04-1.05x
      // (issue 16's measurement). Every CPU with AVX-512 has BMI1, so it
      // runs only where FIPSMOD_DISABLE removes bmi1 (and, on Zen 5, vlat2).
      Kernel{{"amd64-avx512", {Feature::avx512}, {Feature::vlat2}}, entry(&fipsmod_md5_block_amd64_avx512)},
      // Plain x86-64; it needs sse2, which every x86-64 CPU has, so that
      // FIPSMOD_DISABLE=sse2 is how one asks for the generic kernels on amd64.
      Kernel{{"amd64", {Feature::sse2}}, entry(&fipsmod_md5_block_amd64)},
#endif
#if FIPSMOD_ASM_ARM64
      // Scalar A64 only; it needs neon because Advanced SIMD is part of the
      // base ISA every arm64 Linux has, and FIPSMOD_DISABLE=neon is how one
      // asks for the generic kernels on arm64.
      Kernel{{"arm64", {Feature::neon}}, entry(&fipsmod_md5_block_arm64)},
#endif
#if FIPSMOD_ASM_RISCV64
      Kernel{{"riscv64-zbb", {Feature::zbb}}, entry(&fipsmod_md5_block_riscv64_zbb)},
      Kernel{{"riscv64", {Feature::rv64gc}}, entry(&fipsmod_md5_block_riscv64)},
#endif
      Kernel{{"generic", {}}, entry(&block_generic)},
  };
  return list;
}

namespace lanes {
namespace {

// One lane: the single-stream kernel this process selected.
void single_stream(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks) {
  md5::kernels().selected().block(state, data[0], blocks);
}
std::size_t one_lane() noexcept { return 1; }
#if FIPSMOD_ASM_AMD64
std::size_t thirty_two_lanes() noexcept { return 32; }
std::size_t sixteen_lanes() noexcept { return 16; }
#endif
#if FIPSMOD_ASM_ARM64
std::size_t eight_lanes() noexcept { return 8; }
#endif
#if FIPSMOD_ASM_RISCV64
std::size_t vector_lanes() noexcept { return fipsmod_md5_lanes_riscv64_v_width(); }
#endif

}  // namespace

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      // Two interleaved groups of 16 lanes (zmm) and of 8 lanes (ymm): each
      // step is a chain of dependent vector operations, and the other
      // group's step runs in the cycles it waits (md5_lanes_amd64_avx512.S
      // measures it). W / S, measured: 32 / 15 and 16 / 6, so both pay from
      // 3 busy lanes.
      Kernel{{"amd64-avx512", {Feature::avx512}}, entry(&thirty_two_lanes), entry(&fipsmod_md5_lanes_amd64_avx512)},
      Kernel{{"amd64-avx2", {Feature::avx2}}, entry(&sixteen_lanes), entry(&fipsmod_md5_lanes_amd64_avx2)},
#endif
#if FIPSMOD_ASM_ARM64
      // Two interleaved groups of 4 lanes (q registers). W / S modelled on
      // Neoverse-N1: 8 / 3.2, so it pays from 3 busy lanes.
      Kernel{{"arm64-neon", {Feature::neon}}, entry(&eight_lanes), entry(&fipsmod_md5_lanes_arm64_neon)},
#endif
#if FIPSMOD_ASM_RISCV64
      // One e32 register of lanes: VLEN / 32 of them (4 at VLEN 128, 8 at
      // 256). At VLEN 128 its 4 lanes together hash slower than the Zbb
      // single-stream kernel one message after another (docs/performance.md:
      // 0.56x on a core timed like the X280), so selection passes it over
      // there. Modelled on the X280 (VLEN 512, 16 lanes) a call costs 16 /
      // 2.2 = 7.2 single-stream blocks, about the same at any width, so it
      // pays from 8 busy lanes.
      Kernel{{"riscv64-v", {Feature::v}, {Feature::vlen128}}, entry(&vector_lanes),
             entry(&fipsmod_md5_lanes_riscv64_v), 8},
#endif
      Kernel{{"single-stream", {}}, entry(&one_lane), entry(&single_stream)},
  };
  return list;
}

}  // namespace lanes

namespace {

// The known answers (vectors/gen_vectors.cpp). MD5: the digest of a message
// of two blocks and a partial one, which every kernel must give.
internal::KnownAnswer known_answer() noexcept {
  return
#include "md5_kat.inc"
      ;
}

// The lanes: each usable lanes kernel hashes kat_messages messages of the
// input at once, one for each lane of the widest kernel
// (core/lanes_kat.hpp), so that every lane of every kernel hashes whole
// blocks of its own; the answer is their digests, one after another.
internal::KnownAnswer lanes_known_answer() noexcept {
  return
#include "md5_lanes_kat.inc"
      ;
}

void digest_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  out.resize(Md5::size);
  internal::hash::digest<Md5>(k, input, out);
}

}  // namespace

void lanes_known_answer_on(const lanes::Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  internal::lanes::known_answer_on<Md5>(k, kernels().selected(), input, out);
}

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"md5", "MD5", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &digest_on>});
  out.algorithms.push_back({"md5_lanes", "MD5-lanes", &lanes::kernels(),
                            lanes_known_answer(),
                            &internal::compute_on<&lanes::kernels, &lanes_known_answer_on>});
  out.services.push_back({"MD5", "one-shot, streaming, saved state, many at once", Md5::approval});
}

}  // namespace fipsmod::md5
