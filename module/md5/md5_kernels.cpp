// The MD5 kernel registry: every MD5 kernel, best first.
#include "md5_kernel.hpp"

namespace fipsmod::md5 {
namespace {

constexpr const Kernel* kBestFirst[] = {
    &generic_kernel,
};

constexpr internal::KernelList<Kernel> kKernels{kBestFirst};

}  // namespace

const internal::KernelList<Kernel>& kernels() noexcept { return kKernels; }

const Kernel& selected_kernel() noexcept {
  static const Kernel& chosen = kKernels.best();
  return chosen;
}

}  // namespace fipsmod::md5
