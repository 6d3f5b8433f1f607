// The integrity record in a linked file (record.hpp).
#include <fipsmod/hex.hpp>
#include "record.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/byteorder.hpp"
#include "sha256/internal.hpp"

namespace fipsmod::integrity_tool {

namespace {

std::string address(std::uint64_t a) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, a);
  return buf;
}

std::uint64_t le64(std::span<const std::uint8_t> record, std::size_t offset) {
  return internal::load_le<std::uint64_t>(record.data() + offset);
}

// A range from its two fields: each holds its symbol's address minus the
// field's own address.
Range range_of(const ElfFile& file, std::span<const std::uint8_t> record, std::uint64_t record_vaddr,
               std::size_t start_field, std::size_t end_field, const char* name) {
  const std::uint64_t start = record_vaddr + start_field + le64(record, start_field);
  const std::uint64_t end = record_vaddr + end_field + le64(record, end_field);
  const std::string span = "[" + address(start) + ", " + address(end) + ")";
  if (end == start) throw ElfError(std::string("the ") + name + " range " + span + " is empty");
  if (end < start) throw ElfError(std::string("the ") + name + " range " + span + " is inverted");
  const auto offset = file.file_offset(start, end - start);
  if (!offset)
    throw ElfError(std::string("the ") + name + " range " + span + " is not within the file bytes of one PT_LOAD");
  return Range{start, *offset, end - start};
}

bool overlap(const Range& a, const Range& b) { return overlaps(a.vaddr, a.size, b.vaddr, b.size); }

}  // namespace

Layout locate(const ElfFile& file) {
  const auto section = file.section(integrity::section_name);
  if (!section) throw ElfError(std::string("no ") + integrity::section_name + " section");
  const Elf64_Shdr& h = section->header;
  if (h.sh_type != SHT_PROGBITS || (h.sh_flags & SHF_ALLOC) == 0)
    throw ElfError(std::string(integrity::section_name) + " is not an allocated SHT_PROGBITS section");
  if (h.sh_size < integrity::record_size)
    throw ElfError(std::string(integrity::section_name) + " holds " + std::to_string(h.sh_size) +
                   " bytes, fewer than the " + std::to_string(integrity::record_size) + "-byte record");
  const auto record = file.contents(*section).first(integrity::record_size);
  if (!std::equal(integrity::magic.begin(), integrity::magic.end(), record.begin() + integrity::magic_offset))
    throw ElfError("bad record magic (not a fipsmod-hmac-v1 record)");
  // The module reads the record from memory: its section's file bytes must
  // be what is loaded there, or the value written would not be the one read.
  if (file.file_offset(h.sh_addr, integrity::record_size) != h.sh_offset)
    throw ElfError("the record at " + address(h.sh_addr) + " is not loaded from its section's file bytes");

  Layout layout{
      range_of(file, record, h.sh_addr, integrity::text_start_offset, integrity::text_end_offset, "text"),
      range_of(file, record, h.sh_addr, integrity::rodata_start_offset, integrity::rodata_end_offset, "rodata"),
      Range{h.sh_addr, h.sh_offset, integrity::record_size},
  };
  if (overlap(layout.record, layout.text)) throw ElfError("the record lies inside the text range");
  if (overlap(layout.record, layout.rodata)) throw ElfError("the record lies inside the rodata range");
  for (const Relocation& r : file.dynamic_relocations()) {
    for (const auto& [range, name] : {std::pair{layout.text, "text"}, std::pair{layout.rodata, "rodata"}}) {
      if (overlaps(r.address, 8, range.vaddr, range.size))
        throw ElfError("a dynamic relocation (" + std::string(r.section) + ") writes at " + address(r.address) +
                       ", inside the " + name + " range");
    }
  }
  return layout;
}

integrity::Value compute_value(const ElfFile& file, const Layout& layout) {
  const auto bytes = file.bytes();
  return integrity::compute(sha256::kernels().generic(), bytes.subspan(layout.text.offset, layout.text.size),
                            bytes.subspan(layout.rodata.offset, layout.rodata.size));
}

Recorded recorded(const ElfFile& file, const Layout& layout) {
  const auto record = file.bytes().subspan(layout.record.offset, integrity::record_size);
  Recorded r{le64(record, integrity::state_offset), {}};
  std::copy_n(record.begin() + integrity::value_offset, integrity::value_size, r.value.begin());
  return r;
}

}  // namespace fipsmod::integrity_tool
