// The C functions of AES: the block service and CTR, on the selected
// kernel, through the service entry (core/service.hpp).
#include <fipsmod/aes.h>

#include "core/context.hpp"
#include "core/service.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::Status;
using namespace fipsmod;

struct AesState {
  aes::Schedule schedule;
};
using Ctx = internal::Context<fipsmod_aes_ctx, AesState, 0x666970736d616573>;  // "fipsmaes"

const aes::Kernel& kernel() noexcept { return aes::kernels().selected(); }

// A block call: one block in, one out (the same, or apart).
int block(const fipsmod_aes_ctx* ctx, const std::uint8_t* in, std::uint8_t* out, bool encrypt, const char* name) noexcept {
  if (in == nullptr || out == nullptr) return internal::refusal_or(Status::null_argument);
  const Status s = internal::run_service(aes::approval, name, [&] {
    if (const Status c = Ctx::check(ctx); c != Status::ok) return c;
    if ((in != out && internal::overlaps(in, aes::block_size, out, aes::block_size)) ||
        Ctx::overlaps(ctx, out, aes::block_size)) {
      return Status::invalid_overlap;
    }
    const aes::Schedule& schedule = Ctx::state(ctx).schedule;
    (encrypt ? kernel().encrypt : kernel().decrypt)(&schedule, in, out, 1);
    return Status::ok;
  });
  return internal::code(s);
}

}  // namespace

extern "C" {

int fipsmod_aes_init(fipsmod_aes_ctx* ctx, const void* key, size_t key_len) noexcept {
  if (ctx == nullptr || key == nullptr) return internal::refusal_or(Status::null_argument);
  return internal::code(internal::run_service(aes::approval, "AES", [&] {
    if (!aes::valid_key_size(key_len)) return Status::invalid_argument;
    // Expanded on the stack, so a key that lies inside ctx is read whole
    // before ctx is written.
    AesState state{};
    kernel().expand(&state.schedule, static_cast<const std::uint8_t*>(key), key_len);
    Ctx::put(ctx, state);
    internal::secure_zero(&state, sizeof state);
    return Status::ok;
  }));
}

int fipsmod_aes_encrypt_block(const fipsmod_aes_ctx* ctx, const uint8_t in[16], uint8_t out[16]) noexcept {
  return block(ctx, in, out, true, "AES-ECB");
}

int fipsmod_aes_decrypt_block(const fipsmod_aes_ctx* ctx, const uint8_t in[16], uint8_t out[16]) noexcept {
  return block(ctx, in, out, false, "AES-ECB");
}

int fipsmod_aes_ctr(const fipsmod_aes_ctx* ctx, const uint8_t iv[16], const void* in, size_t len, uint8_t* out) noexcept {
  if (iv == nullptr || ((in == nullptr || out == nullptr) && len != 0)) return internal::refusal_or(Status::null_argument);
  return internal::code(internal::run_service(aes::approval, "AES-CTR", [&] {
    if (const Status c = Ctx::check(ctx); c != Status::ok) return c;
    if (len == 0) return Status::ok;
    if (len > static_cast<std::size_t>(PTRDIFF_MAX)) return Status::invalid_argument;
    if ((in != out && internal::overlaps(in, len, out, len)) || Ctx::overlaps(ctx, out, len) ||
        internal::overlaps(iv, aes::block_size, out, len)) {
      return Status::invalid_overlap;
    }
    aes::ctr(kernel(), Ctx::state(ctx).schedule, iv, static_cast<const std::uint8_t*>(in), out, len);
    return Status::ok;
  }));
}

int fipsmod_aes_cleanse(fipsmod_aes_ctx* ctx) noexcept { return Ctx::cleanse(ctx); }

}  // extern "C"
