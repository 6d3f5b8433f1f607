#include "escaped.hpp"

namespace fipsmod::internal {

std::string escaped(std::string_view value) {
  std::string out;
  for (char c : value) {
    const auto b = static_cast<unsigned char>(c);
    if (b == '"' || b == '\\') {
      out += '\\';
      out += c;
    } else if (b >= 0x20 && b < 0x7f) {
      out += c;
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

}  // namespace fipsmod::internal
