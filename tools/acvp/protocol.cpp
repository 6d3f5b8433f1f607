#include "protocol.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace fipsmod::acvp {
namespace {

// Reads exactly n bytes; false at end of input before the first byte when
// eof_ok, ProtocolError on a short read anywhere else.
bool read_exact(int fd, std::uint8_t* p, std::size_t n, bool eof_ok) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw ProtocolError{std::string("reading the request: ") + std::strerror(errno)};
    if (r == 0) {
      if (got == 0 && eof_ok) return false;
      throw ProtocolError{"the input ended inside a request"};
    }
    got += static_cast<std::size_t>(r);
  }
  return true;
}

void write_all(int fd, const std::uint8_t* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw ProtocolError{std::string("writing the reply: ") + std::strerror(errno)};
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

std::uint32_t load_le(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

void store_le(Bytes& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

}  // namespace

std::string printable(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto b = static_cast<unsigned char>(c);
    if (b == '"' || b == '\\') {
      out += '\\';
      out += c;
    } else if (b >= 0x20 && b < 0x7f) {
      out += c;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", b);
      out += hex;
    }
  }
  return out;
}

std::uint32_t u32le(std::span<const std::uint8_t> s) {
  if (s.size() != 4) throw ProtocolError{"a 32-bit number argument is " + std::to_string(s.size()) + " bytes"};
  return load_le(s.data());
}

std::optional<Request> read_request(int fd) {
  std::uint8_t word[4];
  if (!read_exact(fd, word, 4, true)) return std::nullopt;
  const std::uint32_t count = load_le(word);
  if (count == 0) throw ProtocolError{"a request with no command"};
  if (count > kMaxStrings) throw ProtocolError{"a request of " + std::to_string(count) + " strings"};
  std::vector<std::uint32_t> lengths(count);
  std::uint64_t total = 0;
  for (auto& len : lengths) {
    read_exact(fd, word, 4, false);
    len = load_le(word);
    total += len;
  }
  if (total > kMaxRequestBytes) throw ProtocolError{"a request of " + std::to_string(total) + " bytes"};
  Request req;
  Bytes name(lengths[0]);
  read_exact(fd, name.data(), name.size(), false);
  req.command.assign(name.begin(), name.end());
  for (std::uint32_t i = 1; i < count; ++i) {
    Bytes arg(lengths[i]);
    read_exact(fd, arg.data(), arg.size(), false);
    req.args.push_back(std::move(arg));
  }
  return req;
}

void write_reply(int fd, std::span<const Bytes> strings) {
  Bytes head;
  store_le(head, static_cast<std::uint32_t>(strings.size()));
  for (const Bytes& s : strings) store_le(head, static_cast<std::uint32_t>(s.size()));
  write_all(fd, head.data(), head.size());
  for (const Bytes& s : strings) write_all(fd, s.data(), s.size());
}

}  // namespace fipsmod::acvp
