#include "json.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "vec_file.hpp"

namespace fipsmod::testing {

class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : s_(text) {}

  Json document() {
    Json v = value(0);
    space();
    if (i_ != s_.size()) fail("text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(i_));
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  char peek() {
    space();
    if (i_ == s_.size()) fail("unexpected end");
    return s_[i_];
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }

  Json value(int depth) {
    if (depth > 64) fail("nested too deep");
    Json v;
    const char c = peek();
    if (c == '{') {
      v.kind_ = Json::Kind::object;
      ++i_;
      if (peek() == '}') {
        ++i_;
        return v;
      }
      for (;;) {
        if (peek() != '"') fail("expected a member name");
        std::string key = string();
        expect(':');
        if (!v.object_.emplace(std::move(key), value(depth + 1)).second) fail("a member named twice");
        if (peek() == ',') {
          ++i_;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.kind_ = Json::Kind::array;
      ++i_;
      if (peek() == ']') {
        ++i_;
        return v;
      }
      for (;;) {
        v.array_.push_back(value(depth + 1));
        if (peek() == ',') {
          ++i_;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind_ = Json::Kind::string;
      v.text_ = string();
      return v;
    }
    if (literal("true") || literal("false")) {
      v.kind_ = Json::Kind::boolean;
      v.boolean_ = s_[i_ - 1] == 'e' && s_[i_ - 2] == 'u';
      return v;
    }
    if (literal("null")) return v;
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      v.kind_ = Json::Kind::number;
      const std::size_t start = i_;
      if (s_[i_] == '-') ++i_;
      const auto digits = [&] {
        const std::size_t from = i_;
        while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
        if (i_ == from) fail("a number without digits");
      };
      if (i_ < s_.size() && s_[i_] == '0') {
        ++i_;
      } else {
        digits();
      }
      if (i_ < s_.size() && s_[i_] == '.') ++i_, digits();
      if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
        ++i_;
        if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
        digits();
      }
      v.text_ = std::string(s_.substr(start, i_ - start));
      return v;
    }
    fail("not a value");
  }

  std::string string() {
    expect('"');
    std::string out;
    for (;;) {
      if (i_ == s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ == s_.size()) fail("unterminated escape");
      const char e = s_[i_++];
      switch (e) {
        case '"': case '\\': case '/': out += e; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          if (s_.size() - i_ < 4) fail("a short \\u escape");
          const unsigned long cp = std::stoul(std::string(s_.substr(i_, 4)), nullptr, 16);
          if (cp >= 0x80) fail("a \\u escape beyond ASCII");
          out += static_cast<char>(cp);
          i_ += 4;
          break;
        }
        default: fail("an unknown escape");
      }
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

namespace {
[[noreturn]] void wrong(const char* what) { throw std::runtime_error(std::string("JSON: not ") + what); }
}  // namespace

bool Json::boolean() const {
  if (kind_ != Kind::boolean) wrong("a boolean");
  return boolean_;
}
const std::string& Json::string() const {
  if (kind_ != Kind::string) wrong("a string");
  return text_;
}
std::int64_t Json::integer() const {
  if (kind_ != Kind::number || text_.find_first_of(".eE") != std::string::npos) wrong("an integer");
  return std::stoll(text_);
}
const std::vector<Json>& Json::array() const {
  if (kind_ != Kind::array) wrong("an array");
  return array_;
}
bool Json::has(std::string_view key) const { return kind_ == Kind::object && object_.find(key) != object_.end(); }
const Json& Json::at(std::string_view key) const {
  if (kind_ != Kind::object) wrong("an object");
  const auto it = object_.find(key);
  if (it == object_.end()) throw std::runtime_error("JSON: no member \"" + std::string(key) + "\"");
  return it->second;
}
std::vector<std::uint8_t> Json::hex(std::string_view key) const { return from_hex(at(key).string()); }

Json Json::parse(std::string_view text) { return JsonParser(text).document(); }

Json Json::load(std::string_view name) {
  const std::string path = std::string(FIPSMOD_VECTORS_DIR) + "/" + std::string(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str());
}

}  // namespace fipsmod::testing
