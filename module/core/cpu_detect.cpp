// Detection of the CPU features in cpu.hpp, once per process, on the
// architecture this file is compiled for. Only features the hardware and the
// OS both support are reported.
#include "cpu.hpp"
#include "cpu_riscv.hpp"

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#elif defined(__riscv)
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iterator>
#endif

namespace fipsmod::cpu {
namespace {

#if defined(__x86_64__)

// Bit positions from the Intel SDM, vol. 2A, CPUID: leaf 1 and leaf 7
// sub-leaf 0; and vol. 1 §13.3 for the XCR0 state-component bits.
constexpr unsigned kLeaf1EdxSse2 = 1u << 26;
constexpr unsigned kLeaf1EcxOsxsave = 1u << 27;
constexpr unsigned kLeaf1EcxSsse3 = 1u << 9;
constexpr unsigned kLeaf1EcxSse41 = 1u << 19;
constexpr unsigned kLeaf1EcxPclmulqdq = 1u << 1;
constexpr unsigned kLeaf1EcxAes = 1u << 25;
constexpr unsigned kLeaf1EcxAvx = 1u << 28;
constexpr unsigned kLeaf7EcxVaes = 1u << 9;
constexpr unsigned kLeaf7EcxVpclmulqdq = 1u << 10;
constexpr unsigned kLeaf7EbxBmi1 = 1u << 3;
constexpr unsigned kLeaf7EbxAvx2 = 1u << 5;
constexpr unsigned kLeaf7EbxBmi2 = 1u << 8;
constexpr unsigned kLeaf7EbxSha = 1u << 29;
constexpr unsigned kLeaf7EbxAvx512f = 1u << 16;
constexpr unsigned kLeaf7EbxAvx512bw = 1u << 30;
constexpr unsigned kLeaf7EbxAvx512vl = 1u << 31;
constexpr unsigned kXcr0SseAvx = 0x06;        // XMM (bit 1) and YMM (bit 2) state
constexpr unsigned kXcr0Avx512 = 0xe0 | 0x06;  // plus opmask, ZMM_Hi256, Hi16_ZMM

// The vendor string of leaf 0 ("AuthenticAMD", in ebx, edx, ecx), and the
// family of leaf 1's eax: bits 11:8, plus the extended family in bits 27:20
// when those read 0xf (AMD's and Intel's manuals agree on this).
constexpr unsigned kAmdEbx = 0x68747541, kAmdEdx = 0x69746e65, kAmdEcx = 0x444d4163;
constexpr unsigned kZen5Family = 0x1a;

unsigned family(unsigned leaf1_eax) {
  const unsigned base = (leaf1_eax >> 8) & 0xf;
  return base == 0xf ? base + ((leaf1_eax >> 20) & 0xff) : base;
}

unsigned long long read_xcr0() {
  unsigned lo = 0, hi = 0;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<unsigned long long>(hi) << 32) | lo;
}

FeatureSet detect() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  FeatureSet s;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return s;
  const bool amd = b == kAmdEbx && d == kAmdEdx && c == kAmdEcx;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return s;
  if (d & kLeaf1EdxSse2) s = s.with(Feature::sse2);
  if (c & kLeaf1EcxSsse3) s = s.with(Feature::ssse3);
  if (c & kLeaf1EcxSse41) s = s.with(Feature::sse4_1);
  if (c & kLeaf1EcxAes) s = s.with(Feature::aesni);
  if (c & kLeaf1EcxPclmulqdq) s = s.with(Feature::pclmulqdq);
  // Zen 5 gives simple vector integer instructions two cycles of latency
  // (measured here: chains of vpaddd and of vprold run at half the speed of
  // a chain of scalar adds); Zen 4 and Intel's AVX-512 cores take one.
  if (amd && family(a) == kZen5Family) s = s.with(Feature::vlat2);
  const unsigned long long xcr0 = (c & kLeaf1EcxOsxsave) ? read_xcr0() : 0;
  const bool os_ymm = (xcr0 & kXcr0SseAvx) == kXcr0SseAvx;
  if ((c & kLeaf1EcxAvx) && os_ymm) s = s.with(Feature::avx);
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return s;
  if (b & kLeaf7EbxBmi1) s = s.with(Feature::bmi1);
  if (b & kLeaf7EbxBmi2) s = s.with(Feature::bmi2);
  if (b & kLeaf7EbxSha) s = s.with(Feature::sha_ni);
  if ((b & kLeaf7EbxAvx2) && os_ymm) s = s.with(Feature::avx2);
  // VAES and VPCLMULQDQ are VEX/EVEX instructions: they need the OS to
  // save ymm state (zmm for their 512-bit forms, which also need avx512).
  if ((c & kLeaf7EcxVaes) && os_ymm) s = s.with(Feature::vaes);
  if ((c & kLeaf7EcxVpclmulqdq) && os_ymm) s = s.with(Feature::vpclmulqdq);
  constexpr unsigned avx512 = kLeaf7EbxAvx512f | kLeaf7EbxAvx512bw | kLeaf7EbxAvx512vl;
  if ((b & avx512) == avx512 && (xcr0 & kXcr0Avx512) == kXcr0Avx512) s = s.with(Feature::avx512);
  return s;
}

