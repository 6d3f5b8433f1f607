// The integrity self-test (docs/integrity.md): HMAC-SHA-256 of the module's
// own code and read-only data as they are in memory, against the value the
// post-link tool recorded in the file.
#pragma once

#include <cstdint>
#include <vector>

#include "../registry.hpp"

namespace fipsmod::integrity {

// Whether this module was built with the test (FIPSMOD_INTEGRITY, on by
// default). Without it the self-test registry has no integrity test.
bool built_in() noexcept;

// Computes the value on `kernel` (a SHA-256 kernel record, whose HMAC
// known-answer test has passed) into `computed`, and the recorded value into
// `expected` (left empty when none was recorded: the program was linked
// without fipsmod_add_integrity). Passes when both are there and equal.
bool check(const internal::KernelInfo& kernel, std::vector<std::uint8_t>& expected,
           std::vector<std::uint8_t>& computed);

}  // namespace fipsmod::integrity
