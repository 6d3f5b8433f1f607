// The module's own DRBG (docs/random.md) as the rest of the module sees it:
// random bytes for the random service and for the nonces the module makes
// (random-nonce AES-GCM), and what `fipsmod info` shows. Not a service:
// the callers are services and decide their own approval.
//
// One parent CTR_DRBG (AES-256, derivation function), behind a lock, seeded
// from the entropy source (module/entropy) with getrandom(2) output as
// uncredited personalisation and additional input; one child CTR_DRBG per
// thread (thread_local, no lock on the way to the bytes), seeded from the
// parent's output and getrandom (SP 800-90C chaining), reseeded from the
// parent every child_reseed_interval requests. A request with prediction
// resistance reseeds the calling thread's DRBG from the entropy source
// first. A forked child never repeats its parent's output: every instance
// notes the process's fork generation when it is seeded, and a fork
// (MADV_WIPEONFORK on the generation page, pthread_atfork besides) makes
// both the parent and the thread's DRBG reseed before their next output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/package.hpp"
#include "core/service.hpp"
#include "core/status.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::drbg::process {

// The reseed policy (far inside SP 800-90A's 2^48 requests for AES-256):
// a thread's DRBG reseeds from the parent at the first call after 4096
// requests (64 KiB each at most) since its last (re)seed; the parent
// reseeds from the entropy source before serving the 1025th seed or
// reseed of a thread since its own. So at most 2^12 requests (2^28 bytes)
// come from one child seed, at most 2^22 requests from one entropy seed.
inline constexpr std::uint64_t child_reseed_interval = 4096;
inline constexpr std::uint64_t parent_reseed_interval = 1024;

// The random service, with or without additional input or prediction
// resistance, is approved (SP 800-90A CTR_DRBG over an SP 800-90B source).
inline constexpr internal::Approval approval = internal::Approval::approved;

// The requests one call is split into: SP 800-90A's 2^19 bits.
inline constexpr std::size_t max_request = std::size_t{1} << 16;

// Fills `out` (any length) from the calling thread's DRBG: the additional
// input (less than 2^32 bytes) goes into the first request of the call; with
// prediction_resistance, the thread's DRBG is reseeded from the entropy
// source before. Every seed and reseed a call needs happens before the
// first byte is written: ok, or entropy_source (a health test of the
// entropy source failed) or invalid_argument (additional input too long,
// refused before any seed or reseed) with nothing written. The first call in the process runs the entropy
// source's start-up test (entropy::seed).
internal::Status generate(std::span<std::uint8_t> out, std::span<const std::uint8_t> additional = {},
                          bool prediction_resistance = false) noexcept;

struct Info {
  bool thread_seeded;               // the calling thread's DRBG
  std::uint64_t thread_reseeds;     // its reseeds (from the parent or the entropy source)
  std::uint64_t thread_requests;    // its requests since its last (re)seed
  bool parent_seeded;
  std::uint64_t parent_reseeds;     // the parent's reseeds from the entropy source
  std::uint64_t parent_requests;    // the seeds and reseeds it served since its last (re)seed
  std::uint64_t fork_generation;    // forks detected in this process's line (0 in the first)
  bool fork_detection_armed;        // the detectors are set up (at the first request)
  bool wipe_on_fork;                // and MADV_WIPEONFORK guards the generation page
};
// Reads the calling thread's and the parent's counters; seeds and maps
// nothing.
Info info() noexcept;

// The random service's row of the service list (the drbg package's
// describe adds it).
void describe_services(internal::PackageBuilder& out);

// Test hooks (not in the C API). The reseed intervals, lowered so a test
// reaches them in a few calls (0 restores the policy above); whether each
// fork detector is in use (both are by default), so that each is tested
// alone; and how many thread DRBGs have been cleansed at their thread's end.
void set_reseed_intervals_for_testing(std::uint64_t child, std::uint64_t parent) noexcept;
void set_fork_detection_for_testing(bool wipe_on_fork, bool at_fork) noexcept;
std::uint64_t threads_cleansed_for_testing() noexcept;
// Unseeds the parent and the calling thread's DRBG (zeroised), so that the
// next request seeds both again: the first-seed benchmark's way to a fresh
// DRBG (with entropy::reset_for_testing, a fresh source too).
void reset_for_testing() noexcept;

}  // namespace fipsmod::drbg::process

#pragma GCC visibility pop
