// The C functions of MD5: the hash core's one template, and the services on
// many computations at once over the lanes dispatcher (core/lanes.hpp).
#include <fipsmod/md5.h>

#include "core/hash_api.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::code;
using fipsmod::internal::refusal_or;
using fipsmod::internal::Status;
using fipsmod::md5::Md5;
namespace lanes = fipsmod::internal::lanes;
using Api = fipsmod::internal::hash::Api<Md5, fipsmod_md5_ctx>;

}  // namespace

extern "C" {

FIPSMOD_HASH_C_FUNCTIONS(md5, fipsmod::md5::Md5)

int fipsmod_md5_update_many(const fipsmod_md5_update_item* items, size_t n) noexcept {
  if (items == nullptr && n != 0) return refusal_or(Status::null_argument);
  for (size_t i = 0; i < n; ++i) {
    if (const Status s = Api::C::check(items[i].ctx); s != Status::ok) return refusal_or(s);
    if (items[i].data == nullptr && items[i].len != 0) return refusal_or(Status::null_argument);
  }
  // The list describes the call, and a context is written while the list
  // is still being read; two contexts sharing bytes are not two contexts.
  for (size_t i = 0; i < n; ++i) {
    if (Api::C::overlaps(items[i].ctx, items, n * sizeof *items)) return refusal_or(Status::invalid_overlap);
  }
  const lanes::Indexed<const void*> contexts{
      n, [](const void* self, std::size_t i) noexcept -> const void* {
        return static_cast<const fipsmod_md5_update_item*>(self)[i].ctx;
      },
      items};
  if (lanes::any_partly_shared(contexts, sizeof(fipsmod_md5_ctx))) return refusal_or(Status::invalid_overlap);
  const lanes::Indexed<lanes::Job<Md5>> jobs{
      n,
      [](const void* self, std::size_t i) noexcept {
        const auto& item = static_cast<const fipsmod_md5_update_item*>(self)[i];
        return lanes::Job<Md5>{&Api::C::state(item.ctx), fipsmod::internal::bytes(item.data, item.len)};
      },
      items};
  return code(fipsmod::internal::run_service(Md5::approval, "MD5 (many)", [&] {
    lanes::absorb_many<Md5>(jobs, fipsmod::md5::lanes::kernels().selected());
    return Status::ok;
  }));
}

int fipsmod_md5_many(size_t n, const void* const* data, const size_t* len, uint8_t (*out)[FIPSMOD_MD5_SIZE]) noexcept {
  if (n != 0 && (data == nullptr || len == nullptr || out == nullptr)) return refusal_or(Status::null_argument);
  for (size_t i = 0; i < n; ++i) {
    if (data[i] == nullptr && len[i] != 0) return refusal_or(Status::null_argument);
  }
  // The lists describe the call and are read while digests are written.
  if (fipsmod::internal::overlaps(out, n * sizeof *out, data, n * sizeof *data) ||
      fipsmod::internal::overlaps(out, n * sizeof *out, len, n * sizeof *len)) {
    return refusal_or(Status::invalid_overlap);
  }
  struct Arrays {
    const void* const* data;
    const size_t* len;
  } arrays{data, len};
  const lanes::Messages messages{n,
                                 [](const void* self, std::size_t i) noexcept {
                                   const auto& a = *static_cast<const Arrays*>(self);
                                   return fipsmod::internal::bytes(a.data[i], a.len[i]);
                                 },
                                 &arrays};
  return code(fipsmod::internal::run_service(Md5::approval, "MD5 (many)", [&] {
    lanes::sum_many_on<Md5>(fipsmod::md5::lanes::kernels().selected(), fipsmod::md5::kernels().selected(), messages,
                            n == 0 ? nullptr : out[0]);
    return Status::ok;
  }));
}

}  // extern "C"
