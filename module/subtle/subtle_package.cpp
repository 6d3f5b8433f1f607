// The XORBytes kernel list (every kernel, best first) and the package's
// description of itself: its algorithm with its known answer, and its
// service.
#include "core/package.hpp"
#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
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
#pragma GCC visibility pop

namespace fipsmod::subtle {

using cpu::Feature;
using internal::entry;

const internal::KernelList<Kernel>& kernels() noexcept {
  static const internal::KernelList<Kernel> list{
#if FIPSMOD_ASM_AMD64
      Kernel{{"amd64-avx512", {Feature::avx512}}, entry(&fipsmod_xor_bytes_amd64_avx512)},
      Kernel{{"amd64-avx2", {Feature::avx2}}, entry(&fipsmod_xor_bytes_amd64_avx2)},
      Kernel{{"amd64-sse2", {Feature::sse2}}, entry(&fipsmod_xor_bytes_amd64_sse2)},
#endif
#if FIPSMOD_ASM_ARM64
      Kernel{{"arm64-neon", {Feature::neon}}, entry(&fipsmod_xor_bytes_arm64_neon)},
#endif
#if FIPSMOD_ASM_RISCV64
      Kernel{{"riscv64-v", {Feature::v}}, entry(&fipsmod_xor_bytes_riscv64_v)},
      Kernel{{"riscv64", {Feature::rv64gc}}, entry(&fipsmod_xor_bytes_riscv64)},
#endif
      Kernel{{"generic", {}}, entry(&xor_bytes_generic)},
  };
  return list;
}

namespace {

// The known answer (vectors/gen_vectors.cpp): x ^ y of two 333-byte inputs
// (an odd length, past every kernel's main-loop threshold; the input holds
// x, then y), which every kernel must give.
internal::KnownAnswer known_answer() noexcept {
  return
#include "xor_bytes_kat.inc"
      ;
}

void xor_on(const Kernel& k, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  const std::size_t n = input.size() / 2;
  if (n == 0) return;  // nothing computed: the test fails
  out.resize(n);
  k.xor_bytes(out.data(), input.data(), input.data() + n, n);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"xor_bytes", "XORBytes", &kernels(), known_answer(),
                            &internal::compute_on<&kernels, &xor_on>});
  out.services.push_back({"XORBytes", "one-shot", approval});
}

}  // namespace fipsmod::subtle
