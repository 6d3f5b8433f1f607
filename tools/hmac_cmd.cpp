// fipsmod hmac: the HMAC of files over a SHA-2 hash (-a: SHA-224, SHA-256,
// SHA-384 or SHA-512; SHA-256 by default), under a key read from a file.
// The key lives only in memory this command owns and wipes (KeyBytes), in
// the module's hash and HMAC objects, whose destructors wipe their own
// state, never in a core dump; a signal wipes them all before the process
// dies of it (secret_memory.hpp).
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
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
#include "secret_memory.hpp"
#include "streams.hpp"
#include "value_option.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod hmac";

constexpr const char* kUsage = R"(Usage: fipsmod hmac [-a ALGORITHM] -k KEYFILE [--] FILE...
Print the HMAC (FIPS 198-1) of each FILE, over the hash ALGORITHM (SHA-256
unless -a says otherwise), under the key held in KEYFILE: its bytes exactly
as they are, of any length (a trailing newline is part of the key). A FILE
of - is standard input; so is a KEYFILE of -, but not both.

Each FILE gives one line, "<64 hex digits>  <name>", the format of
sha256sum (with -a, of that hash's program: 56 hex digits as sha224sum, 96
as sha384sum, 128 as sha512sum); a name holding a backslash, newline or
carriage return is escaped as sha256sum escapes it (the line then starts
with '\'). A FILE that cannot be read gets a message on standard error and
no line, and the others are still done.

  -a, --algorithm ALGORITHM  the hash: sha224, sha256 (the default), sha384
                             or sha512, named exactly
  -k, --key KEYFILE          read the key from KEYFILE
      --help                 display this help and exit
      --                     end of options: the arguments after it are FILEs

The key is read 64 KiB at a time into memory that is zeroised once the HMAC
is keyed; a longer key is hashed as it is read, with ALGORITHM (HMAC keys
with the hash of a key longer than its block: 64 bytes for SHA-224 and
SHA-256, 128 for SHA-384 and SHA-512), so a key of any length takes little
memory. The HMAC's own state is zeroised when it is destroyed. Before the
key is read, core dumps are turned off for good (a core file size limit of
0 and a process that is not dumpable); SIGHUP, SIGINT, SIGQUIT or SIGTERM
zeroises the key and the HMAC's state, then ends the command as it would
have.

HMAC is an approved service for a key of at least 14 bytes, over every
ALGORITHM. Under a shorter key (an empty one included) the MACs are still
printed, and one line on standard error says that it is not an approved
service, once, whatever the number of FILEs; the exit status is unchanged.
Under FIPSMOD_MODE=only a shorter key is refused (exit 1, nothing on
standard output).

Exit status: 0 when every FILE was read; 1 when the key or a FILE could not
be read, or memory ran out ("memory exhausted"); 2 for a usage error (no
-k, no FILE, an unknown option or ALGORITHM).
)";

// A key is read kKeyChunk bytes at a time. One that fits is used as it is;
// a longer one is hashed while it is read, and the HMAC is keyed with its
// digest: FIPS 198-1 keys with K0 = H(K) for a key longer than the hash's
// block, and H(K) (shorter than the block, padded with zeros to it) is that
// K0 again, so the MAC is the same. At most kKeyChunk bytes of the key are
// in memory at once, whatever its length.
constexpr std::size_t kKeyChunk = std::size_t{64} << 10;

// The key's bytes as read, and the digest of a long one; zeroised when
// destroyed.
template <class Digest>
struct KeyBytes {
  std::array<std::uint8_t, kKeyChunk> buffer;
  typename Digest::Sum digest;
  ~KeyBytes() { wipe_secret(this, sizeof *this); }
};

