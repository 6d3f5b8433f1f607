// CPU features: what the hardware offers, what FIPSMOD_DISABLE removes, and
// what is left for the kernel registry to use.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::cpu {

// Every feature any kernel may need, on every architecture, so that one
// FIPSMOD_DISABLE setting can be shared by a mixed fleet.
//
// This is the CPU-feature table: the one place outside an algorithm's
// folder that names instructions the algorithms use. A feature's value is
// its bit in FeatureSet (64 of them), and its name what FIPSMOD_DISABLE,
// `fipsmod info` and the kernel records write.
enum class Feature : std::uint8_t {
  sse2,    // amd64: SSE2 (every x86-64 CPU)
  bmi1,    // amd64: BMI1 (andn)
  avx2,    // amd64: AVX2, with the OS saving ymm state
  avx512,  // amd64: AVX-512 F+BW+VL, with the OS saving zmm and mask state
  vlat2,   // amd64: a trait of the core, not an instruction set: simple vector
           // integer instructions (add, rotate, ternary logic) take two cycles
           // of latency instead of one, as on AMD Zen 5 (family 1Ah)
  ssse3,   // amd64: SSSE3 (pshufb, palignr)
  sse4_1,  // amd64: SSE4.1 (pblendw)
  bmi2,    // amd64: BMI2 (rorx)
  sha_ni,  // amd64: the SHA extensions (sha256rnds2, sha256msg1, sha256msg2)
  neon,    // arm64: Advanced SIMD
  sha2,    // arm64: the SHA-256 instructions (FEAT_SHA256, HWCAP_SHA2)
  rv64gc,  // riscv64: the base ISA every riscv64 Linux has; the scalar kernels need it
  zbb,     // riscv64: Zbb basic bit manipulation
  v,       // riscv64: the ratified V 1.0 vector extension
  zknh,    // riscv64: Zknh, the scalar SHA-256/512 sigma and sum instructions
  vlen128, // riscv64: a trait of the core, not an instruction set: V is there
           // with vector registers of 128 bits only (VLEN 128), 4 lanes of 32
           // bits, too few for the vector MD5 lanes kernel to pay
  aesni,      // amd64: AES-NI (aesenc, aesdec, aeskeygenassist, aesimc)
  pclmulqdq,  // amd64: carry-less multiplication of 64-bit halves (pclmulqdq)
  avx,        // amd64: AVX, with the OS saving ymm state (the VEX encoding)
  vaes,       // amd64: VAES, AES rounds on ymm/zmm registers, with the OS saving ymm state
  vpclmulqdq, // amd64: VPCLMULQDQ, carry-less multiplication on ymm/zmm registers
  aes,        // arm64: the AES instructions (aese, aesd, aesmc, aesimc; HWCAP_AES)
  pmull,      // arm64: 64x64-bit polynomial multiplication (pmull, pmull2; HWCAP_PMULL)
  sha512,     // arm64: the SHA-512 instructions (sha512h, sha512h2, sha512su0/1; HWCAP_SHA512)
  zkne,       // riscv64: Zkne, AES encryption (aes64es, aes64esm, aes64ks1i, aes64ks2)
  zknd,       // riscv64: Zknd, AES decryption (aes64ds, aes64dsm, aes64im)
  zbc,        // riscv64: Zbc, carry-less multiplication (clmul, clmulh)
};
inline constexpr unsigned kFeatureCount = static_cast<unsigned>(Feature::zbc) + 1;
static_assert(kFeatureCount <= 64, "FeatureSet holds 64 features");

// A row of the table. The names are held in place, not pointed to, so the
// table is plain bytes in the module's read-only data, which the integrity
// test covers (no relocation: docs/integrity.md).
struct FeatureInfo {
  Feature feature;
  char name_chars[12];  // as written in FIPSMOD_DISABLE, NUL-terminated
  char arch_chars[8];
  std::string_view name() const noexcept { return name_chars; }
  std::string_view arch() const noexcept { return arch_chars; }
};

std::span<const FeatureInfo> all_features() noexcept;
std::string_view name(Feature f) noexcept;

class FeatureSet {
 public:
  constexpr FeatureSet() = default;
  constexpr FeatureSet(std::initializer_list<Feature> fs) {
    for (Feature f : fs) bits_ |= bit(f);
  }
  static constexpr FeatureSet everything() {
    FeatureSet s;
    s.bits_ = ~std::uint64_t{0};
    return s;
  }
  constexpr bool has(Feature f) const { return (bits_ & bit(f)) != 0; }
  constexpr bool contains(FeatureSet o) const { return (o.bits_ & ~bits_) == 0; }
  constexpr bool intersects(FeatureSet o) const { return (o.bits_ & bits_) != 0; }
  constexpr FeatureSet with(Feature f) const { return FeatureSet(bits_ | bit(f)); }
  constexpr FeatureSet with(FeatureSet o) const { return FeatureSet(bits_ | o.bits_); }
  constexpr FeatureSet without(FeatureSet o) const { return FeatureSet(bits_ & ~o.bits_); }
  constexpr FeatureSet only(FeatureSet o) const { return FeatureSet(bits_ & o.bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint64_t bits() const { return bits_; }
  friend constexpr bool operator==(FeatureSet, FeatureSet) = default;

 private:
  constexpr explicit FeatureSet(std::uint64_t b) : bits_(b) {}
  static constexpr std::uint64_t bit(Feature f) { return std::uint64_t{1} << static_cast<unsigned>(f); }
  std::uint64_t bits_ = 0;
};

// Names of the features in s, in all_features() order.
std::vector<std::string_view> names(FeatureSet s);
// The same, comma-separated.
std::string to_string(FeatureSet s);

// FIPSMOD_DISABLE, parsed: a comma-separated list of feature names or
// "all". Blanks around names and empty items are ignored. Names that are
// not features are collected in unknown, never silently dropped.
struct DisableRequest {
  FeatureSet removed;
  std::vector<std::string> unknown;
};
DisableRequest parse_disable(std::string_view value);
// The environment variable's list, parsed the same way; its unknown names
// are reported on stderr, under the variable's name, and left out.
FeatureSet features_in_env(const char* variable);

// What the CPU and OS support, detected once.
FeatureSet detected() noexcept;
// The FIPSMOD_DISABLE of this process, read once. Unknown names are
// reported on stderr the first time this is called.
const DisableRequest& disable_request();
// detected() minus what FIPSMOD_DISABLE removes: what kernels may use.
FeatureSet enabled() noexcept;

}  // namespace fipsmod::cpu
