// HMAC (FIPS 198-1) over SHA-256 and SHA-224: keying, the inner and outer
// hashes, the services, and zeroisation of everything key-derived.
#include <algorithm>
#include <cstring>

#include "../secure_zero.hpp"
#include "hmac_kernel.hpp"

namespace fipsmod::hmac {
namespace {

using internal::Status;
using sha256::block_size;
using sha256::Chain;

constexpr std::uint8_t kIpad = 0x36, kOpad = 0x5c;  // FIPS 198-1 §3

// The hash state after one block `block`, from the initial hash value.
std::array<std::uint32_t, 8> after_one_block(const sha256::Kernel& kernel, Variant v, const std::uint8_t* block) {
  std::array<std::uint32_t, 8> h = sha256::initial_hash(v);
  kernel.block(h.data(), block, 1);
  return h;
}

std::span<const std::uint8_t> bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace

void HmacAccess::key(Keyed& k, const sha256::Kernel& kernel, Variant v, std::span<const std::uint8_t> key) noexcept {
  // §4 steps 1-3: K0 is the key padded with zeros to the block, or the
  // hash of the key so padded when the key is longer than the block.
  std::array<std::uint8_t, block_size> k0{};
  if (key.size() > block_size) {
    Chain c = sha256::initial_chain(v);
    sha256::absorb(kernel, c, key);
    sha256::finish(kernel, c, v, std::span(k0).first(sha256::digest_size(v)));
    internal::secure_zero(&c, sizeof c);
  } else {
    std::copy(key.begin(), key.end(), k0.begin());
  }
  // Steps 4 and 7: K0 ^ ipad and K0 ^ opad, each hashed as one block now.
  std::array<std::uint8_t, block_size> pad;
  for (std::size_t i = 0; i < block_size; ++i) pad[i] = k0[i] ^ kIpad;
  k.inner_start = after_one_block(kernel, v, pad.data());
  for (std::size_t i = 0; i < block_size; ++i) pad[i] = k0[i] ^ kOpad;
  k.outer_start = after_one_block(kernel, v, pad.data());
  internal::secure_zero(k0.data(), k0.size());
  internal::secure_zero(pad.data(), pad.size());
  k.kernel = &kernel;
  k.approved_key = key.size() >= min_approved_key_size;
  restart(k);
}

void HmacAccess::restart(Keyed& k) noexcept { k.inner = Chain{k.inner_start, block_size, {}}; }

void HmacAccess::absorb(Keyed& k, std::span<const std::uint8_t> data) noexcept {
  sha256::absorb(*k.kernel, k.inner, data);
}

void HmacAccess::finish(const Keyed& k, Variant v, std::span<std::uint8_t> out) noexcept {
  // Steps 5-6 on a copy of the inner state, then steps 8-9: the outer hash
  // of the inner digest after the K0 ^ opad block.
  std::array<std::uint8_t, sha256::size> inner{};
  const std::size_t n = sha256::digest_size(v);
  sha256::finish(*k.kernel, k.inner, v, std::span(inner).first(n));
  Chain outer{k.outer_start, block_size, {}};
  sha256::absorb(*k.kernel, outer, std::span(inner).first(n));
  sha256::finish(*k.kernel, outer, v, out);
  internal::secure_zero(inner.data(), inner.size());
  internal::secure_zero(&outer, sizeof outer);
}

void HmacAccess::wipe(Keyed& k) noexcept { internal::secure_zero(&k, sizeof k); }

Status HmacAccess::init(Keyed& k, Variant v, std::span<const std::uint8_t> key) noexcept {
  return internal::run_service(approval_for_key(key.size()), [&] {
    HmacAccess::key(k, sha256::selected_kernel(), v, key);
    return Status::ok;
  });
}

Status HmacAccess::update(Keyed& k, std::span<const std::uint8_t> data) noexcept {
  return internal::run_service(approval_of(k), [&] {
    absorb(k, data);
    return Status::ok;
  });
}

Status HmacAccess::sum(const Keyed& k, Variant v, std::span<std::uint8_t> out) noexcept {
  return internal::run_service(approval_of(k), [&] {
    finish(k, v, out);
    return Status::ok;
  });
}

Status HmacAccess::reset(Keyed& k) noexcept {
  return internal::run_service(approval_of(k), [&] {
    restart(k);
    return Status::ok;
  });
}

Status HmacAccess::one_shot(Variant v, std::span<const std::uint8_t> key, std::span<const std::uint8_t> data,
                            std::span<std::uint8_t> out) noexcept {
  return internal::run_service(approval_for_key(key.size()), [&] {
    Keyed k;
    HmacAccess::key(k, sha256::selected_kernel(), v, key);
    absorb(k, data);
    finish(k, v, out);
    wipe(k);
    return Status::ok;
  });
}

// The C++ API.

template <class Hash>
Hmac<Hash>::Hmac(std::span<const std::uint8_t> key) {
  internal::throw_if_error(HmacAccess::init(k_, variant_of<Hash>(), key));
}

template <class Hash>
Hmac<Hash>::Hmac(std::string_view key) : Hmac(bytes(key)) {}

template <class Hash>
Hmac<Hash>::~Hmac() {
  HmacAccess::wipe(k_);
}

template <class Hash>
void Hmac<Hash>::update(std::span<const std::uint8_t> data) {
  internal::throw_if_error(HmacAccess::update(k_, data));
}

template <class Hash>
void Hmac<Hash>::update(std::string_view data) {
  update(bytes(data));
}

template <class Hash>
typename Hmac<Hash>::Mac Hmac<Hash>::sum() const {
  Mac out;
  internal::throw_if_error(HmacAccess::sum(k_, variant_of<Hash>(), out));
  return out;
}

template <class Hash>
void Hmac<Hash>::reset() {
  internal::throw_if_error(HmacAccess::reset(k_));
}

template class Hmac<sha256::Digest>;
template class Hmac<sha256::Digest224>;

sha256::Sum sum_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  sha256::Sum out;
  internal::throw_if_error(HmacAccess::one_shot(Variant::sha256, key, data, out));
  return out;
}

sha256::Sum224 sum_sha224(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  sha256::Sum224 out;
  internal::throw_if_error(HmacAccess::one_shot(Variant::sha224, key, data, out));
  return out;
}

}  // namespace fipsmod::hmac
