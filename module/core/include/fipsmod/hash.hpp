// fipsmod::Digest: the C++ form of every hash's C functions, header-only.
// A hash's header declares its names with FIPSMOD_HASH_CXX_API (at the
// end): an Api struct naming its C functions, and Digest = Digest<Api>.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/module.hpp>

namespace fipsmod {

namespace detail {
inline std::span<const std::uint8_t> bytes_of(std::string_view s) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}
// Whether [a, a + an) and [b, b + bn) share a byte (compared as integers:
// they may be different objects).
inline bool shares_bytes(const void* a, std::size_t an, const void* b, std::size_t bn) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a);
  const auto y = reinterpret_cast<std::uintptr_t>(b);
  return an != 0 && bn != 0 && x < y + bn && y < x + an;
}
}  // namespace detail

// A running hash computation over a C context. Copying one clones the
// computation. update and sum never allocate. The destructor zeroises the
// context. Every member but the destructor is a service of the hash, with
// its approval: it sets fipsmod::service_indicator(), throws fipsmod::error
// (fipsmod::module_error once a self-test has failed) where the C function
// fails, and then has changed and written nothing.
template <class ApiT>
class Digest {
 public:
  using Api = ApiT;
  using Sum = std::array<std::uint8_t, Api::size>;
  using State = std::array<std::uint8_t, Api::marshaled_size>;
  static constexpr std::size_t size = Api::size;
  static constexpr std::size_t block_size = Api::block_size;
  static constexpr std::size_t marshaled_size = Api::marshaled_size;

  // Uses the best kernel for this CPU.
  Digest() { detail::check(Api::init(&ctx_)); }
  Digest(const Digest&) = default;
  Digest& operator=(const Digest&) = default;
  ~Digest() { Api::cleanse(&ctx_); }

  void update(std::span<const std::uint8_t> data) { detail::check(Api::update(&ctx_, data.data(), data.size())); }
  void update(std::string_view data) { update(detail::bytes_of(data)); }
  // The digest of everything written so far; the state is unchanged.
  [[nodiscard]] Sum sum() const {
    Sum out;
    detail::check(Api::sum(&ctx_, out.data()));
    return out;
  }
  // Starts again: init overwrites the whole context, so nothing of the
  // old message stays; refused (the module in error), it is left alone.
  void reset() { detail::check(Api::init(&ctx_)); }

  // The state in the layout of Go's MarshalBinary.
  [[nodiscard]] State marshal() const {
    State out;
    detail::check(Api::marshal(&ctx_, out.data()));
    return out;
  }
  // Restores a state saved by marshal (or by Go's MarshalBinary of the same
  // hash). Throws fipsmod::error with FIPSMOD_ERR_HASH_STATE_ID, _SIZE or
  // _PADDING; on error the digest is unchanged.
  void unmarshal(std::span<const std::uint8_t> state) { detail::check(Api::unmarshal(&ctx_, state.data(), state.size())); }

  // The C context, for the C functions that take it.
  typename Api::ctx* native() noexcept { return &ctx_; }
  const typename Api::ctx* native() const noexcept { return &ctx_; }

 private:
  typename Api::ctx ctx_;
};

// One-shot digest.
template <class Api>
typename Digest<Api>::Sum sum(std::span<const std::uint8_t> data) {
  typename Digest<Api>::Sum out;
  detail::check(Api::one_shot(data.data(), data.size(), out.data()));
  return out;
}

}  // namespace fipsmod

