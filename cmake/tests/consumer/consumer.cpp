// A C++ program built against an installed fipsmod: prints the MD5 of its
// argument, hashed in two halves across a saved and restored state, and
// checks XORBytes and its exception.
#include <fipsmod/md5.hpp>
#include <fipsmod/module.hpp>
#include <fipsmod/subtle.hpp>

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string_view>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string_view msg = argv[1];
  fipsmod::md5::Digest first;
  first.update(msg.substr(0, msg.size() / 2));
  fipsmod::md5::Digest second;
  second.unmarshal(first.marshal());
  second.update(msg.substr(msg.size() / 2));
  if (second.sum() != fipsmod::md5::sum(msg)) return 1;

  std::array<std::uint8_t, 4> x{1, 2, 3, 4}, y{4, 3, 2, 1}, z{};
  if (fipsmod::subtle::xor_bytes(z, x, y) != 4 || z[0] != 5) return 1;
  try {
    fipsmod::subtle::xor_bytes(std::span(z).first(2), x, y);
    return 1;
  } catch (const fipsmod::error&) {
  }
  if (fipsmod::version().empty() || fipsmod::impl_name("md5").empty()) return 1;

  for (std::uint8_t b : second.sum()) std::printf("%02x", b);
  std::printf("\n");
  return 0;
}
