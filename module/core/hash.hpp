// The Merkle-Damgard streaming core every hash of the module runs on (32-
// and 64-bit words, 64- and 128-byte blocks, 8- and 16-byte length fields,
// either byte order): buffering of
// partial blocks, the padding with its length field, the digest, and the
// saved-state format of Go's MarshalBinary; then the checked services on
// it. A hash brings only its traits and its kernels' block function.
//
// A hash's traits H give:
//   using Word;                         std::uint32_t or std::uint64_t
//   words, block_size, size             chaining words, block and digest bytes
//   length_size                         bytes of the padding's length field (8, 16)
//   order                               std::endian of that field and the digest
//   iv                                  the initial chaining words
//   magic                               Go's 4-byte state identifier
//   using Kernel                        a record with `block(Word*, const uint8_t*, size_t)`
//   kernels()                           the hash's kernel list
//   approval, service                   how its services run, and their name
//   ctx_tag                             what marks a C context as this hash's
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "byteorder.hpp"
#include "registry.hpp"
#include "secure_zero.hpp"
#include "service.hpp"
#include "status.hpp"

namespace fipsmod::internal::hash {

template <class H>
using Word = typename H::Word;

// What a running hash holds besides its kernel.
template <class H>
struct Chain {
  std::array<Word<H>, H::words> h;
  std::uint64_t len;                            // bytes written, modulo 2^64 (as Go)
  std::array<std::uint8_t, H::block_size> buf;  // len % block_size bytes, then zeros
};

// A running hash: the kernel it runs on and its chain.
template <class H>
struct Running {
  const typename H::Kernel* kernel;
  Chain<H> c;
};

// Go's MarshalBinary layout: the magic, the chaining words big-endian, the
// block buffer (bytes past the buffered ones zero), the byte count
// big-endian.
template <class H>
inline constexpr std::size_t marshaled_size = 4 + H::words * sizeof(Word<H>) + H::block_size + 8;

template <class H>
Chain<H> initial_chain() noexcept {
  return Chain<H>{H::iv, 0, {}};
}

template <class H>
Running<H> start(const typename H::Kernel& kernel) noexcept {
  return Running<H>{&kernel, initial_chain<H>()};
}

template <class H>
void wipe(Running<H>& r) noexcept {
  secure_zero(&r, sizeof r);
}

// The first half of an update: counts data, tops up the partial block from
// it (hashing the block on `kernel` if it fills), keeps the tail past
// data's whole blocks in the buffer, and returns those whole blocks, which
// the caller hashes (absorb on the same kernel, a lanes dispatcher on many).
template <class H>
std::span<const std::uint8_t> take(const typename H::Kernel& kernel, Chain<H>& c,
                                   std::span<const std::uint8_t> data) noexcept {
  if (data.empty()) return {};  // data.data() may be null: memcpy may not see it
  const std::size_t buffered = static_cast<std::size_t>(c.len % H::block_size);
  c.len += data.size();
  if (buffered > 0) {
    const std::size_t n = std::min(H::block_size - buffered, data.size());
    std::memcpy(c.buf.data() + buffered, data.data(), n);
    data = data.subspan(n);
    if (buffered + n < H::block_size) return {};
    kernel.block(c.h.data(), c.buf.data(), 1);
    c.buf = {};
  }
  const std::size_t whole = data.size() / H::block_size * H::block_size;
  if (whole < data.size()) std::memcpy(c.buf.data(), data.data() + whole, data.size() - whole);
  return data.first(whole);
}

template <class H>
void absorb(const typename H::Kernel& kernel, Chain<H>& c, std::span<const std::uint8_t> data) noexcept {
  const auto whole = take<H>(kernel, c, data);
  if (!whole.empty()) kernel.block(c.h.data(), whole.data(), whole.size() / H::block_size);
}

// The last one or two blocks of a message of len bytes (modulo 2^64) whose
// last len % block_size bytes are `rest`, padded: those bytes, one 1 bit
// (0x80), zeros, then the length in bits in the last length_size bytes, in
// H's byte order (RFC 1321 §3.1-3.2; FIPS 180-4 §5.1). The count is of
// bytes modulo 2^64, so the length is too (for a 16-byte field, its top 61
// bits are zero), as in Go. Writes only the blocks it returns the number
// of.
template <class H>
std::size_t pad(std::span<const std::uint8_t> rest, std::uint64_t len,
                std::array<std::uint8_t, 2 * H::block_size>& tail) noexcept {
  const std::size_t blocks = rest.size() < H::block_size - H::length_size ? 1 : 2;
  // Constant sizes: stores in line, not a call.
  if (blocks == 1) {
    std::memset(tail.data(), 0, H::block_size);
  } else {
    std::memset(tail.data(), 0, 2 * H::block_size);
  }
  if (!rest.empty()) std::memcpy(tail.data(), rest.data(), rest.size());
  tail[rest.size()] = 0x80;
  std::uint8_t* end = tail.data() + blocks * H::block_size;
  if constexpr (H::order == std::endian::little) {
    store_le<std::uint64_t>(end - H::length_size, len << 3);
  } else {
    store_be<std::uint64_t>(end - 8, len << 3);
    if constexpr (H::length_size == 16) store_be<std::uint64_t>(end - 16, len >> 61);
  }
  return blocks;
}

// c's last blocks, padded (pad).
template <class H>
std::size_t padding(const Chain<H>& c, std::array<std::uint8_t, 2 * H::block_size>& tail) noexcept {
  const std::size_t buffered = static_cast<std::size_t>(c.len % H::block_size);
  return pad<H>(std::span(c.buf).first(buffered), c.len, tail);
}

// The digest of chaining words h: the words in H's byte order, cut to
// out.size() (at most H::size) bytes.
template <class H>
void digest_of(const std::array<Word<H>, H::words>& h, std::span<std::uint8_t> out) noexcept {
  constexpr bool whole_words = H::size == H::words * sizeof(Word<H>);
  if (whole_words && out.size() >= H::size) {  // straight into out: nothing to wipe
    for (std::size_t i = 0; i < H::words; ++i) {
      if constexpr (H::order == std::endian::little) {
        store_le<Word<H>>(out.data() + sizeof(Word<H>) * i, h[i]);
      } else {
        store_be<Word<H>>(out.data() + sizeof(Word<H>) * i, h[i]);
      }
    }
    return;
  }
  std::array<std::uint8_t, H::words * sizeof(Word<H>)> all;
  for (std::size_t i = 0; i < H::words; ++i) {
    if constexpr (H::order == std::endian::little) {
      store_le<Word<H>>(all.data() + sizeof(Word<H>) * i, h[i]);
    } else {
      store_be<Word<H>>(all.data() + sizeof(Word<H>) * i, h[i]);
    }
  }
  std::copy_n(all.begin(), std::min(out.size(), H::size), out.begin());
  secure_zero(all.data(), all.size());
}

// The digest of everything c has taken, on a copy of its chaining words, so
// the hash can go on taking input. Writes min(out.size(), H::size) bytes.
template <class H>
void finish(const typename H::Kernel& kernel, const Chain<H>& c, std::span<std::uint8_t> out) noexcept {
  std::array<std::uint8_t, 2 * H::block_size> tail;
  const std::size_t blocks = padding<H>(c, tail);
  std::array<Word<H>, H::words> h = c.h;
  kernel.block(h.data(), tail.data(), blocks);
  digest_of<H>(h, out);
  secure_zero(tail.data(), blocks * H::block_size);  // pad wrote no more
  secure_zero(h.data(), sizeof h);
}

template <class H>
void marshal(const Chain<H>& c, std::span<std::uint8_t, marshaled_size<H>> out) noexcept {
  constexpr std::size_t words_at = 4, buffer_at = words_at + H::words * sizeof(Word<H>);
  constexpr std::size_t length_at = buffer_at + H::block_size;
  std::fill(out.begin(), out.end(), std::uint8_t{0});
  std::copy(H::magic.begin(), H::magic.end(), out.begin());
  for (std::size_t i = 0; i < H::words; ++i) store_be<Word<H>>(out.data() + words_at + sizeof(Word<H>) * i, c.h[i]);
  const std::size_t buffered = static_cast<std::size_t>(c.len % H::block_size);
  std::copy_n(c.buf.begin(), buffered, out.begin() + buffer_at);
  store_be<std::uint64_t>(out.data() + length_at, c.len);
}

// Go's UnmarshalBinary checks in Go's order (the identifier, then the
// size), then the one Go leaves out: a buffer byte past the buffered ones
// means corruption. On error c is unchanged.
template <class H>
Status unmarshal(Chain<H>& c, std::span<const std::uint8_t> state) noexcept {
  constexpr std::size_t words_at = 4, buffer_at = words_at + H::words * sizeof(Word<H>);
  constexpr std::size_t length_at = buffer_at + H::block_size;
  if (state.size() < H::magic.size() || !std::equal(H::magic.begin(), H::magic.end(), state.begin())) {
    return Status::hash_state_id;
  }
  if (state.size() != marshaled_size<H>) return Status::hash_state_size;
  const std::uint64_t len = load_be<std::uint64_t>(state.data() + length_at);
  const std::size_t buffered = static_cast<std::size_t>(len % H::block_size);
  const auto rest = state.subspan(buffer_at + buffered, H::block_size - buffered);
  if (std::any_of(rest.begin(), rest.end(), [](std::uint8_t b) { return b != 0; })) return Status::hash_state_padding;
  for (std::size_t i = 0; i < H::words; ++i) c.h[i] = load_be<Word<H>>(state.data() + words_at + sizeof(Word<H>) * i);
  std::copy_n(state.begin() + buffer_at, H::block_size, c.buf.begin());
  c.len = len;
  return Status::ok;
}

// The whole digest of data on a kernel, without the gate: the one-shot
// service's computation, the self-tests' and the tests'. The whole blocks
// straight from data, then the padded rest, with no running state: the
// same digest as absorb and finish give, without copying data through the
// block buffer or wiping a state (docs/small-inputs.md).
template <class H>
void digest(const typename H::Kernel& kernel, std::span<const std::uint8_t> data,
            std::span<std::uint8_t> out) noexcept {
  std::array<Word<H>, H::words> h = H::iv;
  const std::size_t whole = data.size() / H::block_size;
  if (whole > 0) kernel.block(h.data(), data.data(), whole);
  std::array<std::uint8_t, 2 * H::block_size> tail;
  const std::size_t blocks = pad<H>(data.subspan(whole * H::block_size), data.size(), tail);
  kernel.block(h.data(), tail.data(), blocks);
  digest_of<H>(h, out);
  secure_zero(tail.data(), blocks * H::block_size);  // pad wrote no more
  secure_zero(h.data(), sizeof h);
}

// The hash's services, as the C API calls them: each passes the gate once
// (run_service), returns a status and never throws; on error it changes
// and writes nothing.
template <class H>
struct Service {
  static Status init(Running<H>& r) noexcept {
    return run_service(H::approval, H::service, [&] {
      r = start<H>(selected_kernel<typename H::Kernel, &H::kernels>());
      return Status::ok;
    });
  }
  static Status update(Running<H>& r, std::span<const std::uint8_t> data) noexcept {
    return run_service(H::approval, H::service, [&] {
      absorb<H>(*r.kernel, r.c, data);
      return Status::ok;
    });
  }
  static Status sum(const Running<H>& r, std::span<std::uint8_t, H::size> out) noexcept {
    return run_service(H::approval, H::service, [&] {
      finish<H>(*r.kernel, r.c, out);
      return Status::ok;
    });
  }
  static Status marshal(const Running<H>& r, std::span<std::uint8_t, marshaled_size<H>> out) noexcept {
    return run_service(H::approval, H::service, [&] {
      hash::marshal<H>(r.c, out);
      return Status::ok;
    });
  }
  // Restores everything but r.kernel.
  static Status unmarshal(Running<H>& r, std::span<const std::uint8_t> state) noexcept {
    return run_service(H::approval, H::service, [&] { return hash::unmarshal<H>(r.c, state); });
  }
  static Status one_shot(std::span<const std::uint8_t> data, std::span<std::uint8_t, H::size> out) noexcept {
    return run_service(H::approval, H::service, [&] {
      digest<H>(selected_kernel<typename H::Kernel, &H::kernels>(), data, out);
      return Status::ok;
    });
  }
};

}  // namespace fipsmod::internal::hash