// Reads the key file and keys `mac` with it (which may throw fipsmod::error
// FIPSMOD_ERR_NOT_APPROVED); false after reporting why. key_size is the
// length of the file's key. Digest is the hash of the HMAC.
template <class Digest>
bool key_from_file(const std::string& path, std::optional<hmac::Hmac<Digest>>& mac, std::uint64_t& key_size) {
  // Only a key longer than the block is hashed, and one that fills the
  // buffer is.
  static_assert(kKeyChunk > Digest::block_size);
  // The module judges a keying by the length of the key it is given: the
  // digest of a long key must be approved as the long key is (any key
  // longer than the block is), so the digest must be no shorter than the
  // shortest approved key.
  static_assert(Digest::size >= hmac::min_approved_key_size);
  int error = 0;
  auto file = InputFile::open(path, error);
  if (!file) {
    report(kProgram, quote(path) + ": " + std::strerror(error));
    return false;
  }
  Secret<KeyBytes<Digest>> key;
  KeyBytes<Digest>& bytes = key.value.emplace();
  Secret<Digest> long_key;  // a key longer than the buffer, hashed
  std::size_t held = 0;     // bytes of the buffer not yet hashed
  key_size = 0;
  for (;;) {
    const long n = file->read(std::span(bytes.buffer).subspan(held));
    if (n == 0) break;
    if (n < 0) {
      const int read_error = errno;  // before quote(), which may change it
      report(kProgram, quote(path) + ": " + std::strerror(read_error));
      return false;
    }
    held += static_cast<std::size_t>(n);
    key_size += static_cast<std::uint64_t>(n);
    if (held == bytes.buffer.size()) {
      if (!long_key.value) long_key.value.emplace();
      long_key.value->update(bytes.buffer);
      held = 0;
    }
  }
  std::span<const std::uint8_t> k = std::span(bytes.buffer).first(held);
  if (long_key.value) {
    long_key.value->update(k);
    // Straight into the buffer that is wiped: Digest::sum() would leave a
    // copy in a temporary.
    detail::check(Digest::Api::sum(long_key.value->native(), bytes.digest.data()));
    k = bytes.digest;
  }
  mac.emplace(k);
  return true;
}  // the key's bytes and the state of its hash are zeroised here

// The hashes -a names: the name, the service as the module names it, and
// the line format (that of the hash's coreutils program).
struct MacAlgorithm {
  std::string_view name;
  std::string_view service;
  const HashAlgorithm& lines;
};

struct Options {
  std::string key_path;
  std::vector<std::string> files;
  bool reads_stdin;
};

// The MACs of every file under the key, with the hash Digest.
template <class Digest>
int mac_files(const Options& options, const MacAlgorithm& algorithm) {
  // No core dump from here on, and a signal zeroises the key first.
  if (!protect_secrets()) {
    report(kProgram, std::string("cannot keep the key out of core dumps: ") + std::strerror(errno));
    return 1;
  }
  using Mac = hmac::Hmac<Digest>;
  Secret<Mac> mac;             // the HMAC keeps only its pads' states
  std::uint64_t key_size = 0;  // for the message under a key not approved
  try {
    if (!key_from_file<Digest>(options.key_path, mac.value, key_size)) return 1;
  } catch (const fipsmod::error& e) {
    if (e.status() != FIPSMOD_ERR_NOT_APPROVED) throw;
    report(kProgram, "a key of " + std::to_string(key_size) + " bytes is not approved for HMAC (at least " +
                         std::to_string(hmac::min_approved_key_size) + " bytes; FIPSMOD_MODE=only)");
    return 1;
  }

  std::vector<std::uint8_t> chunk(kChunkSize);
  bool ok = true;
  bool said_not_approved = false;
  for (const std::string& name : options.files) {
    int error = 0;
    auto file = InputFile::open(name, error);
    if (!file) {
      report(kProgram, quote(name) + ": " + std::strerror(error));
      ok = false;
      continue;
    }
    mac.value->reset();
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
      mac.value->update(std::span<const std::uint8_t>(chunk).first(static_cast<std::size_t>(n)));
    }
    if (!read_ok) {
      ok = false;
      continue;
    }
    const auto sum = mac.value->sum();
    // The module's approved-service indicator says whether the MAC just
    // computed was an approved service (the key decides; the module holds
    // the rule). Not approved: said once, before the first line, as the
    // indicator says it to a C caller.
    if (!said_not_approved && service_indicator() != Indicator::approved) {
      said_not_approved = true;
      report(kProgram, "warning: " + std::string(algorithm.service) + " under a key of " + std::to_string(key_size) +
                           (key_size == 1 ? " byte" : " bytes") +
                           " is not an approved service (approved keys have at least " +
                           std::to_string(hmac::min_approved_key_size) + " bytes)");
    }
    // The whole line at once, only for a file read to its end.
    const std::string line = format_line(sum, name, {}, algorithm.lines);
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  mac.value.reset();  // the destructor zeroises the key-derived state
  int error = 0;
  if (options.reads_stdin && !close_stdin(error)) {
    report(kProgram, std::string("standard input: ") + std::strerror(error));
    return 1;
  }
  return ok ? 0 : 1;
}

