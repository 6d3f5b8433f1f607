// The traits of MD5's lanes for the shared lanes tests
// (testing/lanes_tests.hpp, testing/lanes_alloc_tests.hpp): test code only.
#pragma once

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "testing/lanes_tests.hpp"

// Hidden, as the module's types the traits name (internal.hpp).
#pragma GCC visibility push(hidden)

namespace fipsmod::md5 {

struct Md5Lanes {
  using H = Md5;
  using Kernel = lanes::Kernel;
  static const auto& lanes() { return lanes::kernels(); }
  static const auto& single() { return md5::kernels(); }
  static constexpr const char* algorithm = "md5_lanes";
  static constexpr auto known_answer_on = &lanes_known_answer_on;
  FIPSMOD_LANES_API_TRAITS(md5)
};

}  // namespace fipsmod::md5

#pragma GCC visibility pop
