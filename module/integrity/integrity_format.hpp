// The integrity record and the message its value is computed over, shared
// by the module's runtime check and the post-link tool
// (fipsmod-integrity). No ELF code here: the tool finds the bytes in a
// file, the module in its own memory; both feed them through feed().
//
// The record (symbol fipsmod_integrity_record, section .fipsmod_integrity,
// 8-byte aligned, little-endian on every target):
//
//   offset size
//   0      16   magic: "fipsmod-hmac-v1" and one NUL
//   16     8    int64: fipsmod_text_start   - (address of this field)
//   24     8    int64: fipsmod_text_end     - (address of this field)
//   32     8    int64: fipsmod_rodata_start - (address of this field)
//   40     8    int64: fipsmod_rodata_end   - (address of this field)
//   48     8    uint64 state: 0 = no value recorded, 1 = recorded by the tool
//   56     32   HMAC-SHA-256 value
//
// The value: HMAC-SHA-256 under `key` over
//   le64(text size) || text || le64(rodata size) || rodata.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "sha256/internal.hpp"

namespace fipsmod::integrity {

inline constexpr char section_name[] = ".fipsmod_integrity";
inline constexpr char record_symbol[] = "fipsmod_integrity_record";

inline constexpr std::size_t magic_offset = 0;
inline constexpr std::size_t magic_size = 16;
inline constexpr std::size_t text_start_offset = 16;
inline constexpr std::size_t text_end_offset = 24;
inline constexpr std::size_t rodata_start_offset = 32;
inline constexpr std::size_t rodata_end_offset = 40;
inline constexpr std::size_t field_size = 8;
inline constexpr std::size_t state_offset = 48;
inline constexpr std::size_t state_size = 8;
inline constexpr std::size_t value_offset = 56;
inline constexpr std::size_t value_size = 32;
inline constexpr std::size_t record_size = 88;
static_assert(value_offset + value_size == record_size);

// What the tool writes: state then value, contiguous.
inline constexpr std::size_t written_offset = state_offset;
inline constexpr std::size_t written_size = state_size + value_size;

inline constexpr std::uint64_t state_missing = 0;   // as built
inline constexpr std::uint64_t state_recorded = 1;  // written by the tool

// Guard bytes at each inner end of a range, and as many again just outside.
inline constexpr std::size_t guard_size = 16;

inline constexpr std::array<std::uint8_t, magic_size> magic = {'f', 'i', 'p', 's', 'm', 'o', 'd', '-',
                                                               'h', 'm', 'a', 'c', '-', 'v', '1', 0};

// The fixed, published key: the 32 ASCII bytes "fipsmod-integrity-key-1 (public)".
inline constexpr std::array<std::uint8_t, 32> key = {'f', 'i', 'p', 's', 'm', 'o', 'd', '-', 'i', 'n', 't',
                                                     'e', 'g', 'r', 'i', 't', 'y', '-', 'k', 'e', 'y', '-',
                                                     '1', ' ', '(', 'p', 'u', 'b', 'l', 'i', 'c', ')'};

using Value = std::array<std::uint8_t, value_size>;

// The whole value on `kernel` (the selected SHA-256 kernel, or any other:
// the post-link tool uses the generic one), without the gate: keys, feeds
// le64(text.size()) || text || le64(rodata.size()) || rodata, finishes and
// wipes the key-derived state.
Value compute(const sha256::Kernel& kernel, std::span<const std::uint8_t> text,
              std::span<const std::uint8_t> rodata) noexcept;

}  // namespace fipsmod::integrity
