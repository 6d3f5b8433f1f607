// The lanes kernels' known-answer self-test: each usable lanes kernel
// hashes lanes_kat_messages messages of a fixed input at once, one for each
// lane of the widest kernel (md5_lanes_kat.hpp), so that every lane of
// every kernel hashes whole blocks of its own, and must give the digests
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

std::vector<std::uint8_t> lanes_known_answer_on(const LanesKernel& kernel, std::span<const std::uint8_t> input) {
  if (input.size() < lanes_kat_input_size) return {};
  std::array<std::span<const std::uint8_t>, lanes_kat_messages> messages;
  for (std::size_t j = 0; j < messages.size(); ++j) messages[j] = input.subspan(lanes_kat_offset(j), lanes_kat_length(j));
  const Messages all{messages.size(),
                     [](const void* self, std::size_t i) noexcept {
                       return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                     },
                     messages.data()};
  std::array<Sum, lanes_kat_messages> sums;
  sum_many_on(kernel, all, sums.data(), 1);  // the lanes kernel to the last lane, padding too
  std::vector<std::uint8_t> out;
  for (const Sum& s : sums) out.insert(out.end(), s.begin(), s.end());
  return out;
}

std::vector<std::uint8_t> lanes_known_answer_computation(const internal::KernelInfo& kernel,
                                                         std::span<const std::uint8_t> input) {
  const LanesKernel* k = lanes_kernels().find(kernel);
  if (k == nullptr) return {};
  return lanes_known_answer_on(*k, input);
}

}  // namespace fipsmod::md5
