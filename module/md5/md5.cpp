// MD5 streaming: buffering of partial blocks and the final padding
// (RFC 1321 §3.1-3.2, §3.5), and the services built on them. The block
// function comes from a kernel.
#include <algorithm>
#include <cstring>

#include "../byteorder.hpp"
#include "../secure_zero.hpp"
#include "md5_kernel.hpp"

namespace fipsmod::md5 {
namespace {

using internal::Status;

// RFC 1321 §3.3: the initial chaining words A, B, C, D.
constexpr std::array<std::uint32_t, 4> kInit = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

void absorb(Running& r, std::span<const std::uint8_t> data) noexcept {
  const auto whole = DigestAccess::take(r, data);
  if (!whole.empty()) r.kernel->block(r.s.data(), whole.data(), whole.size() / block_size);
}

Sum finish(const Running& r) noexcept {
  // The last blocks go through the kernel on a copy of the chaining words,
  // so the digest can go on taking input.
  std::array<std::uint8_t, 2 * block_size> tail;
  const std::size_t blocks = DigestAccess::padding(r, tail);
  std::array<std::uint32_t, 4> s = r.s;
  r.kernel->block(s.data(), tail.data(), blocks);
  const Sum out = DigestAccess::digest_of(s);
  internal::secure_zero(tail.data(), tail.size());
  internal::secure_zero(s.data(), sizeof s);
  return out;
}

}  // namespace

Running DigestAccess::start(const Kernel& kernel) noexcept { return Running{&kernel, kInit, 0, {}}; }

void DigestAccess::wipe(Running& r) noexcept { internal::secure_zero(&r, sizeof r); }

Status DigestAccess::init(Running& r) noexcept {
  return internal::run_service(approval, [&] {
    r = start(selected_kernel());
    return Status::ok;
  });
}

Status DigestAccess::update(Running& r, std::span<const std::uint8_t> data) noexcept {
  return internal::run_service(approval, [&] {
    absorb(r, data);
    return Status::ok;
  });
}

Status DigestAccess::sum(const Running& r, Sum& out) noexcept {
  return internal::run_service(approval, [&] {
    out = finish(r);
    return Status::ok;
  });
}

Status DigestAccess::reset(Running& r) noexcept {
  return internal::run_service(approval, [&] {
    const Kernel* kernel = r.kernel;
    wipe(r);
    r = start(*kernel);
    return Status::ok;
  });
}

Status DigestAccess::one_shot(std::span<const std::uint8_t> data, Sum& out) noexcept {
  return internal::run_service(approval, [&] {
    out = unchecked_sum(selected_kernel(), data);
    return Status::ok;
  });
}

Sum DigestAccess::unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept {
  Running r = start(kernel);
  absorb(r, data);
  const Sum out = finish(r);
  wipe(r);
  return out;
}

Sum DigestAccess::final_sum(const Running& r) noexcept { return finish(r); }

std::span<const std::uint8_t> DigestAccess::take(Running& r, std::span<const std::uint8_t> data) noexcept {
  if (data.empty()) return {};  // data.data() may be null: memcpy may not see it
  const std::size_t buffered = static_cast<std::size_t>(r.len % block_size);
  r.len += data.size();
  if (buffered > 0) {
    const std::size_t n = std::min(block_size - buffered, data.size());
    std::memcpy(r.buf.data() + buffered, data.data(), n);
    data = data.subspan(n);
    if (buffered + n < block_size) return {};
    r.kernel->block(r.s.data(), r.buf.data(), 1);
    r.buf = {};
  }
  const std::size_t whole = data.size() / block_size * block_size;
  if (whole < data.size()) std::memcpy(r.buf.data(), data.data() + whole, data.size() - whole);
  return data.first(whole);
}

std::size_t DigestAccess::padding(const Running& r, std::array<std::uint8_t, 2 * block_size>& tail) noexcept {
  // RFC 1321 §3.1-3.2: the buffered bytes, one 0x80 byte, zeros up to 56
  // mod 64, then the message length in bits as a little-endian 64-bit
  // number (modulo 2^64).
  const std::size_t buffered = static_cast<std::size_t>(r.len % block_size);
  const std::size_t blocks = buffered < block_size - 8 ? 1 : 2;
  tail = {};
  std::memcpy(tail.data(), r.buf.data(), block_size);  // zeros past `buffered`
  tail[buffered] = 0x80;
  internal::store_le<std::uint64_t>(tail.data() + blocks * block_size - 8, r.len << 3);
  return blocks;
}

Sum DigestAccess::digest_of(const std::array<std::uint32_t, 4>& s) noexcept {
  Sum out;
  for (std::size_t i = 0; i < 4; ++i) internal::store_le<std::uint32_t>(out.data() + 4 * i, s[i]);
  return out;
}

Digest::Digest() : r_{} { internal::throw_if_error(DigestAccess::init(r_)); }

Digest::~Digest() { DigestAccess::wipe(r_); }

// The C++ API: each member is its checked service, with the status thrown.

void Digest::update(std::span<const std::uint8_t> data) { internal::throw_if_error(DigestAccess::update(*this, data)); }

void Digest::update(std::string_view data) {
  update(std::span(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
}

Sum Digest::sum() const {
  Sum out;
  internal::throw_if_error(DigestAccess::sum(*this, out));
  return out;
}

void Digest::reset() { internal::throw_if_error(DigestAccess::reset(r_)); }

Sum sum(std::span<const std::uint8_t> data) {
  Sum out;
  internal::throw_if_error(DigestAccess::one_shot(data, out));
  return out;
}

Sum sum(std::string_view data) {
  return sum(std::span(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
}

}  // namespace fipsmod::md5
