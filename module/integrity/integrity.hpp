// The integrity self-test (docs/integrity.md): HMAC-SHA-256 of the module's
// own code and read-only data as they are in memory, against the value the
// post-link tool recorded in the file.
#pragma once

#include <cstdint>
#include <vector>

#include "sha256/internal.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::integrity {

// What the module's record holds.
enum class Record {
  recorded,  // a value, in a record that describes this module's own ranges
  missing,   // no value (state 0): linked without fipsmod_add_integrity
  damaged,   // a bad magic, an unknown state, or a range field that is not
             // the distance to this module's own marker
};

// Computes the value on `kernel` (the SHA-256 kernel HMAC selected, whose
// known answers have passed) into `computed`, and the recorded value into
// `expected` (left empty unless the record is Record::recorded; `*what`, if
// given, says which). Each of the record's four range fields must be the
// distance from the field to the module's own marker: the post-link tool
// hashes the ranges the fields give, so a record whose fields were moved
// and whose value was injected again passes `fipsmod-integrity verify`,
// and must not pass here. Passes when the record is whole and the values
// are equal.
bool check(const sha256::Kernel& kernel, std::vector<std::uint8_t>& expected,
           std::vector<std::uint8_t>& computed, Record* what = nullptr);

}  // namespace fipsmod::integrity

#pragma GCC visibility pop
