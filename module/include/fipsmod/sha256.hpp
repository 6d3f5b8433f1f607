// fipsmod::sha256: SHA-256 and SHA-224 (FIPS 180-4), approved hash
// functions. SHA-224 is SHA-256 with other initial values and the digest
// cut to 28 bytes; both run on the same kernel.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/export.h>
#include <fipsmod/module.hpp>

namespace fipsmod::sha256 {

struct Kernel;        // an implementation of the block function (see the registry)
struct DigestAccess;  // internal

inline constexpr std::size_t size = 32;
inline constexpr std::size_t size224 = 28;
inline constexpr std::size_t block_size = 64;
// Size of a saved state; the layout is Go's crypto/sha256 MarshalBinary.
inline constexpr std::size_t marshaled_size = 108;

using Sum = std::array<std::uint8_t, size>;
using Sum224 = std::array<std::uint8_t, size224>;
using State = std::array<std::uint8_t, marshaled_size>;

// What a running SHA-256 or SHA-224 holds besides its kernel.
struct Chain {
  std::array<std::uint32_t, 8> h;
  std::uint64_t len;                          // bytes written, modulo 2^64
  std::array<std::uint8_t, block_size> buf;   // len % 64 bytes, then zeros
};

// What a running SHA-256 or SHA-224 holds (internal: the C API's contexts
// hold one, and a Digest or Digest224 wraps one).
struct Running {
  const Kernel* kernel;
  Chain c;
};

// A running SHA-256 (Digest) or SHA-224 (Digest224) computation. Copying
// one clones the computation. update and sum never allocate. The
// destructor zeroises the state, and reset zeroises it before starting
// again. Every member but kernel() and the destructor is an approved
// service: each sets fipsmod::service_indicator() to approved when it
// succeeds. Once a self-test has failed it throws fipsmod::module_error and
// changes and writes nothing.
class FIPSMOD_API Digest {
 public:
  // Uses the best kernel for this CPU.
  Digest();
  Digest(const Digest&) = default;
  Digest& operator=(const Digest&) = default;
  ~Digest();

  void update(std::span<const std::uint8_t> data);
  void update(std::string_view data);
  // The digest of everything written so far; the state is unchanged.
  [[nodiscard]] Sum sum() const;
  void reset();

  [[nodiscard]] State marshal() const;
  // Restores a state saved by marshal (or by Go's MarshalBinary of a
  // SHA-256). Throws fipsmod::error with FIPSMOD_ERR_HASH_STATE_ID, _SIZE or
  // _PADDING; on error the digest is unchanged. A SHA-224 state is refused
  // as a wrong identifier.
  void unmarshal(std::span<const std::uint8_t> state);

  [[nodiscard]] const Kernel& kernel() const noexcept { return *r_.kernel; }

 private:
  friend struct DigestAccess;
  FIPSMOD_LOCAL explicit Digest(const Running& r) noexcept : r_(r) {}

  Running r_;
};

class FIPSMOD_API Digest224 {
 public:
  Digest224();
  Digest224(const Digest224&) = default;
  Digest224& operator=(const Digest224&) = default;
  ~Digest224();

  void update(std::span<const std::uint8_t> data);
  void update(std::string_view data);
  [[nodiscard]] Sum224 sum() const;
  void reset();

  [[nodiscard]] State marshal() const;
  // As Digest::unmarshal, for states of a SHA-224 ("sha\x02").
  void unmarshal(std::span<const std::uint8_t> state);

  [[nodiscard]] const Kernel& kernel() const noexcept { return *r_.kernel; }

 private:
  friend struct DigestAccess;
  FIPSMOD_LOCAL explicit Digest224(const Running& r) noexcept : r_(r) {}

  Running r_;
};

// One-shot SHA-256 and SHA-224 with the best kernel for this CPU, approved
// services as Digest's members are. Throw fipsmod::module_error once a
// self-test has failed.
FIPSMOD_API Sum sum(std::span<const std::uint8_t> data);
FIPSMOD_API Sum sum(std::string_view data);
FIPSMOD_API Sum224 sum224(std::span<const std::uint8_t> data);
FIPSMOD_API Sum224 sum224(std::string_view data);

}  // namespace fipsmod::sha256
