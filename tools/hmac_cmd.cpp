// fipsmod hmac: the HMAC-SHA-256 of files, under a key read from a file.
// The key lives only in memory this command owns and wipes (wipe_bytes),
// and in the module's HMAC object, whose destructor wipes its own state.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fipsmod/fipsmod.h>
#include <fipsmod/hmac.hpp>
#include <fipsmod/module.hpp>

#include "commands.hpp"
#include "hash_algorithm.hpp"
#include "io.hpp"
#include "md5sum_lines.hpp"
#include "quote.hpp"
#include "streams.hpp"
#include "value_option.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod hmac";

// Zeros stored so that the compiler cannot drop them as dead, even right
// before the memory is freed: memset, then an empty asm that takes the
// pointer and clobbers memory, so the compiler must assume the asm reads
// the zeros (the barrier of BoringSSL's OPENSSL_cleanse; GCC and Clang
// honour it).
void wipe_bytes(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

constexpr const char* kUsage = R"(Usage: fipsmod hmac -k KEYFILE [--] FILE...
Print the HMAC-SHA-256 (FIPS 198-1) of each FILE under the key held in
KEYFILE: its bytes exactly as they are, of any length (a trailing newline is
part of the key). A FILE of - is standard input; so is a KEYFILE of -, but
not both.

Each FILE gives one line, "<64 hex digits>  <name>", the format of
sha256sum; a name holding a backslash, newline or carriage return is escaped
as sha256sum escapes it (the line then starts with '\'). A FILE that cannot
be read gets a message on standard error and no line, and the others are
still done.

  -k, --key KEYFILE  read the key from KEYFILE
      --help         display this help and exit
      --             end of options: the arguments after it are FILEs

The key is read into memory that is zeroised once the HMAC is keyed; the
HMAC's own state is zeroised when it is destroyed. HMAC is an approved
service for a key of at least 14 bytes. Under a shorter key (an empty one
included) the MACs are still printed, and one line on standard error says
that it is not an approved service, once, whatever the number of FILEs;
the exit status is unchanged. Under FIPSMOD_MODE=only a shorter key is
refused (exit 1, nothing on standard output).

Exit status: 0 when every FILE was read; 1 when the key or a FILE could not
be read; 2 for a usage error (no -k, no FILE, an unknown option).
)";

// Bytes that must not outlive their use: zeroised before the memory is
// given back, including the old buffer each time it grows.
class SecretBytes {
 public:
  SecretBytes() = default;
  SecretBytes(const SecretBytes&) = delete;
  SecretBytes& operator=(const SecretBytes&) = delete;
  ~SecretBytes() { wipe(); }

  std::span<const std::uint8_t> bytes() const { return {data_.get(), size_}; }
  // Room for at least `more` bytes after the current ones.
  std::span<std::uint8_t> room(std::size_t more) {
    if (capacity_ - size_ < more) {
      const std::size_t capacity = std::max(2 * capacity_, size_ + more);
      auto bigger = std::make_unique<std::uint8_t[]>(capacity);
      const std::size_t size = size_;
      if (size != 0) std::memcpy(bigger.get(), data_.get(), size);
      wipe();  // the old copy
      data_ = std::move(bigger);
      size_ = size;
      capacity_ = capacity;
    }
    return {data_.get() + size_, capacity_ - size_};
  }
  void grow(std::size_t n) { size_ += n; }
  void wipe() noexcept {
    if (data_) wipe_bytes(data_.get(), capacity_);
    data_.reset();
    size_ = capacity_ = 0;
  }

 private:
  std::unique_ptr<std::uint8_t[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// Reads the whole key file; false after reporting why.
bool read_key(const std::string& path, SecretBytes& key) {
  int error = 0;
  auto file = InputFile::open(path, error);
  if (!file) {
    report(kProgram, quote(path) + ": " + std::strerror(error));
    return false;
  }
  const std::size_t expected = file->size().value_or(0);
  for (;;) {
    const long n = file->read(key.room(std::max<std::size_t>(expected + 1, 4096)));
    if (n == 0) return true;
    if (n < 0) {
      const int read_error = errno;  // before quote(), which may change it
      report(kProgram, quote(path) + ": " + std::strerror(read_error));
      key.wipe();
      return false;
    }
    key.grow(static_cast<std::size_t>(n));
  }
}

int usage_error(const std::string& what) {
  report(kProgram, what + " (see 'fipsmod hmac --help')");
  return 2;
}

}  // namespace

int hmac_main(int argc, char** argv) {
  auto parsed = parse_command_line(argc, argv, {'k', "key", "a key file name"});
  if (const auto* error = std::get_if<UsageError>(&parsed)) return report_usage_error(kProgram, *error);
  const CommandLine& command = std::get<CommandLine>(parsed);
  if (command.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const std::vector<std::string>& files = command.operands;
  const std::optional<std::string>& key_path = command.value;
  if (!key_path) return usage_error("missing key file (-k KEYFILE)");
  if (key_path->empty()) return usage_error("empty key file name");
  if (files.empty()) return usage_error("missing file operand");
  bool reads_stdin = *key_path == "-";
  for (const std::string& f : files) {
    if (f == "-" && *key_path == "-") return usage_error("the key and a file cannot both be standard input");
    reads_stdin |= f == "-";
  }

  std::optional<hmac::Hmac<sha256::Digest>> mac;
  std::size_t key_size = 0;  // for the message under a key not approved
  {
    SecretBytes key;
    if (!read_key(*key_path, key)) return 1;
    try {
      key_size = key.bytes().size();
      mac.emplace(key.bytes());
    } catch (const fipsmod::error& e) {
      if (e.status() != FIPSMOD_ERR_NOT_APPROVED) throw;
      report(kProgram, "a key of " + std::to_string(key.bytes().size()) + " bytes is not approved for HMAC (at least " +
                           std::to_string(hmac::min_approved_key_size) + " bytes; FIPSMOD_MODE=only)");
      return 1;
    }
  }  // the key's bytes are zeroised here; the HMAC keeps only its pads' states

  std::vector<std::uint8_t> chunk(kChunkSize);
  bool ok = true;
  bool said_not_approved = false;
  for (const std::string& name : files) {
    int error = 0;
    auto file = InputFile::open(name, error);
    if (!file) {
      report(kProgram, quote(name) + ": " + std::strerror(error));
      ok = false;
      continue;
    }
    mac->reset();
    bool read_ok = true;
    for (;;) {
      const long n = file->read(chunk);
      if (n == 0) break;
      if (n < 0) {
        const int read_error = errno;  // before quote(), which may change it
        report(kProgram, quote(name) + ": " + std::strerror(read_error));
        read_ok = false;
        break;
      }
      mac->update(std::span<const std::uint8_t>(chunk).first(static_cast<std::size_t>(n)));
    }
    if (!read_ok) {
      ok = false;
      continue;
    }
    const auto sum = mac->sum();
    // The module's approved-service indicator says whether the MAC just
    // computed was an approved service (the key decides; the module holds
    // the rule). Not approved: said once, before the first line, as the
    // indicator says it to a C caller.
    if (!said_not_approved && service_indicator() != Indicator::approved) {
      said_not_approved = true;
      report(kProgram, "warning: HMAC-SHA-256 under a key of " + std::to_string(key_size) +
                           (key_size == 1 ? " byte" : " bytes") +
                           " is not an approved service (approved keys have at least " +
                           std::to_string(hmac::min_approved_key_size) + " bytes)");
    }
    // The whole line at once, only for a file read to its end.
    const std::string line = format_line(sum, name, {}, kSha256);
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  mac.reset();  // the destructor zeroises the key-derived state
  int error = 0;
  if (reads_stdin && !close_stdin(error)) {
    report(kProgram, std::string("standard input: ") + std::strerror(error));
    return 1;
  }
  return ok ? 0 : 1;
}

}  // namespace fipsmod::cli
