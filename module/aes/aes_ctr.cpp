// AES-CTR: keystream blocks from the AES kernel, XORed in through the
// XORBytes kernel, a chunk at a time.
#include <array>
#include <cstring>

#include "core/byteorder.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"
#include "subtle/internal.hpp"

namespace fipsmod::aes {

namespace {

// 128-bit big-endian increment of a counter block, without a branch on its
// value (the counter is not secret, but the carry chain is short either way).
void increment(std::uint8_t block[block_size]) noexcept {
  // The 1 passes through at_run_time: seeing a constant, GCC makes the
  // last byte the block loop's counter in ctr() and ends that loop on a
  // comparison of it, a branch on the counter's value (which CTR_DRBG
  // keeps secret) that the constant-time test reports.
  unsigned carry = internal::at_run_time(1u);
  for (std::size_t i = block_size; i-- > 0;) {
    const unsigned v = block[i] + carry;
    block[i] = static_cast<std::uint8_t>(v);
    carry = v >> 8;
  }
}

}  // namespace

void ctr(const Kernel& k, const Schedule& s, const std::uint8_t iv[block_size], const std::uint8_t* in,
         std::uint8_t* out, std::size_t len) noexcept {
  constexpr std::size_t chunk_blocks = 16;
  alignas(16) std::array<std::uint8_t, chunk_blocks * block_size> stream;
  std::array<std::uint8_t, block_size> counter;
  std::memcpy(counter.data(), iv, block_size);
  const subtle::Kernel& x = subtle::kernels().selected();
  while (len != 0) {
    const std::size_t n = len < stream.size() ? len : stream.size();
    const std::size_t blocks = (n + block_size - 1) / block_size;
    for (std::size_t b = 0; b < blocks; ++b) {
      std::memcpy(stream.data() + b * block_size, counter.data(), block_size);
      increment(counter.data());
    }
    k.encrypt(&s, stream.data(), stream.data(), blocks);
    std::size_t done = 0;
    // Cannot fail: n > 0, out is in or apart from it, and stream is ours.
    (void)subtle::xor_bytes(x, out, n, in, n, stream.data(), n, done);
    in += n;
    out += n;
    len -= n;
  }
  internal::secure_zero(stream.data(), stream.size());
  internal::secure_zero(counter.data(), counter.size());
}

}  // namespace fipsmod::aes
