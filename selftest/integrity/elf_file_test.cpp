// fipsmod-integrity on small hand-assembled ELF64 images: the ranges, the
// value (checked against OpenSSL's HMAC where the build has it), inject and
// verify, flipped bytes inside and outside the ranges, and the files it
// must refuse without writing.
#include <elf.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#if FIPSMOD_INTEGRITY_TEST_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

#include "commands.hpp"
#include "elf_file.hpp"
#include "integrity/integrity_format.hpp"
#include "record.hpp"
#include "sha256/internal.hpp"

namespace fipsmod::integrity_tool {
namespace {

using Bytes = std::vector<std::uint8_t>;

// The synthetic image: two PT_LOADs with different address-to-offset deltas,
// the text range in the first, the rodata range, the record and the
// relocation sections in the second, then .symtab, .strtab, .shstrtab and
// the section headers, which no segment loads.
constexpr std::uint64_t kSeg1Offset = 0, kSeg1Vaddr = 0x400000, kSeg1Size = 0x800;
constexpr std::uint64_t kSeg2Offset = 0x800, kSeg2Vaddr = 0x601800, kSeg2Size = 0x800;
constexpr std::uint64_t kTextSection = 0x100, kTextSectionSize = 0x300;
constexpr std::uint64_t kText = 0x210, kTextSize = 0x100;  // guards included
constexpr std::uint64_t kKernel = 0x260, kKernelSize = 32;  // a symbol inside the text range
constexpr std::uint64_t kRodataSection = 0x900, kRodataSectionSize = 0x100;
constexpr std::uint64_t kRodata = 0x910, kRodataSize = 0xc0;
constexpr std::uint64_t kRecord = 0xa00;
constexpr std::uint64_t kRela = 0xb00, kRelr = 0xc00;  // up to 0x100 bytes each
constexpr std::uint64_t kSymtab = 0x1000, kStrtab = 0x1100, kShstrtab = 0x1200, kShdrs = 0x1300;
constexpr std::size_t kShnum = 9;
constexpr std::uint64_t kFileSize = kShdrs + kShnum * sizeof(Elf64_Shdr);

constexpr std::uint64_t vaddr_of(std::uint64_t offset) {
  return offset < kSeg2Offset ? offset - kSeg1Offset + kSeg1Vaddr : offset - kSeg2Offset + kSeg2Vaddr;
}
const std::uint64_t kTextVaddr = vaddr_of(kText), kRodataVaddr = vaddr_of(kRodata),
                    kRecordVaddr = vaddr_of(kRecord);

struct Options {
  std::vector<std::uint64_t> rela_offsets;  // r_offset of R_X86_64_RELATIVE entries
  std::vector<std::uint64_t> relr;          // raw .relr.dyn entries
  bool symtab = true;
  std::array<std::uint8_t, 16> magic = integrity::magic;
  std::uint64_t record_section_size = integrity::record_size;
  // Added to the record's fields as built.
  std::int64_t text_start_delta = 0, text_end_delta = 0, rodata_start_delta = 0, rodata_end_delta = 0;
};

template <class T>
void put(Bytes& b, std::uint64_t offset, const T& v) {
  std::memcpy(b.data() + offset, &v, sizeof v);
}

void put_le64(Bytes& b, std::uint64_t offset, std::uint64_t v) { put(b, offset, v); }

Elf64_Shdr shdr(std::uint32_t name, std::uint32_t type, std::uint64_t flags, std::uint64_t offset,
                std::uint64_t size, std::uint64_t entsize = 0, std::uint32_t link = 0) {
  Elf64_Shdr h{};
  h.sh_name = name;
  h.sh_type = type;
  h.sh_flags = flags;
  h.sh_addr = (flags & SHF_ALLOC) ? vaddr_of(offset) : 0;
  h.sh_offset = offset;
  h.sh_size = size;
  h.sh_link = link;
  h.sh_addralign = 8;
  h.sh_entsize = entsize;
  return h;
}

Bytes build(const Options& o = {}) {
  Bytes b(kFileSize, 0);
  // Text: "application" code either side, 0xcc guards, module code between.
  for (std::uint64_t i = kTextSection; i < kTextSection + kTextSectionSize; ++i)
    b[i] = static_cast<std::uint8_t>(i * 7);
  for (std::uint64_t i = 0; i < 2 * integrity::guard_size; ++i) {
    b[kText - integrity::guard_size + i] = 0xcc;
    b[kText + kTextSize - integrity::guard_size + i] = 0xcc;
  }
  for (std::uint64_t i = kRodataSection; i < kRodataSection + kRodataSectionSize; ++i)
    b[i] = static_cast<std::uint8_t>(i * 13 + 1);
  for (std::uint64_t i = 0; i < 2 * integrity::guard_size; ++i) {
    b[kRodata - integrity::guard_size + i] = 0;
    b[kRodata + kRodataSize - integrity::guard_size + i] = 0;
  }

  // The record as built: state 0, value zero.
  std::copy(o.magic.begin(), o.magic.end(), b.begin() + kRecord);
  const auto field = [&](std::size_t at, std::uint64_t target, std::int64_t delta) {
    put_le64(b, kRecord + at, target - (kRecordVaddr + at) + static_cast<std::uint64_t>(delta));
  };
  field(integrity::text_start_offset, kTextVaddr, o.text_start_delta);
  field(integrity::text_end_offset, kTextVaddr + kTextSize, o.text_end_delta);
  field(integrity::rodata_start_offset, kRodataVaddr, o.rodata_start_delta);
  field(integrity::rodata_end_offset, kRodataVaddr + kRodataSize, o.rodata_end_delta);

  for (std::size_t i = 0; i < o.rela_offsets.size(); ++i) {
    Elf64_Rela r{};
    r.r_offset = o.rela_offsets[i];
    r.r_info = ELF64_R_INFO(0, R_X86_64_RELATIVE);
    r.r_addend = 0x1234;
    put(b, kRela + i * sizeof r, r);
  }
  for (std::size_t i = 0; i < o.relr.size(); ++i) put_le64(b, kRelr + i * 8, o.relr[i]);

  // .strtab and .symtab: a function inside the text range, an undefined one.
  const char strtab[] = "\0kernel_fn\0undefined_fn";
  std::memcpy(b.data() + kStrtab, strtab, sizeof strtab);
  Elf64_Sym kernel{};
  kernel.st_name = 1;
  kernel.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  kernel.st_shndx = 1;
  kernel.st_value = vaddr_of(kKernel);
  kernel.st_size = kKernelSize;
  put(b, kSymtab + sizeof(Elf64_Sym), kernel);
  Elf64_Sym undefined{};
  undefined.st_name = 11;
  undefined.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  put(b, kSymtab + 2 * sizeof(Elf64_Sym), undefined);

  const char shstrtab[] = "\0.text\0.rodata\0.fipsmod_integrity\0.rela.dyn\0.relr.dyn\0.symtab\0.strtab\0.shstrtab";
  std::memcpy(b.data() + kShstrtab, shstrtab, sizeof shstrtab);
  const auto name = [&](const char* n) {
    const std::string_view all(shstrtab, sizeof shstrtab);
    return static_cast<std::uint32_t>(all.find(std::string_view(n, std::strlen(n) + 1)));
  };
  const Elf64_Shdr sections[kShnum] = {
      Elf64_Shdr{},
      shdr(name(".text"), SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, kTextSection, kTextSectionSize),
      shdr(name(".rodata"), SHT_PROGBITS, SHF_ALLOC, kRodataSection, kRodataSectionSize),
      shdr(name(".fipsmod_integrity"), SHT_PROGBITS, SHF_ALLOC, kRecord, o.record_section_size),
      shdr(name(".rela.dyn"), SHT_RELA, SHF_ALLOC, kRela, o.rela_offsets.size() * sizeof(Elf64_Rela),
           sizeof(Elf64_Rela)),
      shdr(name(".relr.dyn"), SHT_RELR, SHF_ALLOC, kRelr, o.relr.size() * 8, 8),
      o.symtab ? shdr(name(".symtab"), SHT_SYMTAB, 0, kSymtab, 3 * sizeof(Elf64_Sym), sizeof(Elf64_Sym), 7)
               : Elf64_Shdr{},
      shdr(name(".strtab"), SHT_STRTAB, 0, kStrtab, sizeof strtab),
      shdr(name(".shstrtab"), SHT_STRTAB, 0, kShstrtab, sizeof shstrtab),
  };
  for (std::size_t i = 0; i < kShnum; ++i) put(b, kShdrs + i * sizeof(Elf64_Shdr), sections[i]);

  Elf64_Phdr seg[2]{};
  seg[0].p_type = seg[1].p_type = PT_LOAD;
  seg[0].p_flags = PF_R | PF_X;
  seg[1].p_flags = PF_R;
  seg[0].p_offset = kSeg1Offset;
  seg[0].p_vaddr = seg[0].p_paddr = kSeg1Vaddr;
  seg[0].p_filesz = seg[0].p_memsz = kSeg1Size;
  seg[1].p_offset = kSeg2Offset;
  seg[1].p_vaddr = seg[1].p_paddr = kSeg2Vaddr;
  seg[1].p_filesz = kSeg2Size;
  seg[1].p_memsz = kSeg2Size + 0x1000;  // and a zero-filled part the file does not back
  seg[0].p_align = seg[1].p_align = 0x1000;
  put(b, sizeof(Elf64_Ehdr), seg);

  Elf64_Ehdr h{};
  std::memcpy(h.e_ident, ELFMAG, SELFMAG);
  h.e_ident[EI_CLASS] = ELFCLASS64;
  h.e_ident[EI_DATA] = ELFDATA2LSB;
  h.e_ident[EI_VERSION] = EV_CURRENT;
  h.e_type = ET_DYN;
  h.e_machine = EM_X86_64;
  h.e_version = EV_CURRENT;
  h.e_phoff = sizeof(Elf64_Ehdr);
  h.e_shoff = kShdrs;
  h.e_ehsize = sizeof(Elf64_Ehdr);
  h.e_phentsize = sizeof(Elf64_Phdr);
  h.e_phnum = 2;
  h.e_shentsize = sizeof(Elf64_Shdr);
  h.e_shnum = kShnum;
  h.e_shstrndx = kShnum - 1;
  put(b, 0, h);
  return b;
}

// A file in the test's temporary directory, removed at scope exit.
class TempFile {
 public:
  explicit TempFile(const Bytes& contents) {
    static int count = 0;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = ::testing::TempDir() + "fipsmod_integrity_" + info->test_suite_name() + "_" + info->name() + "_" +
            std::to_string(++count) + ".so";
    write(contents);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::remove(path_.c_str()); }

