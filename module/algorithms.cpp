// The module-wide view of the registry: each algorithm, its kernels and the
// selected one.
#include <fipsmod/module.hpp>

#include "md5/md5_kernel.hpp"
#include "registry.hpp"
#include "subtle/xor_kernel.hpp"

namespace fipsmod {
namespace internal {
namespace {

template <class Kernel>
AlgorithmView view(std::string_view name, const KernelList<Kernel>& list, const Kernel& selected) {
  AlgorithmView v{name, {}, &selected};
  for (const Kernel* k : list.all()) v.kernels.push_back(k);
  return v;
}

}  // namespace

std::vector<AlgorithmView> algorithms() {
  return {
      view("md5", md5::kernels(), md5::selected_kernel()),
      view("xor_bytes", subtle::xor_kernels(), subtle::selected_xor_kernel()),
  };
}

}  // namespace internal

std::string_view impl_name(std::string_view algorithm) noexcept {
  if (algorithm == "md5") return md5::selected_kernel().name;
  if (algorithm == "xor_bytes") return subtle::selected_xor_kernel().name;
  return {};
}

}  // namespace fipsmod
