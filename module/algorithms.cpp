// The algorithm table: every algorithm of the module, each described by its
// own folder. Adding an algorithm adds its line here.
#include <fipsmod/module.hpp>

#include <algorithm>

#include "algorithm.hpp"
#include "hmac/hmac_kernel.hpp"
#include "md5/md5_kernel.hpp"
#include "md5/md5_lanes.hpp"
#include "sha256/sha256_kernel.hpp"
#include "subtle/xor_bytes_kernel.hpp"

namespace fipsmod {
namespace internal {
namespace {

constexpr const Algorithm* kAlgorithms[] = {
    &md5::algorithm,
    &md5::lanes_algorithm,
    &subtle::xor_bytes_algorithm,
    &sha256::algorithm,
    &hmac::algorithm,
};

}  // namespace

std::span<const Algorithm* const> algorithms() noexcept { return kAlgorithms; }

const Algorithm* find_algorithm(std::string_view name) noexcept {
  const auto it = std::find_if(std::begin(kAlgorithms), std::end(kAlgorithms),
                               [&](const Algorithm* a) { return a->name == name; });
  return it == std::end(kAlgorithms) ? nullptr : *it;
}

}  // namespace internal

std::string_view impl_name(std::string_view algorithm) noexcept {
  const internal::Algorithm* a = internal::find_algorithm(algorithm);
  return a ? a->kernels.selected().name : std::string_view{};
}

}  // namespace fipsmod
