// The C functions of a hash on many computations at once (_update_many and
// _many) over the lanes dispatcher (lanes.hpp), one template for every hash
// that has lanes kernels (MD5, SHA-256, SHA-224): each checks its pointers
// and the overlaps it refuses, then makes exactly one service call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hash_api.hpp"
#include "lanes.hpp"
#include "service.hpp"

namespace fipsmod::internal::lanes {

// Item: the C API's update item (ctx, data, len) of Ctx.
template <class H, class Ctx, class Item>
struct ManyApi {
  using C = typename hash::Api<H, Ctx>::C;

  using List = internal::KernelList<KernelOf<H>>;

  static int update_many(const Item* items, std::size_t n, const char* service, const List& lanes) noexcept {
    if (items == nullptr && n != 0) return refusal_or(Status::null_argument);
    for (std::size_t i = 0; i < n; ++i) {
      if (const Status s = C::check(items[i].ctx); s != Status::ok) return refusal_or(s);
      if (items[i].data == nullptr && items[i].len != 0) return refusal_or(Status::null_argument);
    }
    // The list describes the call, and a context is written while the list
    // is still being read; two contexts sharing bytes are not two contexts.
    for (std::size_t i = 0; i < n; ++i) {
      if (C::overlaps(items[i].ctx, items, n * sizeof *items)) return refusal_or(Status::invalid_overlap);
    }
    const Indexed<const void*> contexts{
        n, [](const void* self, std::size_t i) noexcept -> const void* { return static_cast<const Item*>(self)[i].ctx; },
        items};
    if (any_partly_shared(contexts, sizeof(Ctx))) return refusal_or(Status::invalid_overlap);
    const Indexed<Job<H>> jobs{n,
                               [](const void* self, std::size_t i) noexcept {
                                 const Item& item = static_cast<const Item*>(self)[i];
                                 return Job<H>{&C::state(item.ctx), bytes(item.data, item.len)};
                               },
                               items};
    return code(run_service(H::approval, service, [&] {
      absorb_many<H>(jobs, KernelChain<H>::selected(lanes));
      return Status::ok;
    }));
  }

  static int many(std::size_t n, const void* const* data, const std::size_t* len, std::uint8_t (*out)[H::size],
                  const char* service, const List& lanes) noexcept {
    if (n != 0 && (data == nullptr || len == nullptr || out == nullptr)) return refusal_or(Status::null_argument);
    for (std::size_t i = 0; i < n; ++i) {
      if (data[i] == nullptr && len[i] != 0) return refusal_or(Status::null_argument);
    }
    // The lists describe the call and are read while digests are written.
    if (overlaps(out, n * sizeof *out, data, n * sizeof *data) || overlaps(out, n * sizeof *out, len, n * sizeof *len)) {
      return refusal_or(Status::invalid_overlap);
    }
    struct Arrays {
      const void* const* data;
      const std::size_t* len;
    } arrays{data, len};
    const Messages messages{n,
                            [](const void* self, std::size_t i) noexcept {
                              const auto& a = *static_cast<const Arrays*>(self);
                              return bytes(a.data[i], a.len[i]);
                            },
                            &arrays};
    return code(run_service(H::approval, service, [&] {
      sum_many_on<H>(KernelChain<H>::selected(lanes), H::kernels().selected(), messages, n == 0 ? nullptr : out[0]);
      return Status::ok;
    }));
  }
};

}  // namespace fipsmod::internal::lanes

// Defines a hash's C functions fipsmod_NAME_update_many and
// fipsmod_NAME_many, as its public header declares them, over
// ManyApi<TRAITS, fipsmod_NAME_ctx, fipsmod_NAME_update_item>: one service
// named SERVICE, on the lanes kernel LANES() selects and the usable ones
// after it in that list (lanes::KernelChain::selected: as lanes drain, what is
// left goes down the list). Stands inside extern "C".
#define FIPSMOD_HASH_MANY_C_FUNCTIONS(NAME, TRAITS, SERVICE, LANES)                                                 \
  int fipsmod_##NAME##_update_many(const fipsmod_##NAME##_update_item* items, size_t n) noexcept {                  \
    return ::fipsmod::internal::lanes::ManyApi<TRAITS, fipsmod_##NAME##_ctx, fipsmod_##NAME##_update_item>::         \
        update_many(items, n, SERVICE, LANES());                                                                    \
  }                                                                                                                 \
  int fipsmod_##NAME##_many(size_t n, const void* const* data, const size_t* len, uint8_t(*out)[TRAITS::size])     \
      noexcept {                                                                                                    \
    return ::fipsmod::internal::lanes::ManyApi<TRAITS, fipsmod_##NAME##_ctx, fipsmod_##NAME##_update_item>::many(   \
        n, data, len, out, SERVICE, LANES());                                                                       \
  }
