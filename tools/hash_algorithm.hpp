// The hashes the checksum commands (md5sum, sha256sum, sha224sum, sha384sum,
// sha512sum) compute,
// each described by what the one shared implementation needs: the name that
// coreutils uses in --tag lines and messages, the digest size, and a
// function that hashes a stream.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace fipsmod::cli {

// A digest of any of the algorithms: the first `size` bytes.
struct HashSum {
  static constexpr std::size_t kMaxSize = 64;  // SHA-512's
  std::array<std::uint8_t, kMaxSize> bytes{};
  std::size_t size = 0;
  operator std::span<const std::uint8_t>() const { return std::span(bytes).first(size); }
};

// The next chunk of a stream: empty at its end, nullopt on a read error
// (with errno set).
using NextChunk = std::function<std::optional<std::span<const std::uint8_t>>()>;

// Where one call to HashSet::update puts data: hash `index` takes `data`.
struct HashSetUpdate {
  std::size_t index;
  std::span<const std::uint8_t> data;
};

// `count` running hashes of one algorithm that one thread updates together:
// for MD5, SHA-256 and SHA-224, through their update_many (many streams in
// the lanes of one kernel call); for the others, one after another.
class HashSet {
 public:
  virtual ~HashSet() = default;
  // Starts hash `index` again, empty.
  virtual void reset(std::size_t index) = 0;
  // Each update's hash takes its data, in list order.
  virtual void update(std::span<const HashSetUpdate> updates) = 0;
  // The digest of what hash `index` took since its reset.
  [[nodiscard]] virtual HashSum sum(std::size_t index) const = 0;
};

struct HashAlgorithm {
  std::string_view name;     // "MD5": --tag lines, the tag --check accepts, "improperly formatted MD5 ..."
  std::string_view command;  // "md5sum": the subcommand and the GNU program it stands in for
  std::size_t size;          // digest bytes; --check wants exactly 2 * size hex digits
  // Hashes every chunk `next` returns, up to the end of the stream; nullopt
  // as soon as `next` reports a read error.
  std::optional<HashSum> (*hash)(const NextChunk& next);
  // How many files one thread is worth hashing at once: the most streams a
  // lanes kernel takes in one call (AVX-512: 32 for MD5, 16 for SHA-256), 1
  // without one.
  std::size_t lanes;
  // `count` running hashes, each empty.
  std::unique_ptr<HashSet> (*make_set)(std::size_t count);
};

extern const HashAlgorithm kMd5;
extern const HashAlgorithm kSha256;
extern const HashAlgorithm kSha224;
extern const HashAlgorithm kSha384;
extern const HashAlgorithm kSha512;

}  // namespace fipsmod::cli
