// The integrity value's definition, shared by the module's check
// (integrity.cpp) and the post-link tool that records it
// (selftest/integrity/): the record integrity_lead.S lays out, the key, and
// the message the HMAC is taken over. docs/integrity.md explains the design.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../hmac/hmac_kernel.hpp"

namespace fipsmod::integrity {

// The record, at the start of section .fipsmod_integrity. Every field is
// little-endian; the four range fields hold the distance from the field
// itself to the marker it names.
inline constexpr std::string_view kRecordSection = ".fipsmod_integrity";
inline constexpr std::string_view kMagic{"fipsmod-hmac-v1\0", 16};
inline constexpr std::size_t kTextStartField = 16;
inline constexpr std::size_t kTextEndField = 24;
inline constexpr std::size_t kRodataStartField = 32;
inline constexpr std::size_t kRodataEndField = 40;
inline constexpr std::size_t kStateField = 48;
inline constexpr std::size_t kValueField = 56;
inline constexpr std::size_t kValueSize = 32;
inline constexpr std::size_t kRecordSize = kValueField + kValueSize;
inline constexpr std::uint64_t kStateBuilt = 0;     // no value recorded
inline constexpr std::uint64_t kStateRecorded = 1;  // the tool recorded the value

// The HMAC key: fixed and published, as the check is against accidental or
// casual change, not against someone who can rewrite the file (FIPS 140-3
// asks for an approved integrity technique, not a secret).
inline constexpr std::string_view kKey = "fipsmod-integrity-key-1 (public)";
static_assert(kKey.size() == 32);

// The value: HMAC-SHA-256 under kKey, on `kernel`, of
//   le64(text size) || text || le64(rodata size) || rodata
// (the sizes keep the boundary between the two ranges in the message).
std::array<std::uint8_t, kValueSize> value(const sha256::Kernel& kernel, std::span<const std::uint8_t> text,
                                           std::span<const std::uint8_t> rodata) noexcept;

}  // namespace fipsmod::integrity
