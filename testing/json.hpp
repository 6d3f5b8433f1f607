// A minimal JSON reader for the test vectors in vectors/acvp/ (NIST ACVP's
// files): the whole of RFC 8259's grammar, numbers kept as their text,
// strings with the escapes ACVP uses (\" \\ \/ \b \f \n \r \t; \u only
// for code points below 0x80). Not for untrusted input: it throws
// std::runtime_error on anything malformed, naming the offset.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::testing {

class Json {
 public:
  enum class Kind { null, boolean, number, string, array, object };

  Kind kind() const noexcept { return kind_; }
  bool is_null() const noexcept { return kind_ == Kind::null; }

  // Each throws std::runtime_error when the value is of another kind (or,
  // for at(key), the member is missing).
  bool boolean() const;
  const std::string& string() const;       // a string's value
  std::int64_t integer() const;            // a number that is an integer
  const std::vector<Json>& array() const;
  const Json& at(std::string_view key) const;
  bool has(std::string_view key) const;
  // A string member decoded from hex.
  std::vector<std::uint8_t> hex(std::string_view key) const;

  static Json parse(std::string_view text);
  // Reads vectors/<name> (e.g. "acvp/vectors/ctrDRBG.json").
  static Json load(std::string_view name);

 private:
  friend class JsonParser;
  Kind kind_ = Kind::null;
  bool boolean_ = false;
  std::string text_;  // a string's value, a number's text
  std::vector<Json> array_;
  std::map<std::string, Json, std::less<>> object_;
};

}  // namespace fipsmod::testing
