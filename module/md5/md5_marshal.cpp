// Saving and restoring a running MD5, in the byte layout of Go's crypto/md5
// MarshalBinary: the magic "md5\x01", the four chaining words big-endian,
// the 64-byte block buffer (bytes past the buffered ones are zero), and the
// count of bytes written, big-endian. 4 + 16 + 64 + 8 = 92 bytes.
#include <algorithm>

#include "../byteorder.hpp"
#include "md5_kernel.hpp"

namespace fipsmod::md5 {
namespace {

constexpr std::array<std::uint8_t, 4> kMagic = {'m', 'd', '5', 0x01};
constexpr std::size_t kWordsAt = kMagic.size();
constexpr std::size_t kBufferAt = kWordsAt + 16;
constexpr std::size_t kLengthAt = kBufferAt + block_size;
static_assert(kLengthAt + 8 == marshaled_size);

using internal::Status;

}  // namespace

Status DigestAccess::marshal(const Running& r, State& out) noexcept {
  return internal::run_service(approval, [&] {
    out = {};
    std::copy(kMagic.begin(), kMagic.end(), out.begin());
    for (std::size_t i = 0; i < 4; ++i) internal::store_be<std::uint32_t>(out.data() + kWordsAt + 4 * i, r.s[i]);
    const std::size_t buffered = static_cast<std::size_t>(r.len % block_size);
    std::copy_n(r.buf.begin(), buffered, out.begin() + kBufferAt);
    internal::store_be<std::uint64_t>(out.data() + kLengthAt, r.len);
    return Status::ok;
  });
}

Status DigestAccess::unmarshal(Running& r, std::span<const std::uint8_t> state) noexcept {
  return internal::run_service(approval, [&] {
    // Same checks, in the same order, as Go's UnmarshalBinary; then the one
    // Go leaves out: a buffer byte past the buffered ones means corruption.
    if (state.size() < kMagic.size() || !std::equal(kMagic.begin(), kMagic.end(), state.begin())) {
      return Status::hash_state_id;
    }
    if (state.size() != marshaled_size) return Status::hash_state_size;
    const std::uint64_t len = internal::load_be<std::uint64_t>(state.data() + kLengthAt);
    const std::size_t buffered = static_cast<std::size_t>(len % block_size);
    const auto tail = state.subspan(kBufferAt + buffered, block_size - buffered);
    if (std::any_of(tail.begin(), tail.end(), [](std::uint8_t b) { return b != 0; })) {
      return Status::hash_state_padding;
    }

    for (std::size_t i = 0; i < 4; ++i) r.s[i] = internal::load_be<std::uint32_t>(state.data() + kWordsAt + 4 * i);
    std::copy_n(state.begin() + kBufferAt, block_size, r.buf.begin());
    r.len = len;
    return Status::ok;
  });
}

State Digest::marshal() const {
  State out;
  internal::throw_if_error(DigestAccess::marshal(r_, out));
  return out;
}

void Digest::unmarshal(std::span<const std::uint8_t> state) {
  internal::throw_if_error(DigestAccess::unmarshal(r_, state));
}

}  // namespace fipsmod::md5
