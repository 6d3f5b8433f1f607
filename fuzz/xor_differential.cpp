// xor_differential: every usable XORBytes kernel, through the checked entry
// point, against a byte-at-a-time reference, with guard bytes around dst.
//
// Input: the lengths of dst, x and y (2 bytes each, mod 1100), their
// offsets past a 64-byte boundary (1 byte each, mod 64), a mode (1 byte,
// mod 6: 0 separate buffers, 1 dst == x, 2 dst == y, 3 all three the same,
// 4 dst inside x but not at its start, 5 dst overlapping the end of y),
// then the bytes of x and y (zeros past the end of the input).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "subtle/internal.hpp"

namespace {

using fipsmod::internal::Status;

constexpr std::size_t kGuard = 64;
constexpr std::uint8_t kGuardByte = 0xa5;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::fuzz::differ;
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t dst_len = in.u16() % 1100, x_len = in.u16() % 1100, y_len = in.u16() % 1100;
  const std::size_t dst_off = in.byte() % 64, x_off = in.byte() % 64, y_off = in.byte() % 64;
  const int mode = in.byte() % 6;
  const auto fill = in.rest();

  // One arena holding every buffer, 64-byte aligned, with guard bytes
  // around the region dst may legally write.
  const std::size_t span = 3 * (1100 + 128) + 2 * kGuard;
  std::vector<std::uint8_t> original(span + 64);
  auto* arena0 = original.data() + (64 - reinterpret_cast<std::uintptr_t>(original.data()) % 64) % 64;
  for (std::size_t i = 0; i < span; ++i) arena0[i] = i < fill.size() ? fill[i] : static_cast<std::uint8_t>(i * 7);
  const std::size_t x_at = kGuard + x_off, y_at = kGuard + 1228 + y_off;
  std::size_t dst_at = kGuard + 2 * 1228 + dst_off;
  if (mode == 1 || mode == 3) dst_at = x_at;
  if (mode == 2) dst_at = y_at;
  std::size_t y_pos = mode == 3 ? x_at : y_at;
  if (mode == 4) dst_at = x_at + 1 + dst_off % 63;
  if (mode == 5) dst_at = y_pos + std::max<std::size_t>(1, y_len / 2);
  const std::size_t n = std::min(x_len, y_len);
  // dst d bytes past the start of x (mode 4) or of y (mode 5) shares a
  // byte with it exactly when d < n.
  const bool inexact = (mode == 4 && n > 1 + dst_off % 63) || (mode == 5 && n > std::max<std::size_t>(1, y_len / 2));

  for (const fipsmod::subtle::Kernel* k : fipsmod::subtle::kernels().usable()) {
    const std::string name = std::string("fipsmod/") + k->name;
    std::vector<std::uint8_t> arena(arena0, arena0 + span);
    // Guard bytes just outside [dst, dst + dst_len) (where no input lies
    // when dst is its own buffer); the whole arena is compared anyway.
    if (mode == 0) {
      std::memset(arena.data() + dst_at - kGuard, kGuardByte, kGuard);
      std::memset(arena.data() + dst_at + dst_len, kGuardByte, kGuard);
    }
    const std::vector<std::uint8_t> before = arena;
    std::uint8_t* dst = arena.data() + dst_at;
    const std::uint8_t* x = arena.data() + x_at;
    const std::uint8_t* y = arena.data() + y_pos;

    std::size_t got_n = 12345;
    const Status s = fipsmod::subtle::xor_bytes(*k, dst, dst_len, x, x_len, y, y_len, got_n);
    if (n == 0) {
      if (s != Status::ok || got_n != 0 || arena != before) differ(name + ": n == 0 must succeed and touch nothing", data, size);
      continue;
    }
    if (dst_len < n || inexact) {
      const Status want = dst_len < n ? Status::dst_too_short : Status::invalid_overlap;
      if (s != want || arena != before) {
        differ(name + ": want status " + std::to_string(static_cast<int>(want)) + " and nothing written, got " +
                   std::to_string(static_cast<int>(s)),
               data, size);
      }
      continue;
    }
    if (s != Status::ok || got_n != n) differ(name + ": a valid call failed or miscounted", data, size);
    // Reference: the same call on the untouched arena, a byte at a time
    // (every load before its store, as the contract allows only exact aliases).
    std::vector<std::uint8_t> want = before;
    for (std::size_t i = 0; i < n; ++i) {
      want[dst_at + i] = static_cast<std::uint8_t>(before[x_at + i] ^ before[y_pos + i]);
    }
    if (arena != want) {
      const auto diff = std::mismatch(arena.begin(), arena.end(), want.begin()).first - arena.begin();
      differ(name + ": byte " + std::to_string(diff) + " (dst starts at " + std::to_string(dst_at) + ", n " +
                 std::to_string(n) + ") is wrong or outside dst",
             data, size);
    }
  }
  return 0;
}
