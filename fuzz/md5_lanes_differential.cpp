// md5_lanes_differential: every usable MD5 lanes kernel, through the
// dispatcher, against the selected single-stream kernel updating each
// computation alone, every lane at its own length (lanes_differential.hpp
// says how the input is read).
// Replay share: 1/4. One input is up to 80 computations (40 on average, up
// to 17 blocks each) through the dispatcher on every lanes kernel, the cost
// of about 40 inputs of a single-stream target, so the replay test runs a
// quarter of FIPSMOD_FUZZ_REPLAY_RUNS (5000 natively, 1000 in the cross
// presets). Dispatcher faults planted in core/lanes.hpp (a computation
// handed on a block short; a step of 7 blocks with 3 lanes busy run as 6)
// were caught within the first 10 (SHA-256) and 100 (MD5) random inputs.
#include "lanes_differential.hpp"
#include "md5/internal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fipsmod::fuzz::lanes_differential<fipsmod::md5::Md5>(fipsmod::md5::lanes::kernels(), data, size);
}
