// md5_lanes_differential: every usable MD5 lanes kernel, through the
// dispatcher, against the generic single-stream kernel updating each
// computation alone, every lane at its own length (lanes_differential.hpp
// says how the input is read).
#include "lanes_differential.hpp"
#include "md5/internal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fipsmod::fuzz::lanes_differential<fipsmod::md5::Md5>(fipsmod::md5::lanes::kernels(), data, size);
}
