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

// What a running MD5 holds (internal: the C API's fipsmod_md5_ctx holds
// one, and a Digest wraps one).
struct Running {
  const Kernel* kernel;
  std::array<std::uint32_t, 4> s;
  std::uint64_t len;                         // bytes written, modulo 2^64
  std::array<std::uint8_t, block_size> buf;  // len % 64 bytes, then zeros
};

// A running MD5 computation. Copying a Digest clones the computation.
// update and sum never allocate. The destructor zeroises the state, and
// reset zeroises it before starting again. Every member but kernel() and
// the destructor is a service, and MD5 is not an approved one: each leaves
// fipsmod::service_indicator() at not_approved, and in approved-only mode
// throws fipsmod::error FIPSMOD_ERR_NOT_APPROVED. Once a self-test has
// failed (fipsmod::state() is ModuleState::error), each throws
// fipsmod::module_error and changes and writes nothing.
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
  // Restores a state saved by marshal (or by Go's MarshalBinary). Throws
  // fipsmod::error with FIPSMOD_ERR_HASH_STATE_ID, _SIZE or _PADDING
  // ("invalid hash state identifier", "... size", "... padding"); on error
  // the digest is unchanged.
  void unmarshal(std::span<const std::uint8_t> state);

  [[nodiscard]] const Kernel& kernel() const noexcept { return *r_.kernel; }

 private:
  friend struct DigestAccess;
  // Of a given state, without the module-state gate: the self-tests (which
  // run before the module may answer) and the tests that compare kernels
  // make digests through DigestAccess.
  FIPSMOD_LOCAL explicit Digest(const Running& r) noexcept : r_(r) {}

  Running r_;
};

// One-shot MD5 with the best kernel for this CPU. A service as Digest's
// members are: not approved, refused in approved-only mode.
FIPSMOD_API Sum sum(std::span<const std::uint8_t> data);
FIPSMOD_API Sum sum(std::string_view data);

// Many MD5 computations at once (docs/md5-lanes.md): where the CPU has a
// multi-buffer kernel, 4 to 64 of them go through one kernel call, and
// their throughput adds up. Each ends exactly as if updated alone; any mix
// of lengths. Services as above, one for the whole call; nothing is
// allocated, and on error nothing changes.
struct Update {
  Digest* digest;
  std::span<const std::uint8_t> data;
};
// Each update's digest takes its data, in list order (a digest named twice
// takes both, in that order). fipsmod::error FIPSMOD_ERR_NULL_ARGUMENT for
// a null digest.
FIPSMOD_API void update_many(std::span<const Update> updates);
// out[i] = sum(messages[i]); fipsmod::error FIPSMOD_ERR_DST_TOO_SHORT when
// out is shorter than messages.
FIPSMOD_API void sum_many(std::span<const std::span<const std::uint8_t>> messages, std::span<Sum> out);

}  // namespace fipsmod::md5
