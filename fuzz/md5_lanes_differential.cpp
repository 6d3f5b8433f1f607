// md5_lanes_differential: every usable MD5 lanes kernel, through the
// dispatcher, against the generic single-stream kernel updating each
// computation alone. Every lane has its own length, offset and starting
// partial block; some computations are named twice.
//
// Input: the number of computations (1 byte, mod 80, plus 1), the dispatcher
// rule (1 byte: even, the lanes kernel to the last lane; odd, the default
// rule), then for each computation a head length (1 byte, mod 64: bytes it
// took before), a length (2 bytes, mod 4200), an offset (1 byte, mod 64)
// and whether it takes a second update (1 byte, odd); then the message
// bytes, read in turn from the rest of the input (zeros past its end).
#include <vector>

#include "fuzz_input.hpp"
#include "md5/md5_lanes.hpp"

namespace {

using fipsmod::md5::Digest;
using fipsmod::md5::DigestAccess;
using fipsmod::md5::LaneJob;
using fipsmod::md5::LanesKernel;
using fipsmod::md5::Running;

struct Plan {
  std::size_t head, length, offset;
  bool twice;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::fuzz::differ;
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t count = in.byte() % 80 + 1;
  const std::size_t min_active = in.byte() % 2 == 0 ? 1 : 0;
  std::vector<Plan> plans(count);
  for (Plan& p : plans) p = {in.byte() % 64u, in.u16() % 4200u, in.byte() % 64u, in.byte() % 2 == 1};
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

  for (const LanesKernel* k : fipsmod::md5::lanes_kernels().usable()) {
    std::vector<Running> many(count), alone(count);
    std::vector<LaneJob> jobs;
    for (std::size_t i = 0; i < count; ++i) {
      Digest d = DigestAccess::on(fipsmod::md5::generic_kernel);
      DigestAccess::update(d, heads[i]);
      many[i] = alone[i] = DigestAccess::running(d);
      jobs.push_back({&many[i], message(i)});
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (plans[i].twice) jobs.push_back({&many[i], message(count - 1 - i)});
    }
    fipsmod::md5::absorb_many(jobs, *k, min_active);
    for (std::size_t i = 0; i < count; ++i) {
      Digest d = DigestAccess::on(fipsmod::md5::generic_kernel);
      DigestAccess::running(d) = alone[i];
      DigestAccess::update(d, message(i));
      if (plans[i].twice) DigestAccess::update(d, message(count - 1 - i));
      if (DigestAccess::final_sum(many[i]) != DigestAccess::final_sum(DigestAccess::running(d)) ||
          many[i].len != DigestAccess::running(d).len) {
        differ(std::string("lanes kernel ") + k->name + ", computation " + std::to_string(i) +
                   " of " + std::to_string(count) + ": not what updating it alone gives",
               data, size);
      }
    }
  }
  return 0;
}
