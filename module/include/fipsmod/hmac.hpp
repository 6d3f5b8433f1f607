// fipsmod::hmac: HMAC (FIPS 198-1) over SHA-256 and SHA-224, an approved
// message authentication code.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include <fipsmod/export.h>
#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>

namespace fipsmod::hmac {

struct HmacAccess;  // internal

// The shortest key for which HMAC is an approved service: 112 bits
// (NIST SP 800-131A). A shorter key (even an empty one) still computes the
// MAC, as a non-approved service.
inline constexpr std::size_t min_approved_key_size = 14;

// Everything a keyed HMAC holds, all of it derived from the key: the hash
// states after the key xor ipad block and after the key xor opad block,
// and the running inner hash. The key itself is not kept.
struct Keyed {
  const sha256::Kernel* kernel;
  std::array<std::uint32_t, 8> inner_start, outer_start;
  sha256::Chain inner;
  bool approved_key;  // the key had at least min_approved_key_size bytes
};

// A running HMAC with Hash (sha256::Digest or sha256::Digest224), keyed
// with a key of any length (one longer than the 64-byte block is hashed
// first, FIPS 198-1 §4 step 2). The destructor zeroises everything the
// object holds, with stores the compiler cannot drop. Copying clones the
// computation (and its key-derived state). Every member is a service: once
// a self-test has failed it throws fipsmod::module_error and changes and
// writes nothing. Under a key of at least min_approved_key_size bytes every
// member is an approved service (fipsmod::service_indicator() is approved
// after it); under a shorter one none is, and in approved-only mode the
// constructor throws fipsmod::error FIPSMOD_ERR_NOT_APPROVED.
template <class Hash>
class FIPSMOD_API Hmac {
 public:
  using Mac = decltype(std::declval<const Hash&>().sum());

  explicit Hmac(std::span<const std::uint8_t> key);
  explicit Hmac(std::string_view key);
  Hmac(const Hmac&) = default;
  Hmac& operator=(const Hmac&) = default;
  ~Hmac();

  void update(std::span<const std::uint8_t> data);
  void update(std::string_view data);
  // The MAC of everything written since keying or reset; the state is
  // unchanged.
  [[nodiscard]] Mac sum() const;
  // Starts a new message under the same key (Go's Reset).
  void reset();

 private:
  friend struct HmacAccess;
  FIPSMOD_LOCAL Hmac() noexcept = default;

  Keyed k_;
};

extern template class Hmac<sha256::Digest>;
extern template class Hmac<sha256::Digest224>;
using HmacSha256 = Hmac<sha256::Digest>;
using HmacSha224 = Hmac<sha256::Digest224>;

// One-shot HMAC-SHA-256 and HMAC-SHA-224 of data under key; nothing of the
// key is left in the module's memory afterwards. Approved services under a
// key of at least min_approved_key_size bytes, as for Hmac. Throw
// fipsmod::module_error once a self-test has failed.
FIPSMOD_API sha256::Sum sum_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data);
FIPSMOD_API sha256::Sum224 sum_sha224(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data);

}  // namespace fipsmod::hmac
