// Reader for the test vector files in vectors/ (Botan's .vec format):
// "[SECTION]" lines, "Key = value" lines, records separated by blank
// lines, "#" comments.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::testing {

struct Vector {
  std::string section;
  int line = 0;  // where the record starts, for failure messages
  std::map<std::string, std::string, std::less<>> fields;

  const std::string& text(std::string_view key) const;
  // The field decoded from hex.
  std::vector<std::uint8_t> bytes(std::string_view key) const;
};

std::vector<std::uint8_t> from_hex(std::string_view hex);
std::string to_hex(const std::uint8_t* data, std::size_t size);
template <class Bytes>
std::string to_hex(const Bytes& b) {
  return to_hex(b.data(), b.size());
}

// Reads vectors/<name>. Throws std::runtime_error on a missing file or a
// malformed line.
std::vector<Vector> load_vectors(std::string_view name);

}  // namespace fipsmod::testing
