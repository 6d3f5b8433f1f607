// The ABI-checking harness: calls a kernel through an assembly trampoline
// that fills every register the calling convention says a callee must
// preserve with known values, and reports each one the call changed, and a
// stack pointer that moved. One trampoline per architecture; this interface
// is the same everywhere.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fipsmod::testing {

// Whether this build has a trampoline for its architecture.
bool abi_check_available();

// Calls fn(a0, a1, a2, a3) and returns the names of the callee-saved
// registers it did not preserve ("sp" for the stack pointer); empty when it
// kept the convention.
std::vector<std::string> abi_violations(const void* fn, std::uint64_t a0, std::uint64_t a1, std::uint64_t a2,
                                        std::uint64_t a3);
// The same for up to eight integer or pointer arguments (the first six in
// registers on x86-64, the last two on the stack; all eight in registers on
// arm64 and riscv64).
std::vector<std::string> abi_violations(const void* fn, const std::array<std::uint64_t, 8>& args);

}  // namespace fipsmod::testing
