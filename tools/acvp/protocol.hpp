// The module-wrapper protocol that BoringSSL's acvptool speaks to a module
// (BoringSSL util/fipstools/acvp/ACVP.md, "Testing other FIPS modules"):
// each request is a 32-bit little-endian count of byte strings, their
// 32-bit little-endian lengths, then their bytes, the first string naming
// the command; each reply is framed the same way, the count possibly 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::acvp {

using Bytes = std::vector<std::uint8_t>;

struct Request {
  std::string command;
  std::vector<Bytes> args;
};

// The limits a request is held to before anything is allocated for it:
// acvptool's largest arguments are HMAC keys of 65536 bytes and AES-GCM
// payloads of 8 KiB; these leave room and refuse a corrupt length.
inline constexpr std::uint32_t kMaxStrings = 64;
inline constexpr std::uint64_t kMaxRequestBytes = 64u << 20;

// Reads one request from fd. std::nullopt at a clean end of input (no byte
// of a new request); throws ProtocolError on a short or malformed one.
std::optional<Request> read_request(int fd);

// Writes one reply to fd; throws ProtocolError when it cannot.
void write_reply(int fd, std::span<const Bytes> strings);

// A name from a request (a command's, a hash's) as the messages show it,
// between double quotes: a printable ASCII byte as it is (but " and \,
// escaped), any other as \xNN, so that a NUL cannot cut the name short nor
// a control byte reach the terminal.
std::string printable(std::string_view name);

struct ProtocolError {
  std::string what;
};

// A little-endian 32-bit number as acvptool sends it (uint32le in
// subprocess.go); throws ProtocolError when the string is not 4 bytes.
std::uint32_t u32le(std::span<const std::uint8_t> s);

}  // namespace fipsmod::acvp
