// The lanes differential target, written once for every hash with lanes
// kernels (md5_lanes_differential, sha256_lanes_differential): every
// usable lanes kernel of H, through the dispatcher, against the generic
// single-stream kernel updating each computation alone. Every lane has its
// own length, offset and starting partial block; some computations are
// named twice.
//
// Input: the number of computations (1 byte, mod 80, plus 1), the dispatcher
// rule (1 byte: even, the lanes kernel alone to the last lane; odd, the
// module's rule: the chain from the kernel down its list, lanes::KernelChain,
// each kernel while its threshold of lanes have data, then each
// computation's single-stream kernel; from the selected kernel this is the
// services' path, and from every other usable one it reaches the fallbacks
// a CPU that selects that one takes), then for each computation a head length (1 byte, mod 64: bytes it
// took before), a length (2 bytes, mod 1100: up to 17 blocks, enough for
// a lane to outlast others by many calls while an input stays cheap under
// qemu), an offset (1 byte, mod 64) and whether it takes a second update
// (1 byte, odd); then the message bytes, read in turn from the rest of the
// input (zeros past its end).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/lanes.hpp"
#include "fuzz_input.hpp"

namespace fipsmod::fuzz {

template <class H>
int lanes_differential(const internal::KernelList<internal::lanes::KernelOf<H>>& lanes, const std::uint8_t* data,
                       std::size_t size) {
  using Running = internal::hash::Running<H>;
  using Job = internal::lanes::Job<H>;
  using Hash = internal::hash::OnKernel<H>;
  struct Plan {
    std::size_t head, length, offset;
    bool twice;
  };
  module_must_work(data, size);
  Input in(data, size);
  const std::size_t count = in.byte() % 80 + 1;
  const bool chain = in.byte() % 2 == 1;
  std::vector<Plan> plans(count);
  for (Plan& p : plans) p = {in.byte() % 64u, in.u16() % 1100u, in.byte() % 64u, in.byte() % 2 == 1};
  const auto rest = in.rest();
  std::size_t at = 0;
  const auto next_byte = [&] { return at < rest.size() ? rest[at++] : std::uint8_t{0}; };
  std::vector<std::vector<std::uint8_t>> heads(count), buffers(count);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t b = 0; b < plans[i].head; ++b) heads[i].push_back(next_byte());
    buffers[i].resize(plans[i].offset + plans[i].length);
    for (std::size_t b = plans[i].offset; b < buffers[i].size(); ++b) buffers[i][b] = next_byte();
  }
  const auto message = [&](std::size_t i) { return std::span(buffers[i]).subspan(plans[i].offset); };

  const auto& oracle = H::kernels().selected();
  for (const auto* k : lanes.usable()) {
    std::vector<Running> many(count), alone(count);
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < count; ++i) {
      Hash d(oracle);
      d.update(heads[i]);
      many[i] = alone[i] = d.running();
      jobs.push_back({&many[i], message(i)});
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (plans[i].twice) jobs.push_back({&many[i], message(count - 1 - i)});
    }
    if (chain) {
      internal::lanes::absorb_many<H>(std::span<const Job>(jobs), internal::lanes::KernelChain<H>(lanes, *k));
    } else {
      internal::lanes::absorb_many<H>(std::span<const Job>(jobs), *k, 1);
    }
    for (std::size_t i = 0; i < count; ++i) {
      Hash d(oracle);
      d.running() = alone[i];
      d.update(message(i));
      if (plans[i].twice) d.update(message(count - 1 - i));
      Hash got(oracle);
      got.running() = many[i];
      if (got.sum() != d.sum() || many[i].c.len != d.running().c.len) {
        differ(std::string("lanes kernel ") + k->name + ", computation " + std::to_string(i) + " of " +
                   std::to_string(count) + ": not what updating it alone gives",
               data, size);
      }
    }
  }
  return 0;
}

}  // namespace fipsmod::fuzz
