// fipsmod::sha256 and fipsmod::sha224: SHA-256 and SHA-224 (FIPS 180-4),
// approved hash functions, as C++ over <fipsmod/sha256.h>. Header-only.
#pragma once

#include <fipsmod/hash.hpp>
#include <fipsmod/sha256.h>

namespace fipsmod::sha256 {

struct Api {
  using ctx = fipsmod_sha256_ctx;
  static constexpr std::size_t size = FIPSMOD_SHA256_SIZE, block_size = FIPSMOD_SHA256_BLOCK_SIZE,
                               marshaled_size = FIPSMOD_SHA256_MARSHALED_SIZE;
  static int init(ctx* c) noexcept { return fipsmod_sha256_init(c); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_sha256_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_sha256_sum(c, out); }
  static int marshal(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_sha256_marshal(c, out); }
  static int unmarshal(ctx* c, const void* s, std::size_t n) noexcept { return fipsmod_sha256_unmarshal(c, s, n); }
  static int cleanse(ctx* c) noexcept { return fipsmod_sha256_cleanse(c); }
  static int one_shot(const void* d, std::size_t n, std::uint8_t* out) noexcept { return fipsmod_sha256(d, n, out); }
};

inline constexpr std::size_t size = Api::size;
inline constexpr std::size_t block_size = Api::block_size;
inline constexpr std::size_t marshaled_size = Api::marshaled_size;
using Digest = fipsmod::Digest<Api>;
using Sum = Digest::Sum;
using State = Digest::State;

inline Sum sum(std::span<const std::uint8_t> data) { return fipsmod::sum<Api>(data); }
inline Sum sum(std::string_view data) { return sum(detail::bytes_of(data)); }

}  // namespace fipsmod::sha256

namespace fipsmod::sha224 {

struct Api {
  using ctx = fipsmod_sha224_ctx;
  static constexpr std::size_t size = FIPSMOD_SHA224_SIZE, block_size = FIPSMOD_SHA256_BLOCK_SIZE,
                               marshaled_size = FIPSMOD_SHA256_MARSHALED_SIZE;
  static int init(ctx* c) noexcept { return fipsmod_sha224_init(c); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_sha224_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_sha224_sum(c, out); }
  static int marshal(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_sha224_marshal(c, out); }
  static int unmarshal(ctx* c, const void* s, std::size_t n) noexcept { return fipsmod_sha224_unmarshal(c, s, n); }
  static int cleanse(ctx* c) noexcept { return fipsmod_sha224_cleanse(c); }
  static int one_shot(const void* d, std::size_t n, std::uint8_t* out) noexcept { return fipsmod_sha224(d, n, out); }
};

inline constexpr std::size_t size = Api::size;
inline constexpr std::size_t block_size = Api::block_size;
inline constexpr std::size_t marshaled_size = Api::marshaled_size;
using Digest = fipsmod::Digest<Api>;
using Sum = Digest::Sum;
using State = Digest::State;

inline Sum sum(std::span<const std::uint8_t> data) { return fipsmod::sum<Api>(data); }
inline Sum sum(std::string_view data) { return sum(detail::bytes_of(data)); }

}  // namespace fipsmod::sha224
