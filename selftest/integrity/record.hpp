// The integrity record in a linked file: where the record and the two
// hashed ranges are, the checks that make the file fit for a recorded
// value, and the value itself (the message of module/integrity/integrity_format.hpp).
#pragma once

#include <fipsmod/hex.hpp>
#include <cstdint>
#include <string>

#include "elf_file.hpp"
#include "integrity/integrity_format.hpp"

namespace fipsmod::integrity_tool {

// Bytes of the file: their virtual address, file offset and size.
struct Range {
  std::uint64_t vaddr;
  std::uint64_t offset;
  std::uint64_t size;
};

struct Layout {
  Range text;    // [fipsmod_text_start, fipsmod_text_end), guards included
  Range rodata;  // [fipsmod_rodata_start, fipsmod_rodata_end)
  Range record;  // the 88-byte record
};

// Finds the record through the .fipsmod_integrity section and the ranges
// through its fields. Throws ElfError, naming the reason, unless the record
// is whole with the right magic, each range is non-empty and mapped from the
// file by one PT_LOAD, the record lies in neither range, and no dynamic
// relocation writes into either range.
Layout locate(const ElfFile& file);

// HMAC-SHA-256 over the ranges' file bytes, on the generic SHA-256 kernel.
integrity::Value compute_value(const ElfFile& file, const Layout& layout);

struct Recorded {
  std::uint64_t state;
  integrity::Value value;
};
Recorded recorded(const ElfFile& file, const Layout& layout);

using ::fipsmod::hex;

}  // namespace fipsmod::integrity_tool
