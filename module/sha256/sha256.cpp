// SHA-256 and SHA-224 streaming: buffering of partial blocks and the final
// padding (FIPS 180-4 §5.1.1), shared by both digests and by HMAC, and the
// services built on them. The block function comes from a kernel.
#include <algorithm>
#include <cstring>

#include "../byteorder.hpp"
#include "../secure_zero.hpp"
#include "sha256_kernel.hpp"

namespace fipsmod::sha256 {
namespace {

using internal::Status;

// §5.3.3: the first 32 bits of the fractional parts of the square roots of
// the first eight primes (sha256_test recomputes them).
constexpr std::array<std::uint32_t, 8> kInit256 = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
// §5.3.2: the second 32 bits of those of the ninth to sixteenth primes.
constexpr std::array<std::uint32_t, 8> kInit224 = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                                   0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};

}  // namespace

const std::array<std::uint32_t, 8>& initial_hash(Variant v) noexcept {
  return v == Variant::sha256 ? kInit256 : kInit224;
}

Chain initial_chain(Variant v) noexcept { return Chain{initial_hash(v), 0, {}}; }

void absorb(const Kernel& k, Chain& c, std::span<const std::uint8_t> data) noexcept {
  if (data.empty()) return;
  const std::size_t buffered = static_cast<std::size_t>(c.len % block_size);
  c.len += data.size();
  if (buffered > 0) {
    const std::size_t take = std::min(block_size - buffered, data.size());
    std::memcpy(c.buf.data() + buffered, data.data(), take);
    data = data.subspan(take);
    if (buffered + take < block_size) return;
    k.block(c.h.data(), c.buf.data(), 1);
    c.buf = {};
  }
  if (const std::size_t blocks = data.size() / block_size; blocks > 0) {
    k.block(c.h.data(), data.data(), blocks);
    data = data.subspan(blocks * block_size);
  }
  if (!data.empty()) std::memcpy(c.buf.data(), data.data(), data.size());
}

void finish(const Kernel& k, const Chain& c, Variant v, std::span<std::uint8_t> out) noexcept {
  // §5.1.1: the buffered bytes, one 1 bit (0x80), zeros up to 56 mod 64,
  // then the message length in bits as a big-endian 64-bit number (the
  // standard allows messages under 2^64 bits; longer ones wrap, as in Go).
  const std::size_t buffered = static_cast<std::size_t>(c.len % block_size);
  const std::size_t blocks = buffered < block_size - 8 ? 1 : 2;
  std::array<std::uint8_t, 2 * block_size> tail{};
  std::memcpy(tail.data(), c.buf.data(), block_size);  // zeros past `buffered`
  tail[buffered] = 0x80;
  internal::store_be<std::uint64_t>(tail.data() + blocks * block_size - 8, c.len << 3);
  std::array<std::uint32_t, 8> h = c.h;
  k.block(h.data(), tail.data(), blocks);
  // §6.2.2 / §6.3: the digest is H0..H7 big-endian, SHA-224 keeps H0..H6.
  const std::size_t n = std::min(out.size(), digest_size(v));
  std::array<std::uint8_t, size> all;
  for (std::size_t i = 0; i < 8; ++i) internal::store_be<std::uint32_t>(all.data() + 4 * i, h[i]);
  std::copy_n(all.begin(), n, out.begin());
  internal::secure_zero(tail.data(), tail.size());
  internal::secure_zero(h.data(), sizeof h);
  internal::secure_zero(all.data(), all.size());
}

void DigestAccess::wipe(Running& r) noexcept { internal::secure_zero(&r, sizeof r); }

Status DigestAccess::init(Running& r, Variant v) noexcept {
  return internal::run_service(approval, [&] {
    r = start(selected_kernel(), v);
    return Status::ok;
  });
}

Status DigestAccess::update(Running& r, std::span<const std::uint8_t> data) noexcept {
  return internal::run_service(approval, [&] {
    absorb(*r.kernel, r.c, data);
    return Status::ok;
  });
}

Status DigestAccess::sum(const Running& r, Variant v, std::span<std::uint8_t> out) noexcept {
  return internal::run_service(approval, [&] {
    finish(*r.kernel, r.c, v, out);
    return Status::ok;
  });
}

Status DigestAccess::reset(Running& r, Variant v) noexcept {
  return internal::run_service(approval, [&] {
    const Kernel* kernel = r.kernel;
    wipe(r);
    r = start(*kernel, v);
    return Status::ok;
  });
}

Status DigestAccess::one_shot(Variant v, std::span<const std::uint8_t> data, std::span<std::uint8_t> out) noexcept {
  return internal::run_service(approval, [&] {
    Running r = start(selected_kernel(), v);
    absorb(*r.kernel, r.c, data);
    finish(*r.kernel, r.c, v, out);
    wipe(r);
    return Status::ok;
  });
}

Sum DigestAccess::unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept {
  Chain c = initial_chain(Variant::sha256);
  absorb(kernel, c, data);
  Sum out;
  finish(kernel, c, Variant::sha256, out);
  internal::secure_zero(&c, sizeof c);
  return out;
}

Sum224 DigestAccess::unchecked_sum224(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept {
  Chain c = initial_chain(Variant::sha224);
  absorb(kernel, c, data);
  Sum224 out;
  finish(kernel, c, Variant::sha224, out);
  internal::secure_zero(&c, sizeof c);
  return out;
}

Digest::Digest() : r_{} { internal::throw_if_error(DigestAccess::init(r_, Variant::sha256)); }
Digest::~Digest() { DigestAccess::wipe(r_); }
Digest224::Digest224() : r_{} { internal::throw_if_error(DigestAccess::init(r_, Variant::sha224)); }
Digest224::~Digest224() { DigestAccess::wipe(r_); }

// The C++ API: each member is its checked service, with the status thrown.
namespace {
std::span<const std::uint8_t> bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}
}  // namespace

void Digest::update(std::span<const std::uint8_t> data) { internal::throw_if_error(DigestAccess::update(*this, data)); }
void Digest::update(std::string_view data) { update(bytes(data)); }
Sum Digest::sum() const {
  Sum out;
  internal::throw_if_error(DigestAccess::sum(*this, out));
  return out;
}
void Digest::reset() { internal::throw_if_error(DigestAccess::reset(*this)); }

void Digest224::update(std::span<const std::uint8_t> data) {
  internal::throw_if_error(DigestAccess::update(*this, data));
}
void Digest224::update(std::string_view data) { update(bytes(data)); }
Sum224 Digest224::sum() const {
  Sum224 out;
  internal::throw_if_error(DigestAccess::sum(*this, out));
  return out;
}
void Digest224::reset() { internal::throw_if_error(DigestAccess::reset(*this)); }

Sum sum(std::span<const std::uint8_t> data) {
  Sum out;
  internal::throw_if_error(DigestAccess::one_shot(Variant::sha256, data, out));
  return out;
}
Sum sum(std::string_view data) { return sum(bytes(data)); }

Sum224 sum224(std::span<const std::uint8_t> data) {
  Sum224 out;
  internal::throw_if_error(DigestAccess::one_shot(Variant::sha224, data, out));
  return out;
}
Sum224 sum224(std::string_view data) { return sum224(bytes(data)); }

}  // namespace fipsmod::sha256
