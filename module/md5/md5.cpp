// MD5 streaming: buffering of partial blocks and the final padding
// (RFC 1321 §3.1-3.2, §3.5), and the services built on them. The block
// function comes from a kernel.
#include <algorithm>
#include <cstring>

#include "../byteorder.hpp"
#include "../power_on.hpp"
#include "md5_kernel.hpp"

namespace fipsmod::md5 {
namespace {

using internal::Status;

// RFC 1321 §3.3: the initial chaining words A, B, C, D.
constexpr std::array<std::uint32_t, 4> kInit = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

}  // namespace

Digest::Digest(const Kernel& kernel) noexcept : kernel_(&kernel), s_(kInit), len_(0), buf_{} {}

Digest::Digest() : Digest(selected_kernel()) { internal::throw_if_error(internal::gate()); }

void Digest::absorb(std::span<const std::uint8_t> data) noexcept {
  if (data.empty()) return;
  const std::size_t buffered = static_cast<std::size_t>(len_ % block_size);
  len_ += data.size();
  if (buffered > 0) {
    const std::size_t take = std::min(block_size - buffered, data.size());
    std::memcpy(buf_.data() + buffered, data.data(), take);
    data = data.subspan(take);
    if (buffered + take < block_size) return;
    kernel_->block(s_.data(), buf_.data(), 1);
    buf_ = {};
  }
  if (const std::size_t blocks = data.size() / block_size; blocks > 0) {
    kernel_->block(s_.data(), data.data(), blocks);
    data = data.subspan(blocks * block_size);
  }
  if (!data.empty()) std::memcpy(buf_.data(), data.data(), data.size());
}

Sum Digest::finish() const noexcept {
  // The last one or two blocks, built in place (RFC 1321 §3.1-3.2): the
  // buffered bytes, one 0x80 byte, zeros up to 56 mod 64, then the message
  // length in bits as a little-endian 64-bit number (modulo 2^64). They go
  // through the kernel on a copy of the chaining words, so the digest can
  // go on taking input.
  const std::size_t buffered = static_cast<std::size_t>(len_ % block_size);
  const std::size_t blocks = buffered < block_size - 8 ? 1 : 2;
  std::array<std::uint8_t, 2 * block_size> tail{};
  std::memcpy(tail.data(), buf_.data(), block_size);  // zeros past `buffered`
  tail[buffered] = 0x80;
  internal::store_le<std::uint64_t>(tail.data() + blocks * block_size - 8, len_ << 3);
  std::array<std::uint32_t, 4> s = s_;
  kernel_->block(s.data(), tail.data(), blocks);

  Sum out;
  for (std::size_t i = 0; i < 4; ++i) internal::store_le<std::uint32_t>(out.data() + 4 * i, s[i]);
  return out;
}

Status DigestAccess::update(Digest& d, std::span<const std::uint8_t> data) noexcept {
  if (const Status s = internal::gate(); s != Status::ok) return s;
  d.absorb(data);
  return Status::ok;
}

Status DigestAccess::sum(const Digest& d, Sum& out) noexcept {
  if (const Status s = internal::gate(); s != Status::ok) return s;
  out = d.finish();
  return Status::ok;
}

Status DigestAccess::reset(Digest& d) noexcept {
  if (const Status s = internal::gate(); s != Status::ok) return s;
  d.s_ = kInit;
  d.len_ = 0;
  d.buf_ = {};
  return Status::ok;
}

Status DigestAccess::one_shot(std::span<const std::uint8_t> data, Sum& out) noexcept {
  if (const Status s = internal::gate(); s != Status::ok) return s;
  out = unchecked_sum(selected_kernel(), data);
  return Status::ok;
}

Sum DigestAccess::unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept {
  Digest d(kernel);
  d.absorb(data);
  return d.finish();
}

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

void Digest::reset() { internal::throw_if_error(DigestAccess::reset(*this)); }

Sum sum(std::span<const std::uint8_t> data) {
  Sum out;
  internal::throw_if_error(DigestAccess::one_shot(data, out));
  return out;
}

Sum sum(std::string_view data) {
  return sum(std::span(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
}

}  // namespace fipsmod::md5
