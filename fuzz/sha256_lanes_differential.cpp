// sha256_lanes_differential: every usable SHA-256 lanes kernel, through the
// dispatcher, against the generic single-stream kernel updating each
// computation alone, every lane at its own length (lanes_differential.hpp
// says how the input is read). SHA-224 runs the same kernels on other
// initial values: the computations here start from SHA-256's.
#include "lanes_differential.hpp"
#include "sha256/internal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fipsmod::fuzz::lanes_differential<fipsmod::sha256::Sha256>(fipsmod::sha256::lanes::kernels(), data, size);
}
