#include "quote.hpp"

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cwchar>
#include <cwctype>

namespace fipsmod::cli {
namespace {

// How a byte is treated, before any multibyte decoding.
enum class Class {
  plain,         // never needs quoting: letters, digits, % + , - . / ] _
  colon,         // plain in the shell, but quoted as in coreutils' quotef
  lone_brace,    // '{' or '}': special only when it is the whole name
  leading,       // '#' or '~': special only as the first character
  space,         // ' ': special, but allowed in a double-quoted name
  special,       // other shell metacharacters, '\\' and '?'
  single_quote,  // '\''
  letter_escape, // \a \b \t \n \v \f \r, spelled as $'\n'
  other,         // anything else: decoded as a character of the locale
};

Class classify(unsigned char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return Class::plain;
  switch (c) {
    case '%': case '+': case ',': case '-': case '.': case '/': case ']': case '_':
      return Class::plain;
    case ':': return Class::colon;
    case '{': case '}': return Class::lone_brace;
    case '#': case '~': return Class::leading;
    case ' ': return Class::space;
    case '!': case '"': case '$': case '&': case '(': case ')': case '*': case ';': case '<': case '=':
    case '>': case '[': case '^': case '`': case '|': case '\\': case '?':
      return Class::special;
    case '\'': return Class::single_quote;
    case '\a': case '\b': case '\t': case '\n': case '\v': case '\f': case '\r':
      return Class::letter_escape;
    default: return Class::other;
  }
}

char escape_letter(unsigned char c) {
  switch (c) {
    case '\a': return 'a';
    case '\b': return 'b';
    case '\t': return 't';
    case '\n': return 'n';
    case '\v': return 'v';
    case '\f': return 'f';
    default: return 'r';
  }
}

// One character of class `other` at the start of `s`, as the locale reads
// it: its length in bytes (0 when the first byte starts no valid
// character) and whether it is printable.
struct Character {
  std::size_t length;
  bool printable;
  bool hides_special;  // a later byte looks like [ \ ^ ` | to an old shell
};

Character decode(std::string_view s) {
  const auto first = static_cast<unsigned char>(s[0]);
  if (MB_CUR_MAX == 1) return {1, std::isprint(first) != 0, false};
  std::mbstate_t state{};
  Character ch{0, true, false};
  do {
    wchar_t w;
    const std::size_t n = std::mbrtowc(&w, s.data() + ch.length, s.size() - ch.length, &state);
    if (n == static_cast<std::size_t>(-1)) {  // an invalid sequence
      ch.printable = false;
      break;
    }
    if (n == static_cast<std::size_t>(-2)) {  // cut short by the end of the name
      ch.printable = false;
      ch.length = s.size();
      break;
    }
    if (n == 0) break;
    for (std::size_t j = ch.length + 1; j < ch.length + n; ++j) {
      const char b = s[j];
      if (b == '[' || b == '\\' || b == '^' || b == '`' || b == '|') ch.hides_special = true;
    }
    if (!std::iswprint(static_cast<wint_t>(w))) ch.printable = false;
    ch.length += n;
  } while (!std::mbsinit(&state));
  return ch;
}

// Whether the name can be shown bare.
bool is_bare(std::string_view name) {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size();) {
    const auto c = static_cast<unsigned char>(name[i]);
    switch (classify(c)) {
      case Class::plain: ++i; continue;
      case Class::lone_brace:
        if (name.size() == 1) return false;
        ++i;
        continue;
      case Class::leading:
        if (i == 0) return false;
        ++i;
        continue;
      case Class::other: {
        const Character ch = decode(name.substr(i));
        if (!ch.printable || ch.hides_special) return false;
        i += ch.length;  // at least 1: a printable character was decoded
        continue;
      }
      default: return false;
    }
  }
  return true;
}

// Writes the single-quoted form. A $'...' segment is open across calls
// when `in_dollar_segment` is left true, which is how quotearg's second
// pass over a name inherits the state its first pass ended in.
class SingleQuoter {
 public:
  explicit SingleQuoter(bool in_dollar_segment) : in_dollar_(in_dollar_segment) {}

  void run(std::string_view name) {
    out_ = "'";
    for (std::size_t i = 0; i < name.size();) {
      const auto c = static_cast<unsigned char>(name[i]);
      bool fits_double = false;
      switch (classify(c)) {
        case Class::plain: case Class::colon: case Class::space:
          fits_double = true;
          plain(c);
          break;
        case Class::lone_brace:
          fits_double = name.size() == 1;
          plain(c);
          break;
        case Class::leading:
          fits_double = i == 0;
          plain(c);
          break;
        case Class::special:
          plain(c);
          break;
        case Class::single_quote:
          saw_single_quote_ = true;
          fits_double = true;
          out_ += "'\\''";
          in_dollar_ = false;
          break;
        case Class::letter_escape:
          escaped(std::string(1, escape_letter(c)));
          break;
        case Class::other: {
          const Character ch = decode(name.substr(i));
          fits_double = ch.printable;
          const std::size_t n = ch.length == 0 ? 1 : ch.length;
          for (std::size_t j = 0; j < n; ++j) {
            const auto b = static_cast<unsigned char>(name[i + j]);
            if (ch.printable) {
              plain(b);
            } else {
              escaped({static_cast<char>('0' + (b >> 6)), static_cast<char>('0' + ((b >> 3) & 7)),
                       static_cast<char>('0' + (b & 7))});
            }
          }
          i += n;
          if (!fits_double) all_fit_double_ = false;
          continue;
        }
      }
      if (!fits_double) all_fit_double_ = false;
      ++i;
    }
  }

  std::string finish() { return out_ + "'"; }
  bool in_dollar_segment() const { return in_dollar_; }
  // A single quote, and every character could go unchanged between double
  // quotes.
  bool prefers_double_quotes() const { return saw_single_quote_ && all_fit_double_; }

 private:
  void plain(unsigned char c) {
    if (in_dollar_) {
      out_ += "''";  // close $'...', open '...'
      in_dollar_ = false;
    }
    out_ += static_cast<char>(c);
  }
  void escaped(const std::string& spelled) {
    if (!in_dollar_) {
      out_ += "'$'";  // close '...', open $'...'
      in_dollar_ = true;
    }
    out_ += '\\';
    out_ += spelled;
  }

  std::string out_;
  bool in_dollar_;
  bool saw_single_quote_ = false;
  bool all_fit_double_ = true;
};

}  // namespace

std::string quote_name(std::string_view name) {
  name = name.substr(0, name.find('\0'));
  if (is_bare(name)) return std::string(name);
  SingleQuoter first(false);
  first.run(name);
  if (first.prefers_double_quotes()) return "\"" + std::string(name) + "\"";
  if (name.find('\'') == std::string_view::npos) return first.finish();
  // A single quote made quotearg scan the name once before writing it; the
  // written pass starts in the state the scan ended in.
  SingleQuoter second(first.in_dollar_segment());
  second.run(name);
  return second.finish();
}

std::string quote_argument(std::string_view argument) {
  std::string quoted = quote_name(argument);
  if (quoted.front() == '\'' || quoted.front() == '"') return quoted;
  return "'" + quoted + "'";
}

}  // namespace fipsmod::cli
