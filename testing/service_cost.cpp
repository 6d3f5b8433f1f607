// The driver of the service-cost test (service_cost.py, docs/small-inputs.md):
// calls fipsmod_xor_bytes and fipsmod_sha256 on 8 bytes, kCalls times each,
// with callgrind collecting only around each batch and dumping it as its own
// part (named "xor_bytes" and "sha256"). The first call of each, outside
// collection, runs the power-on self-tests, fixes the mode and selects the
// kernels, so the parts hold the steady per-call path only. Outside
// valgrind the client requests do nothing and the program just runs the
// calls. Exits non-zero if a call fails.
#include <valgrind/callgrind.h>

#include <cstdint>
#include <cstdio>

#include <fipsmod/sha256.h>
#include <fipsmod/subtle.h>

namespace {

constexpr int kCalls = 1000;  // service_cost.py divides by the same number

std::uint8_t x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
std::uint8_t y[8] = {9, 10, 11, 12, 13, 14, 15, 16};
std::uint8_t dst[8];
std::uint8_t digest[32];

int xor_once() {
  std::size_t n = 0;
  return fipsmod_xor_bytes(dst, sizeof dst, x, sizeof x, y, sizeof y, &n) == FIPSMOD_OK && n == sizeof dst ? 0 : 1;
}

int sha256_once() { return fipsmod_sha256(x, sizeof x, digest) == FIPSMOD_OK ? 0 : 1; }

// Runs `once` kCalls times with collection on, and dumps the part as `name`.
template <int (*once)()>
int collect(const char* name) {
  int failures = 0;
  CALLGRIND_ZERO_STATS;
  CALLGRIND_TOGGLE_COLLECT;
  for (int i = 0; i < kCalls; ++i) failures += once();
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(name);
  return failures;
}

}  // namespace

int main() {
  if (xor_once() != 0 || sha256_once() != 0) {
    std::fprintf(stderr, "service_cost: the first calls failed\n");
    return 1;
  }
  const int failures = collect<&xor_once>("xor_bytes") + collect<&sha256_once>("sha256");
  if (failures != 0) {
    std::fprintf(stderr, "service_cost: %d calls failed\n", failures);
    return 1;
  }
  std::printf("service_cost: %d calls of each\n", kCalls);
  return 0;
}
