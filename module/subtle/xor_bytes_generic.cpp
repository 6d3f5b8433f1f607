// The portable XORBytes kernel: a machine word at a time through
// unaligned-safe loads and stores, then the last bytes one at a time.
#include <cstring>

#include "internal.hpp"

namespace fipsmod::subtle {

void xor_bytes_generic(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n) noexcept {
  using Word = std::uint64_t;
  std::size_t i = 0;
  for (; n - i >= sizeof(Word); i += sizeof(Word)) {
    Word a, b;
    std::memcpy(&a, x + i, sizeof a);
    std::memcpy(&b, y + i, sizeof b);
    a ^= b;
    std::memcpy(dst + i, &a, sizeof a);
  }
  for (; i < n; ++i) dst[i] = static_cast<std::uint8_t>(x[i] ^ y[i]);
}

}  // namespace fipsmod::subtle
