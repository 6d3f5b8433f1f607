// Which splits of a message into two updates a hash test runs: one of each
// way the streaming path (core/hash.hpp: take, absorb, finish) and a
// kernel's block function can see the message, not every split of every
// vector (which is quadratic in the length and repeats the same ways many
// times over).
//
// For a split at s of an n-byte message and block size B, what the code
// sees is: how many bytes the first update leaves buffered (s mod B), how
// many whole blocks it hashes straight from the caller (s / B: none, one,
// two or more), how many bytes the second update needs to top up the
// buffer, how many whole blocks it then hashes straight (none, one, many)
// and what it leaves for the padding (n mod B, one padding block or two).
#pragma once

#include <cstddef>
#include <vector>

namespace fipsmod::testing {

// The splits of an n-byte message, in increasing order:
//   - every split of a message of up to three blocks: every buffer fill
//     with the first update hashing zero, one or two whole blocks, and
//     every length mod B and padding case after it;
//   - for a longer one, every split in the first block and in the last
//     block (each buffer fill with the first update hashing no whole block
//     and the second many, and with the first hashing many and the second
//     none or one), and the splits one byte either side of every block
//     boundary (the first update ending on, just before and just after a
//     boundary, at every block count).
// Variants of a hash that differ only in their initial values and digest
// length (SHA-224 of SHA-256; SHA-384, SHA-512/224 and SHA-512/256 of
// SHA-512) stream through the same code: of `turns` of them, the one
// numbered `turn` takes the splits s with s mod turns = turn, and every one
// takes those around a block boundary and the whole message as one update,
// so that every split above runs on one of them.
inline std::vector<std::size_t> two_update_splits(std::size_t n, std::size_t block_size, std::size_t turn = 0,
                                                  std::size_t turns = 1) {
  std::vector<std::size_t> splits;
  for (std::size_t s = 0; s <= n; ++s) {
    const std::size_t r = s % block_size;
    const bool short_message = n <= 3 * block_size;
    const bool first_block = s <= block_size, last_block = s + block_size >= n;
    const bool around_boundary = r <= 1 || r == block_size - 1;
    if (!(short_message || first_block || last_block || around_boundary)) continue;
    if (s % turns == turn || around_boundary || s == n) splits.push_back(s);
  }
  return splits;
}

// The block boundaries of a long message (n bytes, a multiple of B or not)
// to split it around, instead of every one: the first update of 0 to 16
// whole blocks and the second of 0 to 16 whole blocks (every count modulo
// 2, 4, 8 and 16 on either side, for kernels that hash several blocks a
// round), and the middle.
inline std::vector<std::size_t> long_message_boundaries(std::size_t n, std::size_t block_size) {
  std::vector<std::size_t> boundaries;
  const std::size_t blocks = n / block_size, edge = 16;
  for (std::size_t k = 0; k <= blocks; ++k) {
    if (k <= edge || k + edge >= blocks || k == blocks / 2) boundaries.push_back(k * block_size);
  }
  return boundaries;
}

}  // namespace fipsmod::testing
