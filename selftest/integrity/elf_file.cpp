// ELF64 little-endian reading for the integrity tool (elf_file.hpp).
#include "elf_file.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#ifndef SHT_RELR
#define SHT_RELR 19
#endif

// The file's structures are copied out as they are stored: every target
// this builds for is little-endian, and only ELFDATA2LSB files are read.
static_assert(std::endian::native == std::endian::little, "the integrity tool reads ELF structures natively");

namespace fipsmod::integrity_tool {

namespace {

std::string past_end(std::string_view what) {
  return std::string(what) + " runs past the end of the file (truncated?)";
}

}  // namespace

template <class T>
T ElfFile::read(std::uint64_t offset, std::string_view what) const {
  if (!fits(offset, sizeof(T), bytes_.size())) throw ElfError(past_end(what));
  T v;
  std::memcpy(&v, bytes_.data() + offset, sizeof v);
  return v;
}

ElfFile::ElfFile(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {
  if (bytes_.size() < SELFMAG || std::memcmp(bytes_.data(), ELFMAG, SELFMAG) != 0)
    throw ElfError("not an ELF file");
  if (bytes_.size() < EI_NIDENT) throw ElfError(past_end("the ELF identification"));
  if (bytes_[EI_CLASS] != ELFCLASS64) throw ElfError("not an ELF64 file");
  if (bytes_[EI_DATA] != ELFDATA2LSB) throw ElfError("not a little-endian ELF file");
  header_ = read<Elf64_Ehdr>(0, "the ELF header");

  // Section headers first: with extended numbering, section 0 holds the
  // counts the ELF header has no room for.
  std::vector<Elf64_Shdr> shdrs;
  std::uint64_t shstrndx = header_.e_shstrndx;
  std::uint64_t phnum = header_.e_phnum;
  if (header_.e_shoff != 0) {
    if (header_.e_shentsize != sizeof(Elf64_Shdr)) throw ElfError("unexpected section header size");
    const auto first = read<Elf64_Shdr>(header_.e_shoff, "the section header table");
    std::uint64_t shnum = header_.e_shnum != 0 ? header_.e_shnum : first.sh_size;
    if (shstrndx == SHN_XINDEX) shstrndx = first.sh_link;
    if (phnum == PN_XNUM) phnum = first.sh_info;
    if (shnum > bytes_.size() / sizeof(Elf64_Shdr) ||
        !fits(header_.e_shoff, shnum * sizeof(Elf64_Shdr), bytes_.size()))
      throw ElfError(past_end("the section header table"));
    shdrs.reserve(shnum);
    for (std::uint64_t i = 0; i < shnum; ++i)
      shdrs.push_back(read<Elf64_Shdr>(header_.e_shoff + i * sizeof(Elf64_Shdr), "the section header table"));
  }
  if (phnum != 0) {
    if (header_.e_phentsize != sizeof(Elf64_Phdr)) throw ElfError("unexpected program header size");
    if (phnum > bytes_.size() / sizeof(Elf64_Phdr) ||
        !fits(header_.e_phoff, phnum * sizeof(Elf64_Phdr), bytes_.size()))
      throw ElfError(past_end("the program header table"));
    segments_.reserve(phnum);
    for (std::uint64_t i = 0; i < phnum; ++i)
      segments_.push_back(read<Elf64_Phdr>(header_.e_phoff + i * sizeof(Elf64_Phdr), "the program header table"));
  }

  sections_.reserve(shdrs.size());
  for (const auto& h : shdrs) sections_.push_back(Section{{}, h});
  if (shstrndx != SHN_UNDEF && !sections_.empty()) {
    if (shstrndx >= sections_.size()) throw ElfError("the section name table index is out of range");
    const Section names = sections_[shstrndx];
    for (auto& s : sections_) s.name = string_at(names, s.header.sh_name);
  }
}

std::span<const std::uint8_t> ElfFile::contents(const Section& s) const {
  if (s.header.sh_type == SHT_NOBITS) return {};
  if (!fits(s.header.sh_offset, s.header.sh_size, bytes_.size()))
    throw ElfError(past_end("section " + std::string(s.name.empty() ? "(unnamed)" : s.name)));
  return std::span(bytes_).subspan(s.header.sh_offset, s.header.sh_size);
}

std::string_view ElfFile::string_at(const Section& table, std::uint64_t offset) const {
  const auto strings = contents(table);
  if (offset >= strings.size()) throw ElfError("a name lies outside its string table");
  const auto rest = strings.subspan(offset);
  const auto end = std::find(rest.begin(), rest.end(), std::uint8_t{0});
  if (end == rest.end()) throw ElfError("a string table does not end its last name");
  return {reinterpret_cast<const char*>(rest.data()), static_cast<std::size_t>(end - rest.begin())};
}

std::optional<Section> ElfFile::section(std::string_view name) const {
  for (const auto& s : sections_)
    if (s.name == name) return s;
  return std::nullopt;
}

std::optional<std::uint64_t> ElfFile::file_offset(std::uint64_t vaddr, std::uint64_t size) const {
  for (const auto& p : segments_) {
    if (p.p_type != PT_LOAD || vaddr < p.p_vaddr || !fits(vaddr - p.p_vaddr, size, p.p_filesz)) continue;
    if (!fits(p.p_offset, p.p_filesz, bytes_.size())) throw ElfError(past_end("a PT_LOAD segment"));
    return p.p_offset + (vaddr - p.p_vaddr);
  }
  return std::nullopt;
}

std::vector<Relocation> ElfFile::dynamic_relocations() const {
  std::vector<Relocation> out;
  for (const auto& s : sections_) {
    const auto type = s.header.sh_type;
    if ((s.header.sh_flags & SHF_ALLOC) == 0 || (type != SHT_RELA && type != SHT_REL && type != SHT_RELR))
      continue;
    const std::size_t entry = type == SHT_RELA ? sizeof(Elf64_Rela) : type == SHT_REL ? sizeof(Elf64_Rel) : 8;
    const auto data = contents(s);
    if (data.size() % entry != 0)
      throw ElfError("relocation section " + std::string(s.name) + " is not a whole number of entries");
    if (type != SHT_RELR) {
      // r_offset is the first field of both Elf64_Rel and Elf64_Rela.
      for (std::size_t i = 0; i < data.size(); i += entry)
        out.push_back({read<std::uint64_t>(s.header.sh_offset + i, s.name), s.name});
      continue;
    }
    // RELR: an even entry is an address, and the word after it the next
    // place; an odd entry is a bitmap of the 63 words from that place, bit
    // i + 1 for word i, and moves the place on 63 words.
    std::uint64_t place = 0;
    for (std::size_t i = 0; i < data.size(); i += 8) {
      std::uint64_t e = read<std::uint64_t>(s.header.sh_offset + i, s.name);
      if ((e & 1) == 0) {
        out.push_back({e, s.name});
        place = e + 8;
        continue;
      }
      for (std::uint64_t word = 0; (e >>= 1) != 0; ++word)
        if (e & 1) out.push_back({place + word * 8, s.name});
      place += 63 * 8;
    }
  }
  return out;
}

std::optional<Symbol> ElfFile::symbol(std::string_view name) const {
  const auto symtab = std::find_if(sections_.begin(), sections_.end(),
                                   [](const Section& s) { return s.header.sh_type == SHT_SYMTAB; });
  if (symtab == sections_.end()) throw ElfError("no .symtab (stripped?)");
  if (symtab->header.sh_link >= sections_.size()) throw ElfError(".symtab names no string table");
  const Section& strings = sections_[symtab->header.sh_link];
  const auto data = contents(*symtab);
  if (data.size() % sizeof(Elf64_Sym) != 0) throw ElfError(".symtab is not a whole number of entries");
  for (std::size_t i = 0; i < data.size(); i += sizeof(Elf64_Sym)) {
    const auto sym = read<Elf64_Sym>(symtab->header.sh_offset + i, ".symtab");
    if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE || sym.st_shndx >= sections_.size()) continue;
    if (string_at(strings, sym.st_name) != name) continue;
    // The symbol's bytes through its section (for an ET_REL file st_value
    // is section-relative and sh_addr zero, so the same sum holds).
    const Elf64_Shdr& home = sections_[sym.st_shndx].header;
    if (home.sh_type == SHT_NOBITS || sym.st_value < home.sh_addr ||
        !fits(sym.st_value - home.sh_addr, sym.st_size, home.sh_size))
      continue;
    const std::uint64_t offset = home.sh_offset + (sym.st_value - home.sh_addr);
    if (!fits(offset, sym.st_size, bytes_.size())) throw ElfError(past_end("symbol " + std::string(name)));
    return Symbol{sym.st_value, sym.st_size, offset};
  }
  return std::nullopt;
}

}  // namespace fipsmod::integrity_tool
