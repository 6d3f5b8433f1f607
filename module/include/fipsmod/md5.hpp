// fipsmod::md5: the MD5 message digest (RFC 1321).
//
// MD5 is broken for collision resistance; use it for checksums, ETags and
// protocols that require it, not for signatures.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/export.h>
#include <fipsmod/module.hpp>

namespace fipsmod::md5 {

struct Kernel;        // an implementation of the block function (see the registry)
struct DigestAccess;  // internal

inline constexpr std::size_t size = 16;
inline constexpr std::size_t block_size = 64;
// Size of a saved state; the layout is Go's crypto/md5 MarshalBinary.
inline constexpr std::size_t marshaled_size = 92;

using Sum = std::array<std::uint8_t, size>;
using State = std::array<std::uint8_t, marshaled_size>;

// A running MD5 computation. Copying a Digest clones the computation.
// update and sum never allocate. Every member but kernel() is a service:
// once a self-test has failed (fipsmod::state() is ModuleState::error), it
// throws fipsmod::module_error and changes and writes nothing.
class FIPSMOD_API Digest {
 public:
  // Uses the best kernel for this CPU.
  Digest();

  void update(std::span<const std::uint8_t> data);
  void update(std::string_view data);
  // The digest of everything written so far; the state is unchanged.
  [[nodiscard]] Sum sum() const;
  void reset();

  [[nodiscard]] State marshal() const;
  // Restores a state saved by marshal (or by Go's MarshalBinary). Throws
  // fipsmod::error with FIPSMOD_ERR_HASH_STATE_ID, _SIZE or _PADDING
  // ("invalid hash state identifier", "... size", "... padding"); on error
  // the digest is unchanged.
  void unmarshal(std::span<const std::uint8_t> state);

  [[nodiscard]] const Kernel& kernel() const noexcept { return *kernel_; }

 private:
  friend struct DigestAccess;
  // On a given kernel, without the module-state gate: the self-tests (which
  // run before the module may answer) and the tests that compare kernels
  // make digests through DigestAccess.
  FIPSMOD_LOCAL explicit Digest(const Kernel& kernel) noexcept;
  FIPSMOD_LOCAL void absorb(std::span<const std::uint8_t> data) noexcept;
  [[nodiscard]] FIPSMOD_LOCAL Sum finish() const noexcept;

  const Kernel* kernel_;
  std::array<std::uint32_t, 4> s_;
  std::uint64_t len_;  // bytes written, modulo 2^64
  std::array<std::uint8_t, block_size> buf_;  // len_ % 64 bytes, then zeros
};

// One-shot MD5 with the best kernel for this CPU. Throws
// fipsmod::module_error once a self-test has failed.
FIPSMOD_API Sum sum(std::span<const std::uint8_t> data);
FIPSMOD_API Sum sum(std::string_view data);

}  // namespace fipsmod::md5