// Declares, in the namespace where it stands, a hash's C++ API over its C
// functions fipsmod_NAME, fipsmod_NAME_init, _update, _sum, _marshal,
// _unmarshal and _cleanse: Api (those functions, as Digest takes them),
// size, block_size and marshaled_size (the C header's constants), Digest,
// Sum, State, and the one-shot sum() of a span or a string_view.
#define FIPSMOD_HASH_CXX_API(NAME, SIZE, BLOCK_SIZE, MARSHALED_SIZE)                                              \
  struct Api {                                                                                                  \
    using ctx = fipsmod_##NAME##_ctx;                                                                           \
    static constexpr std::size_t size = SIZE, block_size = BLOCK_SIZE, marshaled_size = MARSHALED_SIZE;         \
    static int init(ctx* c) noexcept { return fipsmod_##NAME##_init(c); }                                      \
    static int update(ctx* c, const void* d, std::size_t n) noexcept { return fipsmod_##NAME##_update(c, d, n); } \
    static int sum(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_##NAME##_sum(c, out); }          \
    static int marshal(const ctx* c, std::uint8_t* out) noexcept { return fipsmod_##NAME##_marshal(c, out); }  \
    static int unmarshal(ctx* c, const void* s, std::size_t n) noexcept {                                       \
      return fipsmod_##NAME##_unmarshal(c, s, n);                                                              \
    }                                                                                                           \
    static int cleanse(ctx* c) noexcept { return fipsmod_##NAME##_cleanse(c); }                                \
    static int one_shot(const void* d, std::size_t n, std::uint8_t* out) noexcept {                             \
      return fipsmod_##NAME(d, n, out);                                                                         \
    }                                                                                                           \
  };                                                                                                            \
  inline constexpr std::size_t size = Api::size;                                                                \
  inline constexpr std::size_t block_size = Api::block_size;                                                    \
  inline constexpr std::size_t marshaled_size = Api::marshaled_size;                                            \
  using Digest = ::fipsmod::Digest<Api>;                                                                        \
  using Sum = Digest::Sum;                                                                                      \
  using State = Digest::State;                                                                                  \
  inline Sum sum(std::span<const std::uint8_t> data) { return ::fipsmod::sum<Api>(data); }                     \
  inline Sum sum(std::string_view data) { return sum(::fipsmod::detail::bytes_of(data)); }

// Declares, in the namespace where it stands, a hash's C++ API on many
// computations at once over its C functions fipsmod_NAME_update_many and
// fipsmod_NAME_many (docs/md5-lanes.md, docs/sha256-lanes.md): where the
// CPU has a multi-buffer kernel, many of them go through one kernel call
// and their throughput adds up. Each ends exactly as if updated alone; any
// mix of lengths. Nothing is allocated.
//
// Update: one update, `digest` takes `data`. It is the C API's item, so a
// span of them is passed to the C function as it is.
//
// update_many: each update's digest takes its data, in list order (a
// digest named twice takes both, in that order). One service for the whole
// call; on error nothing changes. fipsmod::error FIPSMOD_ERR_NULL_ARGUMENT
// for a null digest.
//
// sum_many: out[i] = sum(messages[i]); fipsmod::error
// FIPSMOD_ERR_DST_TOO_SHORT when out is shorter than messages, and
// FIPSMOD_ERR_INVALID_OVERLAP when the digests would cover the list of
// messages itself (as the C call refuses them over its lists). The messages
// go to the C function 64 at a time (the widest kernel's lanes), so nothing
// is allocated; each call is one service.
#define FIPSMOD_HASH_CXX_MANY(NAME, SIZE)                                                                      \
  struct Update : fipsmod_##NAME##_update_item {                                                             \
    Update(Digest* digest, std::span<const std::uint8_t> bytes) noexcept                                     \
        : fipsmod_##NAME##_update_item{digest ? digest->native() : nullptr, bytes.data(), bytes.size()} {}   \
  };                                                                                                         \
  static_assert(sizeof(Update) == sizeof(fipsmod_##NAME##_update_item));                                     \
  inline void update_many(std::span<const Update> updates) {                                                 \
    ::fipsmod::detail::check(fipsmod_##NAME##_update_many(updates.data(), updates.size()));                  \
  }                                                                                                          \
  inline void sum_many(std::span<const std::span<const std::uint8_t>> messages, std::span<Sum> out) {         \
    if (out.size() < messages.size()) ::fipsmod::detail::throw_status(FIPSMOD_ERR_DST_TOO_SHORT);            \
    /* The C call refuses digests over its lists; here the list is read 64 */                                \
    /* at a time, after the digests of the first 64 are written. */                                          \
    if (::fipsmod::detail::shares_bytes(out.data(), messages.size() * (SIZE), messages.data(),                \
                                        messages.size_bytes())) {                                             \
      ::fipsmod::detail::throw_status(FIPSMOD_ERR_INVALID_OVERLAP);                                           \
    }                                                                                                         \
    constexpr std::size_t kChunk = 64;                                                                       \
    std::array<const void*, kChunk> data;                                                                    \
    std::array<std::size_t, kChunk> len;                                                                     \
    std::size_t done = 0;                                                                                    \
    do {                                                                                                     \
      const std::size_t n = std::min(kChunk, messages.size() - done);                                        \
      for (std::size_t i = 0; i < n; ++i) {                                                                  \
        data[i] = messages[done + i].data();                                                                 \
        len[i] = messages[done + i].size();                                                                  \
      }                                                                                                      \
      static_assert(sizeof(Sum) == (SIZE));                                                                  \
      ::fipsmod::detail::check(fipsmod_##NAME##_many(n, data.data(), len.data(),                             \
                                                     reinterpret_cast<std::uint8_t(*)[SIZE]>(out.data() + done))); \
      done += n;                                                                                             \
    } while (done < messages.size());                                                                        \
  }
