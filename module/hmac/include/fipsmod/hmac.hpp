// fipsmod::hmac: HMAC (FIPS 198-1) over every SHA-2 hash (SHA-256, SHA-224,
// SHA-512, SHA-384, SHA-512/224, SHA-512/256), an approved message
// authentication code, as C++ over <fipsmod/hmac.h>. Header-only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/hmac.h>
#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/sha512.hpp>

namespace fipsmod::hmac {

// The shortest key for which HMAC is an approved service: 112 bits
// (NIST SP 800-131A). A shorter key (even an empty one) still computes the
// MAC, as a non-approved service.
inline constexpr std::size_t min_approved_key_size = FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE;

// The C functions of HMAC over a hash's Digest: HmacApi<sha256::Digest>,
// HmacApi<sha224::Digest>, HmacApi<sha512::Digest>, HmacApi<sha384::Digest>,
// HmacApi<sha512_224::Digest>, HmacApi<sha512_256::Digest>.
template <class Hash>
struct HmacApi;
template <>
struct HmacApi<sha256::Digest> {
  using ctx = fipsmod_hmac_sha256_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha256_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha256_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha256_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha256_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha256_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha256(k, kn, d, n, out);
  }
};
template <>
struct HmacApi<sha224::Digest> {
  using ctx = fipsmod_hmac_sha224_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha224_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha224_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha224_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha224_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha224_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha224(k, kn, d, n, out);
  }
};
template <>
struct HmacApi<sha512::Digest> {
  using ctx = fipsmod_hmac_sha512_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha512_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha512_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha512_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha512_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha512_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha512(k, kn, d, n, out);
  }
};
template <>
struct HmacApi<sha384::Digest> {
  using ctx = fipsmod_hmac_sha384_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha384_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha384_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha384_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha384_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha384_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha384(k, kn, d, n, out);
  }
};
template <>
struct HmacApi<sha512_224::Digest> {
  using ctx = fipsmod_hmac_sha512_224_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha512_224_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha512_224_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha512_224_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha512_224_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha512_224_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha512_224(k, kn, d, n, out);
  }
};
template <>
struct HmacApi<sha512_256::Digest> {
  using ctx = fipsmod_hmac_sha512_256_ctx;
  static int init(ctx* c, const void* k, std::size_t n) noexcept { return fipsmod_hmac_sha512_256_init(c, k, n); }
  static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_hmac_sha512_256_update(c, d, n); }
  static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_hmac_sha512_256_sum(c, out); }
  static int reset(ctx* c) noexcept { return fipsmod_hmac_sha512_256_reset(c); }
  static int cleanse(ctx* c) noexcept { return fipsmod_hmac_sha512_256_cleanse(c); }
  static int one_shot(const void* k, std::size_t kn, const void* d, std::size_t n, std::uint8_t* out) noexcept {
    return fipsmod_hmac_sha512_256(k, kn, d, n, out);
  }
};

// A running HMAC with Hash (the Digest of any SHA-2 hash: sha256, sha224,
// sha512, sha384, sha512_224, sha512_256), keyed with a key of any length
// (one longer than the hash's block, 64 or 128 bytes, is hashed first,
// FIPS 198-1 §4 step 2). The destructor zeroises everything the object
// holds, with stores the compiler cannot drop. Copying clones the
// computation (and its key-derived state). Every member but the destructor
// is a service: once a self-test has failed it throws fipsmod::module_error
// and changes and writes nothing. Under a key of at least
// min_approved_key_size bytes every member is an approved service
// (fipsmod::service_indicator() is approved after it); under a shorter one
// none is, and in approved-only mode the constructor throws fipsmod::error
// FIPSMOD_ERR_NOT_APPROVED.
template <class Hash>
class Hmac {
  using Api = HmacApi<Hash>;

 public:
  using Mac = typename Hash::Sum;

  explicit Hmac(std::span<const std::uint8_t> key) { detail::check(Api::init(&ctx_, key.data(), key.size())); }
  explicit Hmac(std::string_view key) : Hmac(detail::bytes_of(key)) {}
  Hmac(const Hmac&) = default;
  Hmac& operator=(const Hmac&) = default;
  ~Hmac() { Api::cleanse(&ctx_); }

  void update(std::span<const std::uint8_t> data) { detail::check(Api::update(&ctx_, data.data(), data.size())); }
  void update(std::string_view data) { update(detail::bytes_of(data)); }
  // The MAC of everything written since keying or reset; the state is
  // unchanged.
  [[nodiscard]] Mac sum() const {
    Mac out;
    detail::check(Api::sum(&ctx_, out.data()));
    return out;
  }
  // Starts a new message under the same key (Go's Reset).
  void reset() { detail::check(Api::reset(&ctx_)); }

  typename Api::ctx* native() noexcept { return &ctx_; }
  const typename Api::ctx* native() const noexcept { return &ctx_; }

 private:
  typename Api::ctx ctx_;
};

// One-shot HMAC; approved under a key of at least min_approved_key_size
// bytes. Nothing key-derived is left behind.
template <class Hash>
typename Hash::Sum sum(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  typename Hash::Sum out;
  detail::check(HmacApi<Hash>::one_shot(key.data(), key.size(), data.data(), data.size(), out.data()));
  return out;
}
inline sha256::Sum sum_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha256::Digest>(key, data);
}
inline sha224::Sum sum_sha224(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha224::Digest>(key, data);
}
inline sha512::Sum sum_sha512(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha512::Digest>(key, data);
}
inline sha384::Sum sum_sha384(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha384::Digest>(key, data);
}
inline sha512_224::Sum sum_sha512_224(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha512_224::Digest>(key, data);
}
inline sha512_256::Sum sum_sha512_256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  return sum<sha512_256::Digest>(key, data);
}

}  // namespace fipsmod::hmac
