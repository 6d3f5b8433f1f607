// The SHA-256 kernel registry (every SHA-256 kernel, best first) and
// SHA-256's entry in the algorithm table. Assembly kernels go above the
// generic one, each under its FIPSMOD_ASM_<ARCH>, as in md5_kernels.cpp.
#include "sha256_kernel.hpp"

namespace fipsmod::sha256 {
namespace {

constexpr const Kernel* kBestFirst[] = {
    &generic_kernel,
};

}  // namespace

constinit const internal::KernelList<Kernel> kernel_list{kBestFirst};

const internal::KernelList<Kernel>& kernels() noexcept { return kernel_list; }

constinit const internal::Algorithm algorithm{"sha256", "SHA-256", kernel_list, &known_answers,
                                              &known_answer_computation};

}  // namespace fipsmod::sha256
