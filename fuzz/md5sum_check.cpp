// md5sum_check: the parser of `fipsmod md5sum --check` lists, which reads
// untrusted files. Each line is handed over in a buffer of exactly its
// size (ASan catches any read past it). An entry has 32 hex digits, and
// the canonical line for that entry (what `fipsmod md5sum` would print)
// parses back to the same entry. (A name may come out empty: coreutils
// takes names as C strings, so "<hex>  \0x" names "", which then fails to
// open; the canonical line of an empty name is not a valid line.)
//
// Input: a flags byte (bit 0: the list is standard input), then the list.
#include <memory>
#include <string>

#include "fuzz_input.hpp"
#include "md5sum_lines.hpp"

namespace {

bool all_hex(std::string_view s) {
  return s.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::cli::CheckLine;
  using fipsmod::fuzz::differ;
  fipsmod::fuzz::Input in(data, size);
  const bool list_is_stdin = in.byte() & 1;
  const auto list = in.rest();
  const std::string_view text(reinterpret_cast<const char*>(list.data()), list.size());

  fipsmod::cli::CheckListParser parser;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    const std::size_t len = end - at;
    auto line = std::make_unique<char[]>(len);  // exactly the line: no slack to read into
    std::copy(text.begin() + static_cast<std::ptrdiff_t>(at), text.begin() + static_cast<std::ptrdiff_t>(end), line.get());
    at = end;
    const CheckLine c = parser.parse(std::string_view(line.get(), len), list_is_stdin);
    if (c.kind == CheckLine::Kind::entry) {
      if (c.hex_digest.size() != 32 || !all_hex(c.hex_digest)) differ("an entry without 32 hex digits", data, size);
      if (list_is_stdin && c.file_name == "-") differ("\"-\" accepted in a list read from standard input", data, size);
      if (c.file_name.empty()) continue;
      // The canonical line for this entry parses back to it.
      std::string canonical = c.hex_digest + "  ";
      if (fipsmod::cli::needs_escape(c.file_name)) canonical = "\\" + canonical + fipsmod::cli::escape_name(c.file_name);
      else canonical += c.file_name;
      canonical += '\n';
      fipsmod::cli::CheckListParser fresh;
      const CheckLine back = fresh.parse(canonical, list_is_stdin);
      if (back.kind != CheckLine::Kind::entry || back.hex_digest != c.hex_digest || back.file_name != c.file_name) {
        differ("the canonical line of an entry does not parse back to it: " + canonical, data, size);
      }
    }
  }
  return 0;
}
