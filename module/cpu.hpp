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
};

struct FeatureInfo {
  Feature feature;
  std::string_view name;  // as written in FIPSMOD_DISABLE
  std::string_view arch;
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
    s.bits_ = ~std::uint32_t{0};
    return s;
  }
  constexpr bool has(Feature f) const { return (bits_ & bit(f)) != 0; }
  constexpr bool contains(FeatureSet o) const { return (o.bits_ & ~bits_) == 0; }
  constexpr bool intersects(FeatureSet o) const { return (o.bits_ & bits_) != 0; }
  constexpr FeatureSet with(Feature f) const { return FeatureSet(bits_ | bit(f)); }
  constexpr FeatureSet without(FeatureSet o) const { return FeatureSet(bits_ & ~o.bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  friend constexpr bool operator==(FeatureSet, FeatureSet) = default;

 private:
  constexpr explicit FeatureSet(std::uint32_t b) : bits_(b) {}
  static constexpr std::uint32_t bit(Feature f) { return std::uint32_t{1} << static_cast<unsigned>(f); }
  std::uint32_t bits_ = 0;
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

// What the CPU and OS support, detected once.
FeatureSet detected() noexcept;
// The FIPSMOD_DISABLE of this process, read once. Unknown names are
// reported on stderr the first time this is called.
const DisableRequest& disable_request();
// detected() minus what FIPSMOD_DISABLE removes: what kernels may use.
FeatureSet enabled() noexcept;

}  // namespace fipsmod::cpu
