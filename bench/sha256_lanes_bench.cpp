// SHA-256 over many messages at once (lanes_bench.hpp): every usable lanes
// kernel against OpenSSL's single-stream SHA256() and fipsmod's selected
// single-stream kernel. SHA256Lanes/<case>/<column>
// (docs/sha256-lanes.md): 16 x 8 KiB (the target), and 8 KiB
// messages over the number of messages, 1 to 64.
#include <openssl/sha.h>

#include "lanes_bench.hpp"
#include "peers.hpp"
#include "sha256/internal.hpp"

namespace fipsmod::bench {
namespace {

void register_sha256_lanes_benchmarks() {
  std::vector<lanes::Case> cases = {lanes::equal(16, 8192)};
  for (std::size_t count : {1, 2, 4, 8, 32, 64}) cases.push_back(lanes::equal(count, 8192));
  std::mt19937_64 rng(1321);
  cases.push_back(lanes::unequal(rng, 32));
  lanes::register_benchmarks<sha256::Sha256>(
      "SHA256Lanes", cases, sha256::lanes::kernels(),
      [](const std::uint8_t* m, std::size_t n, std::uint8_t* out) { SHA256(m, n, out); });
}

const Suite suite(register_sha256_lanes_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
