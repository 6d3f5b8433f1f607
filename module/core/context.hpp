// What a caller-allocated C context holds: a tag, then the state of the
// service it was made for. The tag turns use of a zeroed, cleansed, never
// initialised or other kind of context into FIPSMOD_ERR_CTX_UNINITIALIZED
// instead of a computation on garbage (a garbage kernel pointer). Every
// context type of the C API goes through this one template.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

#include "secure_zero.hpp"
#include "status.hpp"

namespace fipsmod::internal {

// Whether [a, a + an) and [b, b + bn) share a byte (an empty range shares
// none). Compared as integers: the ranges may belong to different objects,
// which the language's pointer comparison does not order.
inline bool overlaps(const void* a, std::size_t an, const void* b, std::size_t bn) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a);
  const auto y = reinterpret_cast<std::uintptr_t>(b);
  return an != 0 && bn != 0 && x < y + bn && y < x + an;
}

template <class Ctx, class State, std::uint64_t Tag>
struct Context {
  struct Slot {
    std::uint64_t tag;
    State state;
  };
  static_assert(sizeof(Slot) <= sizeof(Ctx) && alignof(Slot) <= alignof(Ctx), "the C context holds the slot");
  static_assert(std::is_trivially_copyable_v<Slot> && std::is_trivially_destructible_v<Slot>,
                "a C caller copies and discards contexts with plain memory operations");

  static Slot* slot(Ctx* ctx) noexcept { return std::launder(reinterpret_cast<Slot*>(ctx->fipsmod_private)); }
  static const Slot* slot(const Ctx* ctx) noexcept {
    return std::launder(reinterpret_cast<const Slot*>(ctx->fipsmod_private));
  }
  static State& state(Ctx* ctx) noexcept { return slot(ctx)->state; }
  static const State& state(const Ctx* ctx) noexcept { return slot(ctx)->state; }

  // ok, null_argument or ctx_uninitialized.
  static Status check(const Ctx* ctx) noexcept {
    if (ctx == nullptr) return Status::null_argument;
    return slot(ctx)->tag == Tag ? Status::ok : Status::ctx_uninitialized;
  }
  // Makes ctx a context of this kind holding a copy of s (nothing of ctx is
  // read). Field by field: a Slot{Tag, s} temporary would be one more copy
  // of the state, left on the stack unwiped.
  // No padding: a copy would carry whatever bytes the source had there
  // (stack garbage, perhaps a key's) into the caller's memory.
  static_assert(std::has_unique_object_representations_v<State>, "a context state with padding");
  static void put(Ctx* ctx, const State& s) noexcept {
    Slot* slot = std::construct_at(reinterpret_cast<Slot*>(ctx->fipsmod_private));
    slot->tag = Tag;
    slot->state = s;
  }
  // Whether [p, p + n) shares a byte with ctx.
  static bool overlaps(const Ctx* ctx, const void* p, std::size_t n) noexcept {
    return internal::overlaps(ctx, sizeof(Ctx), p, n);
  }
  // Zeroises ctx, with stores the compiler keeps. Not a service: it works
  // in every module state and leaves the indicator alone.
  static int cleanse(Ctx* ctx) noexcept {
    if (ctx == nullptr) return code(Status::null_argument);
    secure_zero(ctx, sizeof *ctx);
    return FIPSMOD_OK;
  }
};

inline std::span<const std::uint8_t> bytes(const void* data, std::size_t len) noexcept {
  return {static_cast<const std::uint8_t*>(data), len};
}

}  // namespace fipsmod::internal
