// Running a test on every usable kernel: the parameter lists come from the
// registry, so a kernel added there is tested without new test code.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <type_traits>

#include "core/registry.hpp"

namespace fipsmod::internal {

// GoogleTest prints a kernel parameter by its name, not its address.
template <class Kernel>
  requires std::is_base_of_v<KernelInfo, Kernel>
void PrintTo(const Kernel* const& kernel, std::ostream* os) {
  *os << kernel->name;
}

}  // namespace fipsmod::internal

namespace fipsmod::testing {

// A GoogleTest name for a kernel parameter ("amd64-avx2" -> "amd64_avx2").
struct KernelParamName {
  template <class Kernel>
  std::string operator()(const ::testing::TestParamInfo<const Kernel*>& info) const {
    std::string name = info.param->name;
    for (char& c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
  }
};

}  // namespace fipsmod::testing