  const std::string& path() const { return path_; }
  void write(const Bytes& contents) const {
    std::ofstream f(path_, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(contents.data()), static_cast<std::streamsize>(contents.size()));
    ASSERT_TRUE(f.good()) << path_;
  }
  Bytes read() const {
    std::ifstream f(path_, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(f), {});
  }

 private:
  std::string path_;
};

struct Result {
  int status;
  std::string out, err;
};

Result run_tool(const std::vector<std::string_view>& args) {
  std::ostringstream out, err;
  const int status = run(args, out, err);
  return {status, out.str(), err.str()};
}

Result tool(std::initializer_list<std::string_view> args) { return run_tool(std::vector<std::string_view>(args)); }

// The image with its value injected.
Bytes injected(const Options& o = {}) {
  const TempFile f(build(o));
  const Result r = tool({"inject", f.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  return f.read();
}

// Injecting into the image must fail, naming the reason, write nothing.
void expect_refused(const Bytes& image, const std::string& reason) {
  const TempFile f(image);
  const Result r = tool({"inject", f.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("fipsmod-integrity: " + f.path() + ": ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(reason), std::string::npos) << "expected \"" << reason << "\" in: " << r.err;
  EXPECT_EQ(f.read(), image) << "the refused file was changed";
  // verify and ranges refuse it the same way.
  EXPECT_EQ(tool({"verify", f.path()}).status, 1);
  EXPECT_EQ(tool({"ranges", f.path()}).status, 1);
}

TEST(Tool, FindsTheRangesAndTheRecord) {
  const ElfFile file(build());
  const Layout l = locate(file);
  EXPECT_EQ(l.text.offset, kText);
  EXPECT_EQ(l.text.size, kTextSize);
  EXPECT_EQ(l.text.vaddr, kTextVaddr);
  EXPECT_EQ(l.rodata.offset, kRodata);
  EXPECT_EQ(l.rodata.size, kRodataSize);
  EXPECT_EQ(l.rodata.vaddr, kRodataVaddr);
  EXPECT_EQ(l.record.offset, kRecord);
  EXPECT_EQ(l.record.size, integrity::record_size);

  const TempFile f(build());
  const Result r = tool({"ranges", f.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "text " + std::to_string(kText) + " " + std::to_string(kTextSize) + "\nrodata " +
                       std::to_string(kRodata) + " " + std::to_string(kRodataSize) + "\nrecord " +
                       std::to_string(kRecord) + " 88\n");
}

// The value against HMAC-SHA-256 computed independently of the module's
// HMAC code: FIPS 198-1 written out here on the generic SHA-256 kernel's
// plain hash (every build), and OpenSSL's HMAC() where the build has it.
TEST(Tool, ValueIsHmacSha256OverTheMessage) {
  const Bytes image = build();
  const ElfFile file(image);
  const integrity::Value value = compute_value(file, locate(file));
  // le64(text size) || text || le64(rodata size) || rodata, built here by hand.
  Bytes message;
  const auto append = [&](std::uint64_t offset, std::uint64_t size) {
    for (int i = 0; i < 8; ++i) message.push_back(static_cast<std::uint8_t>(size >> (8 * i)));
    message.insert(message.end(), image.begin() + offset, image.begin() + offset + size);
  };
  append(kText, kTextSize);
  append(kRodata, kRodataSize);
  const char key[] = "fipsmod-integrity-key-1 (public)";
  // K0 is the 32-byte key padded with zeros to the 64-byte block.
  std::array<std::uint8_t, 64> pad{};
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = static_cast<std::uint8_t>((i < 32 ? key[i] : 0) ^ 0x36);
  fipsmod::internal::hash::OnKernel<sha256::Sha256> inner(sha256::kernels().generic());
  inner.update(pad);
  inner.update(message);
  const auto inner_sum = inner.sum();
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = static_cast<std::uint8_t>((i < 32 ? key[i] : 0) ^ 0x5c);
  fipsmod::internal::hash::OnKernel<sha256::Sha256> outer(sha256::kernels().generic());
  outer.update(pad);
  outer.update(inner_sum);
  const auto textbook = outer.sum();
  EXPECT_EQ(hex(value), hex(textbook));
#if FIPSMOD_INTEGRITY_TEST_OPENSSL
  integrity::Value want{};
  unsigned int len = 0;
  ASSERT_NE(HMAC(EVP_sha256(), key, 32, message.data(), message.size(), want.data(), &len), nullptr);
  ASSERT_EQ(len, want.size());
  EXPECT_EQ(hex(value), hex(want));
#endif
}

TEST(Tool, KeyIsThePublishedString) {
  EXPECT_EQ(std::string(integrity::key.begin(), integrity::key.end()), "fipsmod-integrity-key-1 (public)");
  EXPECT_EQ(std::string(integrity::magic.begin(), integrity::magic.end()), std::string("fipsmod-hmac-v1\0", 16));
}

TEST(Tool, InjectWritesStateAndValueOnlyAndVerifyPasses) {
  const Bytes before = build();
  const TempFile f(before);
  Result r = tool({"inject", f.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  const Bytes after = f.read();
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    const bool written = i >= kRecord + integrity::state_offset && i < kRecord + integrity::record_size;
    if (!written) {
      ASSERT_EQ(after[i], before[i]) << "byte " << i << " changed";
    }
  }
  EXPECT_EQ(after[kRecord + integrity::state_offset], 1);
  const ElfFile file(after);
  const Layout l = locate(file);
  const Recorded rec = recorded(file, l);
  EXPECT_EQ(rec.state, integrity::state_recorded);
  EXPECT_EQ(rec.value, compute_value(ElfFile(before), locate(ElfFile(before))));

  r = tool({"verify", f.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, f.path() + ": OK\n");

  // Idempotent: a second inject leaves the file as it was.
  r = tool({"inject", f.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(f.read(), after);
}

TEST(Tool, VerifyReportsAMissingValue) {
  const TempFile f(build());
  const Result r = tool({"verify", f.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("value missing"), std::string::npos) << r.err;
}

TEST(Tool, VerifyFailsOnAByteFlippedInsideARange) {
  const Bytes good = injected();
  const std::uint64_t inside[] = {kText, kText + kTextSize - 1, kText + kTextSize / 2, kKernel + 5,
                                  kRodata, kRodata + kRodataSize - 1, kRodata + kRodataSize / 2};
  for (std::uint64_t at : inside) {
    Bytes bad = good;
    bad[at] ^= 0x01;
    const TempFile f(bad);
    const Result r = tool({"verify", f.path()});
    EXPECT_EQ(r.status, 1) << "byte " << at;
    EXPECT_NE(r.err.find("mismatch"), std::string::npos) << "byte " << at << ": " << r.err;
  }
  // And a changed recorded value.
  Bytes bad = good;
  bad[kRecord + integrity::value_offset + 31] ^= 0x80;
  const TempFile f(bad);
  EXPECT_EQ(tool({"verify", f.path()}).status, 1);
}

TEST(Tool, VerifyPassesWithAByteFlippedOutsideTheRanges) {
  const Bytes good = injected();
  const std::uint64_t outside[] = {kText - 1, kText + kTextSize, kTextSection, kRodata - 1, kRodata + kRodataSize,
                                   kRecord - 1, kRecord + integrity::record_size, kSymtab + 40};
  for (std::uint64_t at : outside) {
    Bytes changed = good;
    changed[at] ^= 0x01;
    const TempFile f(changed);
    const Result r = tool({"verify", f.path()});
    EXPECT_EQ(r.status, 0) << "byte " << at << ": " << r.err;
  }
}

TEST(Tool, AcceptsRelocationsOutsideTheRanges) {
  Options o;
  o.rela_offsets = {kTextVaddr - 8, kTextVaddr + kTextSize, kRodataVaddr - 8, kRodataVaddr + kRodataSize,
                    kRecordVaddr + 0x100};
  // An address four words below the text range; a bitmap marking the two
  // words after it (bits 1 and 2: bit 0 marks a bitmap), and a second one
  // marking its first word, 63 words on: past the end of the text range.
  o.relr = {kTextVaddr - 32, 0x7, 0x3};
  const TempFile f(build(o));
  EXPECT_EQ(tool({"inject", f.path()}).status, 0);
  EXPECT_EQ(tool({"verify", f.path()}).status, 0);
}

TEST(Tool, RefusesARelaRelocationInARange) {
  for (std::uint64_t at : {kTextVaddr, kTextVaddr + 40, kTextVaddr - 4, kTextVaddr + kTextSize - 1, kRodataVaddr,
                           kRodataVaddr + kRodataSize - 8}) {
    Options o;
    o.rela_offsets = {kRecordVaddr + 0x100, at};
    expect_refused(build(o), "dynamic relocation (.rela.dyn)");
  }
}

TEST(Tool, RefusesARelrRelocationInARange) {
  Options o;
  o.relr = {kRodataVaddr + 16};  // an address entry
  expect_refused(build(o), "dynamic relocation (.relr.dyn)");
  o.relr = {kTextVaddr - 32, 0x7 | (1u << 4)};  // bitmap word 3 (bit 4): the range's first word
  expect_refused(build(o), "writes at 0x" + [] {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(kTextVaddr));
    return std::string(buf);
  }());
  // The second bitmap starts 63 words after the first's place.
  o.relr = {kTextVaddr - 8 - 63 * 8, 0x3, 0x3};
  expect_refused(build(o), "dynamic relocation (.relr.dyn)");
}

TEST(Tool, RefusesBadRecords) {
  Options o;
  o.magic[14] = '2';
  expect_refused(build(o), "bad record magic");
  o = {};
  o.record_section_size = integrity::record_size - 8;
  expect_refused(build(o), "fewer than the 88-byte record");
  o = {};
  o.text_end_delta = -static_cast<std::int64_t>(kTextSize);
  expect_refused(build(o), "text range [0x400210, 0x400210) is empty");
  o = {};
  o.rodata_end_delta = -static_cast<std::int64_t>(kRodataSize) - 16;
  expect_refused(build(o), "rodata range");
  o = {};
  o.text_end_delta = static_cast<std::int64_t>(kSeg1Size);  // past the first PT_LOAD
  expect_refused(build(o), "not within the file bytes of one PT_LOAD");
  o = {};
  o.rodata_end_delta = 0x700;  // into the part of the segment the file does not back
  expect_refused(build(o), "not within the file bytes of one PT_LOAD");
  o = {};
  o.rodata_end_delta = 0x40;  // over the record
  expect_refused(build(o), "the record lies inside the rodata range");
}

TEST(Tool, RefusesWhatIsNotAWholeElf64LittleEndianFile) {
  expect_refused(Bytes{'h', 'e', 'l', 'l', 'o', '\n'}, "not an ELF file");
  expect_refused(Bytes{}, "not an ELF file");
  Bytes image = build();
  image[EI_CLASS] = ELFCLASS32;
  expect_refused(image, "not an ELF64 file");
  image = build();
  image[EI_DATA] = ELFDATA2MSB;
  expect_refused(image, "not a little-endian ELF file");
  const Bytes whole = build();
  for (std::uint64_t size : {std::uint64_t{20}, std::uint64_t{63}, std::uint64_t{100}, kRodata, kRecord + 50,
                             kShstrtab + 10, kFileSize - 1}) {
    expect_refused(Bytes(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size)), "truncated");
  }
  // No section headers at all (a file stripped of them): no record to find.
  image = build();
  put<std::uint64_t>(image, offsetof(Elf64_Ehdr, e_shoff), 0);
  put<std::uint16_t>(image, offsetof(Elf64_Ehdr, e_shnum), 0);
  expect_refused(image, "no .fipsmod_integrity section");
}

// --if-linked (what the build's own test programs get): a program that
// does not hold the module is left alone; one that does is recorded.
TEST(Tool, InjectIfLinkedSkipsOnlyAFileWithoutTheModule) {
  Bytes image = build();
  put<std::uint64_t>(image, offsetof(Elf64_Ehdr, e_shoff), 0);
  put<std::uint16_t>(image, offsetof(Elf64_Ehdr, e_shnum), 0);
  const TempFile without(image);
  EXPECT_EQ(tool({"inject", "--if-linked", without.path()}).status, 0);
  EXPECT_EQ(without.read(), image);
  EXPECT_EQ(tool({"inject", without.path()}).status, 1);
  const TempFile with(build());
  EXPECT_EQ(tool({"inject", "--if-linked", with.path()}).status, 0);
  EXPECT_EQ(tool({"verify", with.path()}).status, 0);
}

TEST(Tool, WorksWithoutASymbolTable) {
  Options o;
  o.symtab = false;
  const TempFile f(build(o));
  EXPECT_EQ(tool({"inject", f.path()}).status, 0);
  EXPECT_EQ(tool({"verify", f.path()}).status, 0);
  const Result r = tool({"symbol", f.path(), "kernel_fn"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("no .symtab"), std::string::npos) << r.err;
}

TEST(Tool, SymbolGivesFileOffsetAndSize) {
  const TempFile f(build());
  Result r = tool({"symbol", f.path(), "kernel_fn"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, std::to_string(kKernel) + " " + std::to_string(kKernelSize) + "\n");
  r = tool({"symbol", f.path(), "undefined_fn"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("no defined symbol undefined_fn"), std::string::npos) << r.err;
  EXPECT_EQ(tool({"symbol", f.path(), "kernel"}).status, 1);
}

TEST(Tool, CommandLine) {
  EXPECT_EQ(tool({}).status, 2);
  EXPECT_EQ(tool({"inject"}).status, 2);
  EXPECT_EQ(tool({"inject", "a", "b"}).status, 2);
  EXPECT_EQ(tool({"check", "a"}).status, 2);
  // Option-like words where FILE goes are usage errors, not file names.
  for (const auto& args : std::vector<std::vector<std::string_view>>{{"inject", "--if-linked"},
                                                                   {"inject", "--if-linked", "--help"},
                                                                   {"inject", "--frob", "a"},
                                                                   {"verify", "--help"},
                                                                   {"verify", "-v"},
                                                                   {"ranges", "--help"},
                                                                   {"inject", "--help"},
                                                                   {"symbol", "--help", "main"},
                                                                   {"verify", ""}}) {
    const Result r = run_tool(args);
    EXPECT_EQ(r.status, 2) << args[0] << " " << args[1];
    EXPECT_EQ(r.err.rfind("usage: fipsmod-integrity ", 0), 0u) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const Result help = tool({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("usage: fipsmod-integrity"), std::string::npos);
  const Result missing = tool({"verify", "/nonexistent/file.so"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err.rfind("fipsmod-integrity: /nonexistent/file.so: cannot open", 0), 0u) << missing.err;
}

}  // namespace
}  // namespace fipsmod::integrity_tool
