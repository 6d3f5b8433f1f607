// Runs one kernel once, for bench/cross-report to count its instructions
// under qemu. Static and non-PIE, so the addresses nm prints are the ones
// qemu traces.
//
//   fipsmod_cross_driver md5 KERNEL OFFSET BLOCKS
//   fipsmod_cross_driver md5lanes KERNEL OFFSET BLOCKS   (every lane BLOCKS blocks)
//   fipsmod_cross_driver sha256 KERNEL OFFSET BLOCKS
//   fipsmod_cross_driver sha256lanes KERNEL OFFSET BLOCKS   (every lane BLOCKS blocks)
//   fipsmod_cross_driver sha512 KERNEL OFFSET BLOCKS   (128-byte blocks)
//   fipsmod_cross_driver xor KERNEL XOFFSET YOFFSET BYTES
//   fipsmod_cross_driver gcm KERNEL OFFSET BYTES   (AES-128-GCM seal, 13 bytes of AAD)
//   fipsmod_cross_driver gcm-kernels                (the usable GCM kernels' names)
//
// Prints the kernel's entry address in hex; dst and the MD5 input start at a
// 64-byte boundary plus the offset, and so do the SHA-256 and SHA-512 inputs.
// A GCM seal runs through several functions (the kernel's AES, GHASH and
// fused loop, and gcm::seal around them), so for gcm it prints the
// addresses of two empty functions called just before and just after the
// seal: bench/cross-report counts every instruction between them.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/lanes.hpp"
#include "gcm/internal.hpp"
#include "md5/internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"
#include "subtle/internal.hpp"

namespace {

constexpr std::size_t kMax = 1 << 16;
constexpr std::size_t kMaxLanes = fipsmod::internal::lanes::max_lanes;
alignas(64) std::uint8_t g_a[kMax + 64], g_b[kMax + 64], g_dst[kMax + 64];

// The markers around the measured call (see above).
[[gnu::noinline]] void begin_measured() { __asm__ volatile(""); }
[[gnu::noinline]] void end_measured() { __asm__ volatile(""); }

int usage() {
  std::fputs("usage: fipsmod_cross_driver md5|md5lanes|sha256|sha256lanes|sha512 KERNEL OFFSET BLOCKS | xor KERNEL XOFFSET YOFFSET BYTES\n"
             "       fipsmod_cross_driver gcm KERNEL OFFSET BYTES | gcm-kernels\n",
             stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "gcm-kernels") {
    for (const fipsmod::gcm::Kernel* k : fipsmod::gcm::kernels().usable()) std::printf("%s\n", k->name);
    return 0;
  }
  if (argc < 5) return usage();
  const std::string_view algorithm = argv[1], name = argv[2];
  for (std::size_t i = 0; i < sizeof g_a; ++i) g_a[i] = static_cast<std::uint8_t>(i * 13), g_b[i] = static_cast<std::uint8_t>(i * 7);
  if (algorithm == "md5" && argc == 5) {
    const fipsmod::md5::Kernel* k = fipsmod::md5::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), blocks = std::strtoul(argv[4], nullptr, 10);
    if (!k || offset >= 64 || blocks * 64 > kMax) return usage();
    std::uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    k->block(state, g_a + offset, blocks);
    std::printf("%lx %08x\n", reinterpret_cast<unsigned long>(k->block), state[0]);
    return 0;
  }
  if (algorithm == "md5lanes" && argc == 5) {
    const fipsmod::md5::lanes::Kernel* k = fipsmod::md5::lanes::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), blocks = std::strtoul(argv[4], nullptr, 10);
    const std::size_t width = k ? k->width() : 0;
    if (!k || offset >= 64 || width > kMaxLanes || width * blocks * 64 > kMax) return usage();
    std::uint32_t state[4 * kMaxLanes] = {};
    const std::uint8_t* data[kMaxLanes];
    for (std::size_t i = 0; i < width; ++i) data[i] = g_a + offset + i * blocks * 64;
    k->blocks(state, data, blocks);
    std::printf("%lx %zu %08x\n", reinterpret_cast<unsigned long>(k->blocks), width, state[0]);
    return 0;
  }
  if (algorithm == "sha256" && argc == 5) {
    const fipsmod::sha256::Kernel* k = fipsmod::sha256::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), blocks = std::strtoul(argv[4], nullptr, 10);
    if (!k || offset >= 64 || blocks * 64 > kMax) return usage();
    std::uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                              0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    k->block(state, g_a + offset, blocks);
    std::printf("%lx %08x\n", reinterpret_cast<unsigned long>(k->block), state[0]);
    return 0;
  }
  if (algorithm == "sha256lanes" && argc == 5) {
    const fipsmod::sha256::lanes::Kernel* k = fipsmod::sha256::lanes::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), blocks = std::strtoul(argv[4], nullptr, 10);
    const std::size_t width = k ? k->width() : 0;
    if (!k || offset >= 64 || width > kMaxLanes || width * blocks * 64 > kMax) return usage();
    std::uint32_t state[8 * kMaxLanes] = {};
    const std::uint8_t* data[kMaxLanes];
    for (std::size_t i = 0; i < width; ++i) data[i] = g_a + offset + i * blocks * 64;
    k->blocks(state, data, blocks);
    std::printf("%lx %zu %08x\n", reinterpret_cast<unsigned long>(k->blocks), width, state[0]);
    return 0;
  }
  if (algorithm == "sha512" && argc == 5) {
    const fipsmod::sha512::Kernel* k = fipsmod::sha512::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), blocks = std::strtoul(argv[4], nullptr, 10);
    if (!k || offset >= 64 || blocks * 128 > kMax) return usage();
    std::uint64_t state[8] = {};  // any state: the work per block is the same
    k->block(state, g_a + offset, blocks);
    std::printf("%lx %016llx\n", reinterpret_cast<unsigned long>(k->block), static_cast<unsigned long long>(state[0]));
    return 0;
  }
  if (algorithm == "xor" && argc == 6) {
    const fipsmod::subtle::Kernel* k = fipsmod::subtle::kernels().find(name);
    const std::size_t xo = std::strtoul(argv[3], nullptr, 10), yo = std::strtoul(argv[4], nullptr, 10),
                      n = std::strtoul(argv[5], nullptr, 10);
    if (!k || xo >= 64 || yo >= 64 || n == 0 || n > kMax) return usage();
    k->xor_bytes(g_dst, g_a + xo, g_b + yo, n);
    std::printf("%lx %02x\n", reinterpret_cast<unsigned long>(k->xor_bytes), g_dst[n - 1]);
    return 0;
  }
  if (algorithm == "gcm" && argc == 5) {
    const fipsmod::gcm::Kernel* k = fipsmod::gcm::kernels().find(name);
    const std::size_t offset = std::strtoul(argv[3], nullptr, 10), n = std::strtoul(argv[4], nullptr, 10);
    if (!k || !k->usable() || offset >= 64 || n > kMax) return usage();
    static fipsmod::gcm::Key key;
    std::uint8_t tag[16];
    fipsmod::gcm::init(*k, key, std::span<const std::uint8_t>(g_b, 16));
    const std::span<const std::uint8_t> nonce(g_b + 16, 12), aad(g_b + 32, 13);
    begin_measured();
    fipsmod::gcm::seal(*k, key, nonce, aad, g_a + offset, g_dst + offset, n, tag);
    end_measured();
    std::printf("%lx %lx %02x\n", reinterpret_cast<unsigned long>(&begin_measured),
                reinterpret_cast<unsigned long>(&end_measured), tag[0]);
    return 0;
  }
  return usage();
}
