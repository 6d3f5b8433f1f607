// The line formats of GNU coreutils' md5sum, sha256sum and sha224sum (one
// code in coreutils, digest.c, and one here): writing a checksum line, and
// reading the lines of a --check list. Pure functions of their input, so
// they can be unit-tested and fuzzed. The algorithm (hash_algorithm.hpp)
// only decides the tag ("MD5", "SHA256", "SHA224") and the number of hex
// digits; MD5 when not given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <span>

#include "hash_algorithm.hpp"

namespace fipsmod::cli {

// md5sum escapes a name that holds a backslash, newline or carriage return:
// the line starts with '\' and those become "\\", "\n" and "\r".
bool needs_escape(std::string_view name);
// The results of --check are escaped only for a name with a newline (as
// coreutils 9.1, Debian 12's, does).
bool needs_escape_in_check(std::string_view name);
std::string escape_name(std::string_view name);
// The inverse; nullopt for a dangling backslash, an unknown escape or a NUL.
std::optional<std::string> unescape_name(std::string_view escaped);

struct OutputStyle {
  bool binary = false;  // '*' before the name instead of ' '
  bool tag = false;     // BSD style: "MD5 (name) = hex", "SHA256 (name) = hex"
  bool zero = false;    // end lines with NUL instead of newline, never escape
};

// One output line, with its terminator; `sum` is a digest of `algorithm`.
std::string format_line(std::span<const std::uint8_t> sum, std::string_view name, OutputStyle style,
                        const HashAlgorithm& algorithm = kMd5);

// One line of a --check list, classified by coreutils' rules.
struct CheckLine {
  enum class Kind { skip, malformed, entry };  // skip: a comment or an empty line
  Kind kind = Kind::skip;
  std::string hex_digest;  // 2 * algorithm.size hex digits (32 for MD5), either case
  std::string file_name;   // unescaped
};

// Reads the lines of one or more check lists. The first well-formed
// untagged line decides whether the lists use the "<hex>  <name>" format or
// the reversed BSD "<hex> <name>" one, and later lines must follow it, as in
// coreutils (which keeps that choice for the whole run).
class CheckListParser {
 public:
  // Lines of `algorithm`: its tag, and exactly its number of hex digits.
  explicit CheckListParser(const HashAlgorithm& algorithm = kMd5) : algorithm_(&algorithm) {}

  // `line` is as read, with its '\n' if it had one. `list_is_stdin` makes a
  // line naming "-" malformed, since standard input is the list itself.
  CheckLine parse(std::string_view line, bool list_is_stdin);

 private:
  std::optional<CheckLine> split(std::string_view s);
  std::optional<CheckLine> split_tagged(std::string_view s, bool escaped) const;
  bool valid_digits(std::string_view s) const;
  const HashAlgorithm* algorithm_;
  enum class Reversed { undecided, no, yes } reversed_ = Reversed::undecided;
};

// Case-insensitive comparison of a checksum line's digits with a digest
// (false unless there are exactly two digits a byte).
bool digest_matches(std::string_view hex_digest, std::span<const std::uint8_t> sum);

}  // namespace fipsmod::cli
