// The traits of SHA-256's and SHA-224's lanes for the shared lanes tests
// (testing/lanes_tests.hpp, testing/lanes_alloc_tests.hpp): test code only.
#pragma once

#include <fipsmod/sha256.hpp>

#include "internal.hpp"
#include "testing/lanes_tests.hpp"

// Hidden, as the module's types the traits name (internal.hpp).
#pragma GCC visibility push(hidden)

namespace fipsmod::sha256 {

struct Sha256Lanes {
  using H = Sha256;
  using Kernel = lanes::Kernel;
  static const auto& lanes() { return lanes::kernels(); }
  static const auto& single() { return sha256::kernels(); }
  static constexpr const char* algorithm = "sha256_lanes";
  static constexpr auto known_answer_on = &lanes_known_answer_on;
  FIPSMOD_LANES_API_TRAITS(sha256)
};

// SHA-224: its own services on SHA-256's lanes kernels.
struct Sha224Lanes : Sha256Lanes {
  using H = Sha224;
  FIPSMOD_LANES_API_TRAITS(sha224)
};

}  // namespace fipsmod::sha256

#pragma GCC visibility pop