namespace fipsmod::internal::hash {

// A running hash on one given kernel, without the gate, as an object: what
// tests, fuzzers and benchmarks use to drive a particular kernel (the
// services always run the selected one).
template <class H>
class OnKernel {
 public:
  using Sum = std::array<std::uint8_t, H::size>;
  using State = std::array<std::uint8_t, marshaled_size<H>>;
  explicit OnKernel(const typename H::Kernel& kernel) noexcept : r_(start<H>(kernel)) {}
  OnKernel(const OnKernel&) = default;
  OnKernel& operator=(const OnKernel&) = default;
  ~OnKernel() { wipe<H>(r_); }

  void update(std::span<const std::uint8_t> data) noexcept { absorb<H>(*r_.kernel, r_.c, data); }
  void update(std::string_view data) noexcept {
    update(std::span(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
  }
  Sum sum() const noexcept {
    Sum out;
    finish<H>(*r_.kernel, r_.c, out);
    return out;
  }
  void reset() noexcept { r_ = start<H>(*r_.kernel); }
  State marshal() const noexcept {
    State out;
    hash::marshal<H>(r_.c, out);
    return out;
  }
  Status unmarshal(std::span<const std::uint8_t> state) noexcept { return hash::unmarshal<H>(r_.c, state); }
  const typename H::Kernel& kernel() const noexcept { return *r_.kernel; }
  Running<H>& running() noexcept { return r_; }
  const Running<H>& running() const noexcept { return r_; }

 private:
  Running<H> r_;
};

}  // namespace fipsmod::internal::hash
