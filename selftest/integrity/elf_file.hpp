// A read-only view of an ELF64 little-endian file held in memory, just
// what the integrity tool needs: sections by name, the mapping of virtual
// addresses to file bytes through PT_LOAD, the addresses dynamic
// relocations write, and symbols of .symtab. Every offset and size read
// from the file is checked against the file before use; a malformed file
// is an ElfError, never an out-of-bounds read.
#pragma once

#include <elf.h>

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::integrity_tool {

struct ElfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A section's header, with its name read from the section name table.
struct Section {
  std::string_view name;
  Elf64_Shdr header;
};

// An address a dynamic relocation writes, and the section that holds it.
struct Relocation {
  std::uint64_t address;
  std::string_view section;
};

struct Symbol {
  std::uint64_t value;  // st_value: the virtual address
  std::uint64_t size;   // st_size
  std::uint64_t file_offset;
};

class ElfFile {
 public:
  // Checks the identification and the header tables; throws ElfError.
  explicit ElfFile(std::vector<std::uint8_t> bytes);

  std::span<const std::uint8_t> bytes() const noexcept { return bytes_; }
  const std::vector<Section>& sections() const noexcept { return sections_; }
  const std::vector<Elf64_Phdr>& segments() const noexcept { return segments_; }

  // The first section of that name, or nothing.
  std::optional<Section> section(std::string_view name) const;
  // A section's bytes in the file (none for SHT_NOBITS); throws if they
  // run past the end of the file.
  std::span<const std::uint8_t> contents(const Section& s) const;

  // The file offset of [vaddr, vaddr + size), if one PT_LOAD maps all of
  // it from the file (within p_filesz).
  std::optional<std::uint64_t> file_offset(std::uint64_t vaddr, std::uint64_t size) const;

  // Every address written at load by a relocation of an allocated
  // SHT_RELA, SHT_REL or SHT_RELR section (RELR decoded).
  std::vector<Relocation> dynamic_relocations() const;

  // A defined symbol of that name in .symtab; nothing if none. Throws if
  // the file has no .symtab.
  std::optional<Symbol> symbol(std::string_view name) const;

 private:
  template <class T>
  T read(std::uint64_t offset, std::string_view what) const;
  std::string_view string_at(const Section& table, std::uint64_t offset) const;

  std::vector<std::uint8_t> bytes_;
  Elf64_Ehdr header_{};
  std::vector<Elf64_Phdr> segments_;
  std::vector<Section> sections_;
};

// [offset, offset + size) lies within [0, total), with no overflow.
constexpr bool fits(std::uint64_t offset, std::uint64_t size, std::uint64_t total) noexcept {
  return offset <= total && size <= total - offset;
}

// [a, a + a_size) and [b, b + b_size) share a byte (sizes nonzero).
constexpr bool overlaps(std::uint64_t a, std::uint64_t a_size, std::uint64_t b, std::uint64_t b_size) noexcept {
  return a < b ? b - a < a_size : a - b < b_size;
}

}  // namespace fipsmod::integrity_tool
