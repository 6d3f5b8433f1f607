// The MD5 lanes kernel registry (best first) and its entry in the
// algorithm table. The assembly kernels are in module/asm/<arch>/.
#include "md5_lanes.hpp"

namespace fipsmod::md5 {
namespace {

using cpu::Feature;

// One lane: the single-stream kernel this process selected, so the API
// works everywhere and a lone message costs what it costs today.
void generic_lanes(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks) {
  selected_kernel().block(state, data[0], blocks);
}
std::size_t one_lane() noexcept { return 1; }

constexpr const LanesKernel* kBestFirst[] = {
    &generic_lanes_kernel,
};

constinit const internal::KernelList<LanesKernel> kLanesKernels{kBestFirst};

}  // namespace

constinit const LanesKernel generic_lanes_kernel{{"generic", {}}, &one_lane, &generic_lanes};

const internal::KernelList<LanesKernel>& lanes_kernels() noexcept { return kLanesKernels; }

constinit const internal::Algorithm lanes_algorithm{"md5_lanes", "MD5-lanes", kLanesKernels, &lanes_known_answers,
                                                    &lanes_known_answer_computation};

}  // namespace fipsmod::md5
