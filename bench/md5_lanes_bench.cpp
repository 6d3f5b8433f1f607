// MD5 over many messages at once (lanes_bench.hpp): every usable lanes
// kernel against OpenSSL's single-stream MD5() and fipsmod's selected
// single-stream kernel. MD5Lanes/<case>/<column> (docs/md5-lanes.md).
#define OPENSSL_SUPPRESS_DEPRECATED  // MD5(): the shortest path to its assembly
#include <openssl/md5.h>

#include "lanes_bench.hpp"
#include "md5/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

void register_md5_lanes_benchmarks() {
  // As many messages as the widest kernel has lanes and more, and messages
  // of 1 KiB to 64 KiB (mean 32.5 KiB, as the Equal..x32K cases): as many
  // as the widest kernel has lanes, and eight times as many, where lanes
  // freed by short messages take on waiting ones.
  std::mt19937_64 rng(1321);
  const std::vector<lanes::Case> cases = {
      lanes::equal(16, 8192),  lanes::equal(32, 8192), lanes::equal(32, 32768), lanes::equal(64, 8192),
      lanes::equal(4, 8192),   lanes::unequal(rng, 32), lanes::unequal(rng, 256),     lanes::equal(256, 32768),
  };
  lanes::register_benchmarks<md5::Md5>("MD5Lanes", cases, md5::lanes::kernels(),
                                       [](const std::uint8_t* m, std::size_t n, std::uint8_t* out) { MD5(m, n, out); });
}

const Suite suite(register_md5_lanes_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
