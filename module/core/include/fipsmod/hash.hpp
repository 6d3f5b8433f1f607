// fipsmod::Digest: the C++ form of every hash's C functions, header-only.
// A hash's header names its C functions in an Api struct and instantiates
// this template (its Digest is Digest<its Api>).
#pragma once

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
