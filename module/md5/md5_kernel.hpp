// MD5 inside the module: its kernels and their registry, its entry in the
// algorithm table, and the checked layer both the C and the C++ API call.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <fipsmod/md5.hpp>

#include "../algorithm.hpp"
#include "../registry.hpp"
#include "../service.hpp"
#include "../status.hpp"

namespace fipsmod::md5 {

// Runs the MD5 compression function (RFC 1321 §3.4) over `blocks`
// consecutive 64-byte blocks at `data`, which may have any alignment,
// updating the four chaining words in `state`.
using BlockFn = void (*)(std::uint32_t state[4], const std::uint8_t* data, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  BlockFn block;
};

// Every MD5 kernel, best first; the generic one last.
const internal::KernelList<Kernel>& kernels() noexcept;
// The kernel this process uses, chosen once.
inline const Kernel& selected_kernel() noexcept { return kernels().selected(); }

extern const Kernel generic_kernel;

// The T table of RFC 1321 §3.4.
extern const std::array<std::uint32_t, 64> rfc1321_t;

// MD5's entry in the algorithm table (md5_kernels.cpp), with its
// known-answer self-test (md5_selftest.cpp).
extern const internal::Algorithm algorithm;
std::span<const internal::KnownAnswer> known_answers() noexcept;
std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input);

// MD5's services as the C and the C++ API share them. Each runs as a
// non-approved service (internal::run_service: one gate, the indicator,
// approved-only mode), returns a status and never throws; on error it
// changes and writes nothing. The C++ members throw what these return.
struct DigestAccess {
  using Status = internal::Status;
  static constexpr internal::Approval approval = internal::Approval::not_approved;

  static Status init(Running& r) noexcept;  // a fresh MD5 on the selected kernel
  static Status update(Running& r, std::span<const std::uint8_t> data) noexcept;
  static Status sum(const Running& r, Sum& out) noexcept;
  static Status marshal(const Running& r, State& out) noexcept;
  // Restores everything but r.kernel.
  static Status unmarshal(Running& r, std::span<const std::uint8_t> state) noexcept;
  static Status reset(Running& r) noexcept;
  static Status one_shot(std::span<const std::uint8_t> data, Sum& out) noexcept;

  static Running& running(Digest& d) noexcept { return d.r_; }
  // The same on a Digest's state.
  static Status update(Digest& d, std::span<const std::uint8_t> data) noexcept { return update(d.r_, data); }
  static Status sum(const Digest& d, Sum& out) noexcept { return sum(d.r_, out); }
  static Status marshal(const Digest& d, State& out) noexcept { return marshal(d.r_, out); }
  static Status unmarshal(Digest& d, std::span<const std::uint8_t> state) noexcept { return unmarshal(d.r_, state); }

  // Without the gate, for a caller that has passed it or runs before it
  // (the self-test), and for tests that compare kernels: a fresh state and
  // a digest on the given kernel, and the one-shot MD5 on it.
  static Running start(const Kernel& kernel) noexcept;
  static Digest on(const Kernel& kernel) noexcept { return Digest(start(kernel)); }
  static Sum unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept;
  // The first half of an update: adds data's length to r, tops up r's
  // partial block from it (hashing the block if it fills) and keeps the
  // tail past data's whole blocks in r's buffer. Returns the whole blocks,
  // which the caller hashes: update on r's kernel, the lanes dispatcher on
  // a lanes kernel.
  static std::span<const std::uint8_t> take(Running& r, std::span<const std::uint8_t> data) noexcept;
  // The digest of r so far (r unchanged).
  static Sum final_sum(const Running& r) noexcept;
  // The last one or two blocks of r's message, padded, in `tail`; returns
  // how many. The digest of chaining words s.
  static std::size_t padding(const Running& r, std::array<std::uint8_t, 2 * block_size>& tail) noexcept;
  static Sum digest_of(const std::array<std::uint32_t, 4>& s) noexcept;
  // Zeroises r, with stores the compiler keeps.
  static void wipe(Running& r) noexcept;
};

}  // namespace fipsmod::md5
