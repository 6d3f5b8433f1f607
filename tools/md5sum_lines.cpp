#include <fipsmod/hex.hpp>
#include "md5sum_lines.hpp"

#include <algorithm>

namespace fipsmod::cli {
namespace {


bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// A file name as md5sum reads it: up to the first NUL, unescaped if the
// line started with a backslash.
std::optional<std::string> file_name(std::string_view s, bool escaped) {
  if (escaped) return unescape_name(s);
  return std::string(s.substr(0, s.find('\0')));
}

}  // namespace

bool needs_escape(std::string_view name) { return name.find_first_of("\\\n\r") != std::string_view::npos; }

bool needs_escape_in_check(std::string_view name) { return name.find('\n') != std::string_view::npos; }

std::string escape_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out;
}

std::optional<std::string> unescape_name(std::string_view escaped) {
  std::string out;
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    const char c = escaped[i];
    if (c == '\0') return std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == escaped.size()) return std::nullopt;
    switch (escaped[i]) {
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      default: return std::nullopt;
    }
  }
  return out;
}

std::string format_line(std::span<const std::uint8_t> sum, std::string_view name, OutputStyle style,
                        const HashAlgorithm& algorithm) {
  const bool escape = !style.zero && needs_escape(name);
  const std::string shown = escape ? escape_name(name) : std::string(name);
  std::string line = escape ? "\\" : "";
  if (style.tag) {
    line += std::string(algorithm.name) + " (" + shown + ") = " + hex(sum);
  } else {
    line += hex(sum) + ' ' + (style.binary ? '*' : ' ') + shown;
  }
  line += style.zero ? '\0' : '\n';
  return line;
}

bool digest_matches(std::string_view hex_digest, std::span<const std::uint8_t> sum) {
  if (hex_digest.size() != 2 * sum.size()) return false;
  const std::string want = hex(sum);
  for (std::size_t i = 0; i < want.size(); ++i) {
    char c = hex_digest[i];
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
    if (c != want[i]) return false;
  }
  return true;
}

CheckLine CheckListParser::parse(std::string_view line, bool list_is_stdin) {
  if (!line.empty() && line.front() == '#') return {};  // a comment, before any trimming
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return {};
  std::optional<CheckLine> entry = split(line);
  if (!entry || (list_is_stdin && entry->file_name == "-")) return {CheckLine::Kind::malformed, {}, {}};
  return std::move(*entry);
}

// "(name) = hex", the rest of a BSD-tagged line after "MD5 (" or "MD5(".
// The name runs to the last ')'.
std::optional<CheckLine> CheckListParser::split_tagged(std::string_view s, bool escaped) const {
  const auto close = s.rfind(')');
  if (close == std::string_view::npos) return std::nullopt;
  auto name = file_name(s.substr(0, close), escaped);
  if (!name) return std::nullopt;
  std::size_t i = close + 1;
  while (i < s.size() && is_blank(s[i])) ++i;
  if (i == s.size() || s[i] != '=') return std::nullopt;
  ++i;
  while (i < s.size() && is_blank(s[i])) ++i;
  // The digits end the line, or a NUL does (coreutils reads them as a C
  // string, as it reads the name of an untagged line).
  std::string_view digits = s.substr(i);
  digits = digits.substr(0, digits.find('\0'));
  if (!valid_digits(digits)) return std::nullopt;
  return CheckLine{CheckLine::Kind::entry, std::string(digits), std::move(*name)};
}

// Exactly the algorithm's number of hex digits, nothing else.
bool CheckListParser::valid_digits(std::string_view s) const {
  return s.size() == 2 * algorithm_->size && std::all_of(s.begin(), s.end(), is_hex);
}

std::optional<CheckLine> CheckListParser::split(std::string_view s) {
  const std::size_t hex_digits = 2 * algorithm_->size;
  // The shortest untagged line: the digits, one blank, a one-byte name.
  const std::size_t min_untagged_line = hex_digits + 1 + 1;
  std::size_t i = 0;
  while (i < s.size() && is_blank(s[i])) ++i;
  const bool escaped = i < s.size() && s[i] == '\\';
  if (escaped) ++i;

  // Tagged: "MD5 (name) = hex", or OpenSSL's "MD5(name)= hex" (and the
  // same with SHA256 or SHA224).
  const std::string_view tag = algorithm_->name;
  if (s.substr(i, tag.size()) == tag) {
    std::size_t j = i + tag.size();
    if (j < s.size() && s[j] == ' ') ++j;
    if (j < s.size() && s[j] == '(') return split_tagged(s.substr(j + 1), escaped);
  }

  // Untagged: "hex  name" (or "hex *name" for binary mode), or the reversed
  // BSD "hex name".
  const bool second_backslash = i < s.size() && s[i] == '\\';
  if (s.size() - i < min_untagged_line + (second_backslash ? 1 : 0)) return std::nullopt;
  // Exactly the digits (32 for MD5), then a blank. The length check above
  // leaves room for both.
  const std::string_view digits = s.substr(i, hex_digits);
  i += hex_digits;
  if (!is_blank(s[i]) || !valid_digits(digits)) return std::nullopt;
  ++i;

  const char indicator = i < s.size() ? s[i] : '\0';
  if (s.size() - i == 1 || (indicator != ' ' && indicator != '*')) {
    // Mixing the two formats is refused, so that a leading blank or '*' in
    // a name cannot be taken for a type indicator.
    if (reversed_ == Reversed::no) return std::nullopt;
    reversed_ = Reversed::yes;
  } else if (reversed_ != Reversed::yes) {
    reversed_ = Reversed::no;
    ++i;  // the type indicator: ' ' text, '*' binary (the same for every hash)
  }
  auto name = file_name(s.substr(i), escaped);
  if (!name) return std::nullopt;
  return CheckLine{CheckLine::Kind::entry, std::string(digits), std::move(*name)};
}

}  // namespace fipsmod::cli
