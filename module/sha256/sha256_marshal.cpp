// Saving and restoring a running SHA-256 or SHA-224, in the byte layout of
// Go's crypto/sha256 MarshalBinary: the magic "sha\x03" (SHA-256) or
// "sha\x02" (SHA-224), the eight chaining words big-endian, the 64-byte
// block buffer (bytes past the buffered ones are zero), and the count of
// bytes written, big-endian. 4 + 32 + 64 + 8 = 108 bytes.
#include <algorithm>

#include "../byteorder.hpp"
#include "sha256_kernel.hpp"

namespace fipsmod::sha256 {
namespace {

constexpr std::size_t kMagicSize = 4;
constexpr std::size_t kWordsAt = kMagicSize;
constexpr std::size_t kBufferAt = kWordsAt + 32;
constexpr std::size_t kLengthAt = kBufferAt + block_size;
static_assert(kLengthAt + 8 == marshaled_size);

constexpr std::array<std::uint8_t, kMagicSize> magic(Variant v) {
  return {'s', 'h', 'a', static_cast<std::uint8_t>(v == Variant::sha256 ? 0x03 : 0x02)};
}

using internal::Status;

}  // namespace

Status DigestAccess::marshal(const Running& r, Variant v, State& out) noexcept {
  return internal::run_service(approval, [&] {
    out = {};
    const auto m = magic(v);
    std::copy(m.begin(), m.end(), out.begin());
    for (std::size_t i = 0; i < 8; ++i) internal::store_be<std::uint32_t>(out.data() + kWordsAt + 4 * i, r.c.h[i]);
    const std::size_t buffered = static_cast<std::size_t>(r.c.len % block_size);
    std::copy_n(r.c.buf.begin(), buffered, out.begin() + kBufferAt);
    internal::store_be<std::uint64_t>(out.data() + kLengthAt, r.c.len);
    return Status::ok;
  });
}

Status DigestAccess::unmarshal(Running& r, Variant v, std::span<const std::uint8_t> state) noexcept {
  return internal::run_service(approval, [&] {
    // MD5's checks in MD5's order (md5_marshal.cpp), which are Go's: the
    // identifier, then the size; then the one Go leaves out: a buffer byte
    // past the buffered ones means corruption.
    const auto m = magic(v);
    if (state.size() < m.size() || !std::equal(m.begin(), m.end(), state.begin())) return Status::hash_state_id;
    if (state.size() != marshaled_size) return Status::hash_state_size;
    const std::uint64_t len = internal::load_be<std::uint64_t>(state.data() + kLengthAt);
    const std::size_t buffered = static_cast<std::size_t>(len % block_size);
    const auto tail = state.subspan(kBufferAt + buffered, block_size - buffered);
    if (std::any_of(tail.begin(), tail.end(), [](std::uint8_t b) { return b != 0; })) {
      return Status::hash_state_padding;
    }

    for (std::size_t i = 0; i < 8; ++i) r.c.h[i] = internal::load_be<std::uint32_t>(state.data() + kWordsAt + 4 * i);
    std::copy_n(state.begin() + kBufferAt, block_size, r.c.buf.begin());
    r.c.len = len;
    return Status::ok;
  });
}

State Digest::marshal() const {
  State out;
  internal::throw_if_error(DigestAccess::marshal(*this, out));
  return out;
}
void Digest::unmarshal(std::span<const std::uint8_t> state) {
  internal::throw_if_error(DigestAccess::unmarshal(*this, state));
}
State Digest224::marshal() const {
  State out;
  internal::throw_if_error(DigestAccess::marshal(*this, out));
  return out;
}
void Digest224::unmarshal(std::span<const std::uint8_t> state) {
  internal::throw_if_error(DigestAccess::unmarshal(*this, state));
}

}  // namespace fipsmod::sha256