// What -a takes, in the order --help and the usage error list them.
const MacAlgorithm kAlgorithms[] = {
    {"sha224", "HMAC-SHA-224", kSha224},
    {"sha256", "HMAC-SHA-256", kSha256},
    {"sha384", "HMAC-SHA-384", kSha384},
    {"sha512", "HMAC-SHA-512", kSha512},
};

// An -a that names no hash, worded as coreutils' argmatch words it (cksum
// -a), with the status of every usage error here.
int invalid_algorithm(const std::string& name) {
  std::string message = "invalid argument " + quote_argument(name) + " for '--algorithm'\nValid arguments are:";
  for (const MacAlgorithm& a : kAlgorithms) message += "\n  - '" + std::string(a.name) + "'";
  return report_usage_error(kProgram, UsageError{message, true});
}

int run(int argc, char** argv) {
  int exit_status = 0;
  const auto started = start_command(kProgram, kUsage, argc, argv,
                                     {{'k', "key", "a key file name"}, {'a', "algorithm", "a hash name"}}, exit_status);
  if (!started) return exit_status;
  const CommandLine& command = *started;
  const std::optional<std::string>& key_path = command.values[0];
  const std::string algorithm_name = command.values[1].value_or("sha256");
  const MacAlgorithm* algorithm = nullptr;
  for (const MacAlgorithm& a : kAlgorithms) {
    if (a.name == algorithm_name) algorithm = &a;
  }
  if (algorithm == nullptr) return invalid_algorithm(algorithm_name);
  const std::vector<std::string>& files = command.operands;
  if (!key_path) return report_usage_error(kProgram, "missing key file (-k KEYFILE)");
  if (key_path->empty()) return report_usage_error(kProgram, "empty key file name");
  if (files.empty()) return report_usage_error(kProgram, "missing file operand");
  bool reads_stdin = *key_path == "-";
  for (const std::string& f : files) {
    if (f == "-" && *key_path == "-") {
      return report_usage_error(kProgram, "the key and a file cannot both be standard input");
    }
    reads_stdin |= f == "-";
  }
  const Options options{*key_path, files, reads_stdin};
  if (algorithm->name == "sha224") return mac_files<sha224::Digest>(options, *algorithm);
  if (algorithm->name == "sha384") return mac_files<sha384::Digest>(options, *algorithm);
  if (algorithm->name == "sha512") return mac_files<sha512::Digest>(options, *algorithm);
  return mac_files<sha256::Digest>(options, *algorithm);
}

}  // namespace

int hmac_main(int argc, char** argv) {
  // Out of memory ends in main (tools/main.cpp): "memory exhausted" and
  // exit 1, the key zeroised by the unwinding, or by the cleanup when the
  // runtime has no room to throw (secret_memory.hpp).
  return run(argc, argv);
}

}  // namespace fipsmod::cli
