#include <fipsmod/hex.hpp>
#include "vec_file.hpp"

#include <fstream>
#include <stdexcept>

namespace fipsmod::testing {
namespace {

std::string_view trim(std::string_view s) {
  constexpr std::string_view blanks = " \t\r";
  const auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

const std::string& Vector::text(std::string_view key) const {
  const auto it = fields.find(key);
  if (it == fields.end()) {
    throw std::runtime_error("vector at line " + std::to_string(line) + " has no " + std::string(key));
  }
  return it->second;
}

std::vector<std::uint8_t> Vector::bytes(std::string_view key) const { return from_hex(text(key)); }

std::vector<std::uint8_t> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw std::runtime_error("odd-length hex string");
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) throw std::runtime_error("bad hex digit");
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return out;
}

std::string to_hex(const std::uint8_t* data, std::size_t size) { return fipsmod::hex({data, size}); }

std::vector<Vector> load_vectors(std::string_view name) {
  const std::string path = std::string(FIPSMOD_VECTORS_DIR) + "/" + std::string(name);
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Vector> out;
  std::string section;
  Vector current;
  auto finish = [&] {
    if (!current.fields.empty()) out.push_back(std::move(current));
    current = Vector{};
  };
  std::string raw;
  for (int line_no = 1; std::getline(in, raw); ++line_no) {
    const std::string_view line = trim(raw);
    if (line.empty()) {
      finish();
    } else if (line.front() == '#') {
      continue;
    } else if (line.front() == '[' && line.back() == ']') {
      finish();
      section = std::string(line.substr(1, line.size() - 2));
    } else if (const auto eq = line.find('='); eq != std::string_view::npos) {
      if (current.fields.empty()) {
        current.section = section;
        current.line = line_no;
      }
      current.fields.emplace(trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
    } else {
      throw std::runtime_error(path + ":" + std::to_string(line_no) + ": malformed line");
    }
  }
  finish();
  return out;
}

}  // namespace fipsmod::testing
