#include "abi_check.hpp"

#include <array>

#if (defined(__riscv) && __riscv_xlen == 64) || defined(__aarch64__) || \
    (defined(__x86_64__) && !defined(__ILP32__) && !defined(_WIN32))
// in[] holds one value for each register of kCalleeSaved, out[] the same and
// then the change of sp. (On x86-64 the control state after the six general
// registers is not loaded from in[]: out[i] is in[i] XOR the bits the call
// changed, so the comparison is the same; see abi_trampoline_x86_64.S.)
extern "C" void fipsmod_abi_trampoline(const void* fn, const std::uint64_t args[8], const std::uint64_t* in,
                                       std::uint64_t* out);
#define FIPSMOD_ABI_TRAMPOLINE 1
#endif

namespace fipsmod::testing {
namespace {

#if defined(__riscv) && __riscv_xlen == 64
constexpr std::array<const char*, 24> kCalleeSaved = {
    "s0", "s1", "s2",  "s3",  "s4",  "s5",  "s6",  "s7",  "s8",  "s9",  "s10",  "s11",
    "fs0", "fs1", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11",
};
#elif defined(__aarch64__)
constexpr std::array<const char*, 19> kCalleeSaved = {
    "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29",
    "d8",  "d9",  "d10", "d11", "d12", "d13", "d14", "d15",
};
#elif defined(FIPSMOD_ABI_TRAMPOLINE) && defined(__x86_64__)
// System V: the six general registers, then the MXCSR control bits, the x87
// control word, and the direction flag (which must be clear on return).
constexpr std::array<const char*, 9> kCalleeSaved = {
    "rbx", "rbp", "r12", "r13", "r14", "r15", "mxcsr", "x87cw", "df",
};
#endif

}  // namespace

bool abi_check_available() {
#ifdef FIPSMOD_ABI_TRAMPOLINE
  return true;
#else
  return false;
#endif
}

std::vector<std::string> abi_violations(const void* fn, std::uint64_t a0, std::uint64_t a1, std::uint64_t a2,
                                        std::uint64_t a3) {
  return abi_violations(fn, {a0, a1, a2, a3, 0, 0, 0, 0});
}

std::vector<std::string> abi_violations([[maybe_unused]] const void* fn, [[maybe_unused]] const std::array<std::uint64_t, 8>& args) {
  std::vector<std::string> changed;
#ifdef FIPSMOD_ABI_TRAMPOLINE
  std::array<std::uint64_t, kCalleeSaved.size()> in{};
  std::array<std::uint64_t, kCalleeSaved.size() + 1> out{};
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = 0xa5c3'0000'0000'0000 ^ (0x0101'0101'0101 * (i + 1));
  fipsmod_abi_trampoline(fn, args.data(), in.data(), out.data());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (out[i] != in[i]) changed.emplace_back(kCalleeSaved[i]);
  }
  if (out.back() != 0) changed.emplace_back("sp");
#else
  changed.emplace_back("no ABI trampoline for this architecture");
#endif
  return changed;
}

}  // namespace fipsmod::testing
