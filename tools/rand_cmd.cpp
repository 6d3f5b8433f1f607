// fipsmod rand: N random bytes from the module's DRBG, raw, in hex or in
// base64, as `openssl rand` writes them, to standard output or to -o OUT
// (written as xor -o writes it: OutputTarget).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/random.hpp>

#include "commands.hpp"
#include "io.hpp"
#include "output_target.hpp"
#include "quote.hpp"
#include "secret_memory.hpp"
#include "value_option.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod rand";

constexpr const char* kUsage = R"(Usage: fipsmod rand [--hex | --base64] [-o OUT] [--] N
Write N random bytes (N >= 1, decimal) from the module's DRBG (CTR_DRBG
AES-256, seeded from its own entropy source) to OUT (default: standard
output), as openssl rand does: raw bytes; or with --hex, 2N lowercase hex
digits on one line; or with --base64, base64 in lines of 64 characters.
Each line ends in a newline.

      --hex          write hex digits
      --base64       write base64
  -o, --output OUT   write to OUT instead of standard output, as 'fipsmod
                     xor -o' does (see 'fipsmod xor --help'): a regular
                     file is replaced only once everything is written
      --help         display this help and exit
)";

// N: decimal digits, at least 1, at most 2^63 - 1.
bool parse_count(const std::string& s, std::uint64_t& n) {
  if (s.empty() || s.size() > 19) return false;
  n = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n >= 1 && n < (std::uint64_t{1} << 63);
}

enum class Encoding { raw, hex, base64 };

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Appends the encoding of `in` to `out`. Base64 lines hold 48 bytes: every
// chunk but the last is a whole number of lines, so lines end where
// openssl ends them.
void encode(Encoding e, std::span<const std::uint8_t> in, std::string& out) {
  if (e == Encoding::hex) {
    for (const std::uint8_t b : in) {
      out.push_back(kHexDigits[b >> 4]);
      out.push_back(kHexDigits[b & 15]);
    }
    return;
  }
  for (std::size_t line = 0; line < in.size(); line += 48) {
    const std::size_t end = std::min(in.size(), line + 48);
    for (std::size_t i = line; i < end; i += 3) {
      const std::size_t n = std::min<std::size_t>(3, end - i);
      const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (n > 1 ? std::uint32_t{in[i + 1]} << 8 : 0) |
                              (n > 2 ? in[i + 2] : 0);
      out.push_back(kBase64[(v >> 18) & 63]);
      out.push_back(kBase64[(v >> 12) & 63]);
      out.push_back(n > 1 ? kBase64[(v >> 6) & 63] : '=');
      out.push_back(n > 2 ? kBase64[v & 63] : '=');
    }
    out.push_back('\n');
  }
}

}  // namespace

int rand_main(int argc, char** argv) {
  int exit_status = 0;
  const auto started = start_command(
      kProgram, kUsage, argc, argv,
      {{'o', "output", "a file name"}, {'\0', "hex", "", true}, {'\0', "base64", "", true}}, exit_status);
  if (!started) return exit_status;
  const CommandLine& line = *started;
  const bool hex = line.values[1].has_value(), base64 = line.values[2].has_value();
  if (hex && base64) return report_usage_error(kProgram, "--hex and --base64 exclude each other");
  const Encoding encoding = hex ? Encoding::hex : base64 ? Encoding::base64 : Encoding::raw;
  if (line.operands.size() != 1) {
    return report_usage_error(kProgram, line.operands.empty() ? "missing the number of bytes N"
                                                              : "unexpected argument " + quote_argument(line.operands[1]));
  }
  std::uint64_t count = 0;
  if (!parse_count(line.operands[0], count)) {
    return report_usage_error(kProgram, "invalid number of bytes " + quote_argument(line.operands[0]) +
                                            ": want a whole number from 1");
  }
  const std::string output = line.values[0].value_or("-");
  if (output.empty()) return report_usage_error(kProgram, "empty output file name");

  // 64 KiB a request: one SP 800-90A request of the DRBG; a whole number of
  // base64 lines (48 bytes each).
  constexpr std::size_t kChunk = 48 * 1365;
  std::vector<std::uint8_t> bytes(kChunk);
  // The encoding of a chunk, in a buffer reserved once for the longest
  // (hex: two digits a byte and the newline): grown as it was filled, it
  // left each copy it outgrew, a part of the output, in freed memory, where
  // the wipes below cannot reach.
  std::string text;
  if (encoding != Encoding::raw) text.reserve(2 * kChunk + 1);
  std::uint64_t left = count;
  const int status = write_output(kProgram, output, [&]() -> std::optional<std::span<const std::uint8_t>> {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, kChunk));
    const std::span<std::uint8_t> chunk = std::span(bytes).first(n);
    if (n == 0) return chunk;
    if (const int s = fipsmod_random_bytes(chunk.data(), chunk.size()); s != FIPSMOD_OK) {
      // A failed entropy source (or the module's error state): nothing of
      // this chunk was written, and OUT is left as it was.
      report(kProgram, fipsmod_strerror(s));
      return std::nullopt;
    }
    left -= n;
    if (encoding == Encoding::raw) return chunk;
    text.clear();
    encode(encoding, chunk, text);
    if (encoding == Encoding::hex && left == 0) text.push_back('\n');
    return std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  });
  wipe_secret(bytes.data(), bytes.size());
  // All of it: a last chunk shorter than the one before leaves that one's
  // tail past size().
  text.resize(text.capacity());
  wipe_secret(text.data(), text.size());
  return status;
}

}  // namespace fipsmod::cli
