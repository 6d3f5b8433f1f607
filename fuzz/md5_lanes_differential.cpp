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
#include <span>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "md5/internal.hpp"

namespace {

using fipsmod::md5::Md5;
using fipsmod::md5::Md5Hash;
using Running = fipsmod::internal::hash::Running<Md5>;
using Job = fipsmod::internal::lanes::Job<Md5>;

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

  const fipsmod::md5::Kernel& generic = fipsmod::md5::kernels().generic();
  for (const fipsmod::md5::lanes::Kernel* k : fipsmod::md5::lanes::kernels().usable()) {
    std::vector<Running> many(count), alone(count);
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < count; ++i) {
      Md5Hash d(generic);
      d.update(heads[i]);
      many[i] = alone[i] = d.running();
      jobs.push_back({&many[i], message(i)});
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (plans[i].twice) jobs.push_back({&many[i], message(count - 1 - i)});
    }
    fipsmod::internal::lanes::absorb_many<Md5>(std::span<const Job>(jobs), *k, min_active);
    for (std::size_t i = 0; i < count; ++i) {
      Md5Hash d(generic);
      d.running() = alone[i];
      d.update(message(i));
      if (plans[i].twice) d.update(message(count - 1 - i));
      Md5Hash got(generic);
      got.running() = many[i];
      if (got.sum() != d.sum() || many[i].c.len != d.running().c.len) {
        differ(std::string("lanes kernel ") + k->name + ", computation " + std::to_string(i) +
                   " of " + std::to_string(count) + ": not what updating it alone gives",
               data, size);
      }
    }
  }
  return 0;
}
