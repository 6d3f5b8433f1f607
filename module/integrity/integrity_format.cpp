#include "integrity_format.hpp"

#include "core/byteorder.hpp"
#include "hmac/internal.hpp"

namespace fipsmod::integrity {
namespace {

using H = sha256::Sha256;

void feed_sized(hmac::Keyed<H>& k, std::span<const std::uint8_t> bytes) noexcept {
  std::array<std::uint8_t, 8> size{};
  internal::store_le<std::uint64_t>(size.data(), bytes.size());
  hmac::absorb<H>(k, size);
  hmac::absorb<H>(k, bytes);
}

}  // namespace

Value compute(const sha256::Kernel& kernel, std::span<const std::uint8_t> text,
              std::span<const std::uint8_t> rodata) noexcept {
  hmac::Keyed<H> k;
  hmac::key<H>(k, kernel, key);
  feed_sized(k, text);
  feed_sized(k, rodata);
  Value out{};
  hmac::finish<H>(k, out);
  hmac::wipe<H>(k);
  return out;
}

}  // namespace fipsmod::integrity