#elif defined(__aarch64__) && defined(__linux__)

// From Linux's arch/arm64/include/uapi/asm/hwcap.h.
constexpr unsigned long kHwcapAsimd = 1ul << 1;
constexpr unsigned long kHwcapAes = 1ul << 3;
constexpr unsigned long kHwcapPmull = 1ul << 4;
constexpr unsigned long kHwcapSha2 = 1ul << 6;
constexpr unsigned long kHwcapSha512 = 1ul << 21;

FeatureSet detect() {
  FeatureSet s;
  const unsigned long hwcap = getauxval(AT_HWCAP);
  if (hwcap & kHwcapAsimd) s = s.with(Feature::neon);
  if (hwcap & kHwcapSha2) s = s.with(Feature::sha2);
  if (hwcap & kHwcapAes) s = s.with(Feature::aes);
  if (hwcap & kHwcapPmull) s = s.with(Feature::pmull);
  if (hwcap & kHwcapSha512) s = s.with(Feature::sha512);
  return s;
}

#elif defined(__riscv) && __riscv_xlen == 64

// riscv_hwprobe where the kernel has it; the -march baseline otherwise
// (kernels before 6.4, and Debian 12's qemu-user, answer ENOSYS), with, in
// a test build, what riscv::hwprobe_stand_in names.
riscv::Probe ask_hwprobe() {
  riscv::Pair pairs[std::size(riscv::kQuery)];
  std::copy(std::begin(riscv::kQuery), std::end(riscv::kQuery), pairs);
  const long rc = syscall(riscv::kSysRiscvHwprobe, pairs, std::size(pairs), 0, nullptr, 0);
  if (rc == 0) return riscv::interpret(0, pairs, riscv::compile_time_baseline());
  const long error = -errno;
  const FeatureSet baseline = riscv::compile_time_baseline();
  return riscv::interpret(error, pairs, error == -ENOSYS ? baseline.with(riscv::hwprobe_stand_in()) : baseline);
}

// VLEN in bytes, from the vlenb CSR (0xc22, named by number so that a build
// without V in -march assembles it); only read where V is present.
std::uint64_t vlenb() noexcept {
  std::uint64_t bytes;
  asm volatile("csrr %0, 0xc22" : "=r"(bytes));
  return bytes;
}

FeatureSet detect() {
  FeatureSet s = riscv::probe().features;
  if (s.has(Feature::v) && vlenb() <= 16) s = s.with(Feature::vlen128);
  return s;
}

#else

FeatureSet detect() { return {}; }

#endif

}  // namespace

const riscv::Probe& riscv::probe() {
#if defined(__riscv) && __riscv_xlen == 64
  static const Probe answer = ask_hwprobe();
#else
  static const Probe answer{};
#endif
  return answer;
}

FeatureSet detected() noexcept {
  static const FeatureSet features = detect();
  return features;
}

}  // namespace fipsmod::cpu
