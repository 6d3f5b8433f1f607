// The XORBytes kernel registry: every XORBytes kernel, best first.
#include "xor_kernel.hpp"

namespace fipsmod::subtle {
namespace {

constexpr const XorKernel* kBestFirst[] = {
    &xor_generic_kernel,
};

constexpr internal::KernelList<XorKernel> kKernels{kBestFirst};

}  // namespace

const internal::KernelList<XorKernel>& xor_kernels() noexcept { return kKernels; }

const XorKernel& selected_xor_kernel() noexcept {
  static const XorKernel& chosen = kKernels.best();
  return chosen;
}

}  // namespace fipsmod::subtle
