#include "integrity_format.hpp"

namespace fipsmod::integrity {
namespace {

void absorb_with_size(hmac::Keyed& k, std::span<const std::uint8_t> bytes) noexcept {
  std::array<std::uint8_t, 8> size{};
  std::uint64_t n = bytes.size();
  for (std::uint8_t& b : size) {
    b = static_cast<std::uint8_t>(n);
    n >>= 8;
  }
  hmac::HmacAccess::absorb(k, size);
  hmac::HmacAccess::absorb(k, bytes);
}

}  // namespace

std::array<std::uint8_t, kValueSize> value(const sha256::Kernel& kernel, std::span<const std::uint8_t> text,
                                           std::span<const std::uint8_t> rodata) noexcept {
  const auto key = std::as_bytes(std::span(kKey));
  hmac::Keyed k;
  hmac::HmacAccess::key(k, kernel, hmac::Variant::sha256,
                        {reinterpret_cast<const std::uint8_t*>(key.data()), key.size()});
  absorb_with_size(k, text);
  absorb_with_size(k, rodata);
  std::array<std::uint8_t, kValueSize> out{};
  hmac::HmacAccess::finish(k, hmac::Variant::sha256, out);
  hmac::HmacAccess::wipe(k);
  return out;
}

}  // namespace fipsmod::integrity
