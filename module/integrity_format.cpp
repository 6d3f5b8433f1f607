// The integrity value's message and computation (integrity_format.hpp).
#include "integrity_format.hpp"

#include "byteorder.hpp"

namespace fipsmod::integrity {

namespace {

void feed_sized(hmac::Keyed& k, std::span<const std::uint8_t> bytes) noexcept {
  std::array<std::uint8_t, 8> size{};
  internal::store_le<std::uint64_t>(size.data(), bytes.size());
  hmac::HmacAccess::absorb(k, size);
  hmac::HmacAccess::absorb(k, bytes);
}

}  // namespace

void feed(hmac::Keyed& k, std::span<const std::uint8_t> text, std::span<const std::uint8_t> rodata) noexcept {
  feed_sized(k, text);
  feed_sized(k, rodata);
}

Value compute(const sha256::Kernel& kernel, std::span<const std::uint8_t> text,
              std::span<const std::uint8_t> rodata) noexcept {
  hmac::Keyed k;
  hmac::HmacAccess::key(k, kernel, sha256::Variant::sha256, key);
  feed(k, text, rodata);
  Value out{};
  hmac::HmacAccess::finish(k, sha256::Variant::sha256, out);
  hmac::HmacAccess::wipe(k);
  return out;
}

}  // namespace fipsmod::integrity
