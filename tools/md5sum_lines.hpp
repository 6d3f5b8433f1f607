// The line formats of GNU coreutils' md5sum: writing a checksum line, and
// reading the lines of a --check list. Pure functions of their input, so
// they can be unit-tested and fuzzed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fipsmod/md5.hpp>

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
  bool tag = false;     // BSD style: "MD5 (name) = hex"
  bool zero = false;    // end lines with NUL instead of newline, never escape
};

// One output line, with its terminator.
std::string format_line(const md5::Sum& sum, std::string_view name, OutputStyle style);

// One line of a --check list, classified by coreutils' rules.
struct CheckLine {
  enum class Kind { skip, malformed, entry };  // skip: a comment or an empty line
  Kind kind = Kind::skip;
  std::string hex_digest;  // 32 hex digits, either case
  std::string file_name;   // unescaped
};

// Reads the lines of one or more check lists. The first well-formed
// untagged line decides whether the lists use the "<hex>  <name>" format or
// the reversed BSD "<hex> <name>" one, and later lines must follow it, as in
// coreutils (which keeps that choice for the whole run).
class CheckListParser {
 public:
  // `line` is as read, with its '\n' if it had one. `list_is_stdin` makes a
  // line naming "-" malformed, since standard input is the list itself.
  CheckLine parse(std::string_view line, bool list_is_stdin);

 private:
  std::optional<CheckLine> split(std::string_view s);
  enum class Reversed { undecided, no, yes } reversed_ = Reversed::undecided;
};

// Case-insensitive comparison of a checksum line's digits with a digest.
bool digest_matches(std::string_view hex_digest, const md5::Sum& sum);

}  // namespace fipsmod::cli
