// fipsmod::aes: AES (FIPS 197) as a block cipher and in CTR mode, as C++
// over <fipsmod/aes.h>. Header-only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <fipsmod/aes.h>
#include <fipsmod/module.hpp>

namespace fipsmod::aes {

inline constexpr std::size_t block_size = FIPSMOD_AES_BLOCK_SIZE;
using Block = std::array<std::uint8_t, block_size>;

// An expanded AES key (16, 24 or 32 bytes; fipsmod::error
// FIPSMOD_ERR_INVALID_ARGUMENT for another length). The schedule is
// zeroised when the object is destroyed. Not copyable: one copy of a key.
class Aes {
 public:
  explicit Aes(std::span<const std::uint8_t> key) { detail::check(fipsmod_aes_init(&ctx_, key.data(), key.size())); }
  ~Aes() { fipsmod_aes_cleanse(&ctx_); }
  Aes(const Aes&) = delete;
  Aes& operator=(const Aes&) = delete;

  Block encrypt_block(std::span<const std::uint8_t, block_size> in) const {
    Block out;
    detail::check(fipsmod_aes_encrypt_block(&ctx_, in.data(), out.data()));
    return out;
  }
  Block decrypt_block(std::span<const std::uint8_t, block_size> in) const {
    Block out;
    detail::check(fipsmod_aes_decrypt_block(&ctx_, in.data(), out.data()));
    return out;
  }
  // CTR mode from the counter block iv, into out (at least in.size()
  // bytes; fipsmod::error FIPSMOD_ERR_DST_TOO_SHORT otherwise). out may be
  // in itself.
  void ctr(std::span<const std::uint8_t, block_size> iv, std::span<const std::uint8_t> in,
           std::span<std::uint8_t> out) const {
    if (out.size() < in.size()) detail::throw_status(FIPSMOD_ERR_DST_TOO_SHORT);
    detail::check(fipsmod_aes_ctr(&ctx_, iv.data(), in.data(), in.size(), out.data()));
  }
  std::vector<std::uint8_t> ctr(std::span<const std::uint8_t, block_size> iv, std::span<const std::uint8_t> in) const {
    std::vector<std::uint8_t> out(in.size());
    ctr(iv, in, out);
    return out;
  }

 private:
  fipsmod_aes_ctx ctx_{};
};

}  // namespace fipsmod::aes
