// MD5 over many independent messages at once: the multi-buffer ("lanes")
// kernels, their registry and algorithm-table entry, and the dispatcher
// that feeds them whole blocks from many running MD5 computations
// (docs/md5-lanes.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "md5_kernel.hpp"
#include "md5_lanes_kat.hpp"

namespace fipsmod::md5 {

// Hashes `blocks` 64-byte blocks of each of width() messages. `state` holds
// the chaining words transposed: state[j * width + i] is word j (A, B, C, D)
// of lane i. Lane i reads data[i][0, 64 * blocks), at any alignment; several
// lanes may share a pointer. The same count of blocks for every lane.
using LanesFn = void (*)(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks);

struct LanesKernel : internal::KernelInfo {
  std::size_t (*width)() noexcept;  // lanes a call hashes, 1 to max_lanes
  LanesFn blocks;
  // The fewest busy lanes with which a call beats the single-stream kernel
  // hashing them one after another: a call costs about as much however
  // many lanes are busy, W / S blocks of the single-stream kernel, S the
  // kernel's speed-up at full width W (docs/md5-lanes.md).
  std::size_t pays_from = 3;
};

// Every lanes kernel, best first; generic last: one lane, the selected
// single-stream kernel.
const internal::KernelList<LanesKernel>& lanes_kernels() noexcept;
extern const LanesKernel generic_lanes_kernel;

// One computation the dispatcher feeds: `r` takes `data` as if by
// DigestAccess::update alone.
struct LaneJob {
  Running* r;
  std::span<const std::uint8_t> data;
};

// A list as the API holds it (a C array of items, C++ spans): element i of
// `size`, read through `at`, without copying the list.
template <class T>
struct Indexed {
  std::size_t size;
  T (*at)(const void* self, std::size_t i) noexcept;
  const void* self;
};
using LaneJobs = Indexed<LaneJob>;
using Messages = Indexed<std::span<const std::uint8_t>>;

// Feeds every job through `kernel`, without the gate, each computation as
// if updated alone, in list order (a computation named twice takes its data
// in that order). While at least `min_active` lanes of a kernel call have
// data, the lanes kernel runs; below that the rest goes through each
// computation's own single-stream kernel, which is faster for a few lanes.
// min_active 0 picks the kernel's own threshold (pays_from, or the width if
// smaller). Nothing is allocated.
void absorb_many(const LaneJobs& jobs, const LanesKernel& kernel, std::size_t min_active = 0) noexcept;
void absorb_many(std::span<const LaneJob> jobs, const LanesKernel& kernel, std::size_t min_active = 0) noexcept;

// out[i] = MD5 of message i, every message, through `kernel` (the padded
// last blocks too), without the gate; min_active as for absorb_many (1: the
// lanes kernel hashes every block, as the known answers need).
void sum_many_on(const LanesKernel& kernel, const Messages& messages, Sum* out, std::size_t min_active = 0) noexcept;

// The lanes' entry in the algorithm table ("md5_lanes", self-tests
// "MD5-lanes/<kernel>") and its known answers: a kernel hashes
// lanes_kat_messages messages of the input at once with sum_many_on
// (md5_lanes_kat.hpp: one for each lane of the widest kernel, each of whole
// blocks and a partial one); the answer is their digests, one after another.
extern const internal::Algorithm lanes_algorithm;
std::span<const internal::KnownAnswer> lanes_known_answers() noexcept;
std::vector<std::uint8_t> lanes_known_answer_computation(const internal::KernelInfo& kernel,
                                                         std::span<const std::uint8_t> input);
// The computation on `kernel` itself, which need not be in the list (a
// test records what each lane is given); empty if the input is too short.
std::vector<std::uint8_t> lanes_known_answer_on(const LanesKernel& kernel, std::span<const std::uint8_t> input);

// The services on many computations (md5_lanes.cpp), MD5's non-approved
// approval, one gate for the whole call; nothing changes on error.
struct LanesAccess {
  using Status = internal::Status;
  // absorb_many on the selected lanes kernel, as one service.
  static Status update_many(const LaneJobs& jobs) noexcept;
  // out[i] = MD5(message i), for every message; out holds messages.size.
  static Status sum_many(const Messages& messages, Sum* out) noexcept;
};

}  // namespace fipsmod::md5
