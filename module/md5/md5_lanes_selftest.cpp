// The lanes kernels' known-answer self-test: each usable lanes kernel
// hashes 17 prefixes of a fixed input at once (0 to 16 blocks and a partial
// one each, so lanes drop out at every step), and must give the 17 digests
// Botan gave (md5_lanes_kats.inc, written by vectors/gen_vectors.cpp).
#include "md5_lanes.hpp"

namespace fipsmod::md5 {
namespace {

constexpr internal::RawKnownAnswer kRaw[] = {
#include "md5_lanes_kats.inc"
};

}  // namespace

std::span<const internal::KnownAnswer> lanes_known_answers() noexcept {
  return internal::known_answer_table<kRaw>();
}

std::vector<std::uint8_t> lanes_known_answer_computation(const internal::KernelInfo& kernel,
                                                         std::span<const std::uint8_t> input) {
  const LanesKernel* k = lanes_kernels().find(kernel);
  if (k == nullptr || input.size() < lanes_kat_length(lanes_kat_messages - 1)) return {};
  std::array<Running, lanes_kat_messages> r;
  std::array<LaneJob, lanes_kat_messages> jobs;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    r[j] = DigestAccess::start(generic_kernel);
    jobs[j] = {&r[j], input.first(lanes_kat_length(j))};
  }
  absorb_many(jobs, *k, 1);  // the lanes kernel to the last lane
  std::vector<std::uint8_t> out;
  for (Running& one : r) {
    const Sum s = DigestAccess::final_sum(one);
    out.insert(out.end(), s.begin(), s.end());
    DigestAccess::wipe(one);
  }
  return out;
}

}  // namespace fipsmod::md5
