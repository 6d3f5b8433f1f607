// The md5sum line rules: output lines, escaping, and the classification of
// --check lines (the differential test against coreutils is
// tests/md5sum_compat_test.sh; these pin the rules down one by one).
#include "md5sum_lines.hpp"

#include <fipsmod/md5.hpp>
#include <fipsmod/sha256.hpp>
#include <gtest/gtest.h>

#include "progress.hpp"

namespace fipsmod::cli {
namespace {

using Kind = CheckLine::Kind;
const std::string kAbc = "900150983cd24fb0d6963f7d28e17f72";  // MD5("abc"), RFC 1321 A.5

md5::Sum abc() { return md5::sum(std::string_view("abc")); }

TEST(Md5sumFormat, OutputLines) {
  EXPECT_EQ(format_line(abc(), "f", {}), kAbc + "  f\n");
  EXPECT_EQ(format_line(abc(), "f", {.binary = true}), kAbc + " *f\n");
  EXPECT_EQ(format_line(abc(), "f", {.binary = true, .tag = true}), "MD5 (f) = " + kAbc + "\n");
  EXPECT_EQ(format_line(abc(), "a\nb", {}), "\\" + kAbc + "  a\\nb\n");
  EXPECT_EQ(format_line(abc(), "a\\b\rc", {.tag = true}), "\\MD5 (a\\\\b\\rc) = " + kAbc + "\n");
  EXPECT_EQ(format_line(abc(), "a\nb", {.zero = true}), kAbc + "  a\nb" + std::string(1, '\0'));
}

TEST(Md5sumFormat, EscapeRoundTrips) {
  for (std::string name : {"plain", "a\\b", "new\nline", "cr\rhere", "\\\\\n\r\\", ""}) {
    EXPECT_EQ(unescape_name(escape_name(name)), name);
  }
  EXPECT_FALSE(unescape_name("ends\\"));
  EXPECT_FALSE(unescape_name("bad\\t"));
  EXPECT_FALSE(unescape_name(std::string_view("nul\0", 4)));
  EXPECT_TRUE(needs_escape("a\rb"));
  EXPECT_FALSE(needs_escape_in_check("a\rb\\c"));
  EXPECT_TRUE(needs_escape_in_check("a\nb"));
}

CheckLine parse(std::string_view line, bool list_is_stdin = false) {
  CheckListParser p;
  return p.parse(line, list_is_stdin);
}

TEST(Md5sumCheckLines, WellFormed) {
  const struct {
    std::string line, name;
  } cases[] = {
      {kAbc + "  f\n", "f"},
      {kAbc + " *f", "f"},
      {"  \t" + kAbc + "  f\r\n", "f"},
      {kAbc + "\t f", "f"},
      {kAbc + "   f ", " f "},
      {"MD5 (a (b) c) = " + kAbc, "a (b) c"},
      {"MD5(f)= " + kAbc + "\n", "f"},
      {"MD5 (f)\t=\t" + kAbc, "f"},
      {"\\" + kAbc + "  a\\nb\\\\c\\r", "a\nb\\c\r"},
      {"\\MD5 (a\\nb) = " + kAbc, "a\nb"},
      // A NUL ends the digits of a tagged line, as it ends an untagged name.
      {"MD5 (f) = " + kAbc + std::string("\0\n", 2), "f"},
      {"MD5 (f) = " + kAbc + std::string("\0junk\r\n", 8), "f"},
  };
  for (const auto& c : cases) {
    const CheckLine got = parse(c.line);
    ASSERT_EQ(got.kind, Kind::entry) << c.line;
    EXPECT_EQ(got.file_name, c.name) << c.line;
    EXPECT_TRUE(digest_matches(got.hex_digest, abc())) << c.line;
  }
}

TEST(Md5sumCheckLines, SkippedAndMalformed) {
  for (const std::string& line : {std::string(""), std::string("\n"), std::string("\r\n"), "#" + kAbc + "  f", std::string("# c\n")}) {
    EXPECT_EQ(parse(line).kind, Kind::skip) << line;
  }
  const std::string malformed[] = {
      kAbc,                                  // no name
      kAbc + " ",                            // no name
      kAbc.substr(1) + "  f",                // 31 digits
      kAbc + "0  f",                         // 33 digits
      "g" + kAbc.substr(1) + "  f",          // not hex
      kAbc + std::string("\0 f", 3),         // NUL where the blank belongs
      "MD5 (f) = " + kAbc + " ",             // trailing blank after the digits
      "MD5 (f = " + kAbc,                    // no ')'
      "MD5 (f) = " + kAbc + std::string("\0)", 2),  // the last ')' is after the NUL
      "MD5  (f) = " + kAbc,                  // two blanks before '('
      "\\" + kAbc + "  a\\x",                // bad escape
      " #" + kAbc,                           // too short once blanks are skipped
  };
  for (const std::string& line : malformed) EXPECT_EQ(parse(line).kind, Kind::malformed) << line;
  EXPECT_EQ(parse(kAbc + "  -", true).kind, Kind::malformed);  // "-" while the list is stdin
  EXPECT_EQ(parse(kAbc + "  -", false).kind, Kind::entry);
}

TEST(Md5sumCheckLines, ReversedFormatIsDecidedOnceAndKept) {
  CheckListParser reversed_first;
  EXPECT_EQ(reversed_first.parse(kAbc + " f", false).file_name, "f");
  const CheckLine standard = reversed_first.parse(kAbc + "  g", false);
  ASSERT_EQ(standard.kind, Kind::entry);
  EXPECT_EQ(standard.file_name, " g");  // the type indicator is now part of the name

  CheckListParser standard_first;
  EXPECT_EQ(standard_first.parse(kAbc + "  f", false).kind, Kind::entry);
  EXPECT_EQ(standard_first.parse(kAbc + " f", false).kind, Kind::malformed);
}

TEST(Md5sumCheckLines, DigestComparisonIgnoresCase) {
  std::string upper = kAbc;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_TRUE(digest_matches(upper, abc()));
  upper[5] = upper[5] == '0' ? '1' : '0';
  EXPECT_FALSE(digest_matches(upper, abc()));
  EXPECT_FALSE(digest_matches(kAbc.substr(1), abc()));
}

// The same rules for SHA-256 and SHA-224: only the tag and the number of
// digits differ (FIPS 180-4's "abc" examples).
TEST(ShaSumLines, TagAndDigestLength) {
  const std::string k256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  const std::string k224 = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7";
  const auto s256 = sha256::sum(std::string_view("abc"));
  const auto s224 = sha224::sum(std::string_view("abc"));
  EXPECT_EQ(format_line(s256, "f", {}, kSha256), k256 + "  f\n");
  EXPECT_EQ(format_line(s256, "f", {.binary = true, .tag = true}, kSha256), "SHA256 (f) = " + k256 + "\n");
  EXPECT_EQ(format_line(s224, "a\nb", {.tag = true}, kSha224), "\\SHA224 (a\\nb) = " + k224 + "\n");

  CheckListParser p256(kSha256), p224(kSha224), pmd5;
  EXPECT_EQ(p256.parse("SHA256 (f) = " + k256, false).kind, Kind::entry);
  EXPECT_EQ(p256.parse(k256 + "  f", false).file_name, "f");
  EXPECT_TRUE(digest_matches(p256.parse(k256 + "  f", false).hex_digest, s256));
  EXPECT_EQ(p256.parse("SHA224 (f) = " + k224, false).kind, Kind::malformed);  // another tag
  EXPECT_EQ(p256.parse("MD5 (f) = " + kAbc, false).kind, Kind::malformed);
  EXPECT_EQ(p256.parse(kAbc + "  f", false).kind, Kind::malformed);             // 32 digits
  EXPECT_EQ(p224.parse(k224 + "  f", false).kind, Kind::entry);
  EXPECT_EQ(p224.parse(k256 + "  f", false).kind, Kind::malformed);             // 64 digits
  EXPECT_EQ(p224.parse("SHA224(f)= " + k224, false).kind, Kind::entry);
  EXPECT_EQ(pmd5.parse("SHA256 (f) = " + k256, false).kind, Kind::malformed);
  EXPECT_FALSE(digest_matches(k224, s256));
  EXPECT_TRUE(digest_matches(k224, s224));
}

TEST(Progress, Format) {
  EXPECT_EQ(format_progress("f", 512, std::nullopt, 0), "f: 512 B");
  EXPECT_EQ(format_progress("big", std::uint64_t{3} << 30, std::uint64_t{12} << 30, 2.0),
            "big: 25% of 12.0 GiB, 1610.6 MB/s");
  EXPECT_EQ(format_progress("x", 5 << 20, std::nullopt, 1.0), "x: 5.0 MiB, 5.2 MB/s");
  // A name holding a terminal escape (here one that sets the window title)
  // is quoted, its control bytes spelled out.
  EXPECT_EQ(format_progress("\x1b]0;owned\a", 512, std::nullopt, 0), "''$'\\033'']0;owned'$'\\a': 512 B");
  EXPECT_EQ(format_progress("two words", 512, std::nullopt, 0), "'two words': 512 B");
}

TEST(Progress, FormatManyFiles) {
  EXPECT_EQ(format_files_progress(0, 200, 0, 0, 0), "0 of 200 files, 0 B");
  EXPECT_EQ(format_files_progress(12, 200, std::uint64_t{41} << 20, 0, 0.5), "12 of 200 files, 41.0 MiB, 86.0 MB/s");
  EXPECT_EQ(format_files_progress(1, 1, 512, 0, 0), "1 of 1 file, 512 B");
  // The bytes of all the files, and how far along: while the first files
  // are long, bytes move though no file is done.
  EXPECT_EQ(format_files_progress(0, 2, std::uint64_t{41} << 20, std::uint64_t{768} << 20, 0),
            "0 of 2 files, 41.0 MiB of 768.0 MiB (5%)");
  EXPECT_EQ(format_files_progress(2, 2, 600, 512, 0), "2 of 2 files, 600 B of 512 B (100%)");
}

}  // namespace
}  // namespace fipsmod::cli
