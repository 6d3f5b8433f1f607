// The C functions of AES-GCM: argument, length and overlap checks, then the
// computation on the selected kernel through the service entry, each call
// under the approval its arguments give it (internal.hpp).
#include <fipsmod/gcm.h>

#include <array>
#include <cstring>

#include "core/context.hpp"
#include "core/service.hpp"
#include "drbg/random.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::Status;
using namespace fipsmod;

struct KeyState {
  gcm::Key key;
};
using Ctx = internal::Context<fipsmod_aes_gcm_ctx, KeyState, 0x666970736d67636d>;                // "fipsmgcm"
using CounterCtx = internal::Context<fipsmod_aes_gcm_counter_ctx, gcm::CounterState, 0x666970736d676374>;  // "fipsmgct"
using RandomCtx = internal::Context<fipsmod_aes_gcm_random_ctx, gcm::RandomState, 0x666970736d67726e>;     // "fipsmgrn"

const gcm::Kernel& kernel() noexcept { return gcm::kernels().selected(); }

std::span<const std::uint8_t> bytes(const void* p, std::size_t n) noexcept { return internal::bytes(p, n); }

// The arguments of one seal or open, checked in one place.
struct Call {
  std::span<const std::uint8_t> nonce, aad;
  const std::uint8_t* in;
  std::uint8_t* out;
  std::size_t len;
  const void* tag;  // written by seal, read by open
  std::size_t tag_len;
  const void* ctx;
  std::size_t ctx_size;

  bool pointers_present() const noexcept {
    return (nonce.data() != nullptr || nonce.empty()) && (aad.data() != nullptr || aad.empty()) &&
           ((in != nullptr && out != nullptr) || len == 0) && tag != nullptr;
  }
  Status lengths() const noexcept {
    if (nonce.empty() || nonce.size() > gcm::max_nonce_size || aad.size() > gcm::max_aad_size ||
        len > gcm::max_text_size || !gcm::valid_tag_size(tag_len)) {
      return Status::invalid_argument;
    }
    return Status::ok;
  }
  // The text's output may be its input exactly; the outputs may share no
  // byte with anything else.
  Status overlap(bool tag_is_output, const void* extra = nullptr, std::size_t extra_size = 0) const noexcept {
    using internal::overlaps;
    const bool text = len != 0 && ((in != out && overlaps(in, len, out, len)) || overlaps(out, len, nonce.data(), nonce.size()) ||
                                   overlaps(out, len, aad.data(), aad.size()) || overlaps(out, len, tag, tag_len) ||
                                   overlaps(out, len, ctx, ctx_size) || overlaps(out, len, extra, extra_size));
    const bool tag_out = tag_is_output && (overlaps(tag, tag_len, in, len) || overlaps(tag, tag_len, nonce.data(), nonce.size()) ||
                                           overlaps(tag, tag_len, aad.data(), aad.size()) ||
                                           overlaps(tag, tag_len, ctx, ctx_size) || overlaps(tag, tag_len, extra, extra_size));
    return text || tag_out ? Status::invalid_overlap : Status::ok;
  }
};

Status init_key(gcm::Key& out, const void* key, std::size_t key_len) noexcept {
  if (!aes::valid_key_size(key_len)) return Status::invalid_argument;
  gcm::init(kernel(), out, bytes(key, key_len));
  return Status::ok;
}

// The checks of a seal whose nonce the module makes (the counter or the
// random-nonce context) past the context's own: the call's, and nonce_out
// (an output too) apart from everything, as the tag.
Status module_nonce_checks(const Call& c, const std::uint8_t* nonce_out) noexcept {
  if (const Status s = c.lengths(); s != Status::ok) return s;
  if (const Status s = c.overlap(true, nonce_out, gcm::nonce_size); s != Status::ok) return s;
  if (internal::overlaps(nonce_out, gcm::nonce_size, c.in, c.len) ||
      internal::overlaps(nonce_out, gcm::nonce_size, c.aad.data(), c.aad.size()) ||
      internal::overlaps(nonce_out, gcm::nonce_size, c.ctx, c.ctx_size)) {
    return Status::invalid_overlap;
  }
  return Status::ok;
}

int open_with(const gcm::Key& key, const Call& c) noexcept {
  return internal::code(internal::run_service(gcm::open_approval(c.nonce.size(), c.tag_len), "AES-GCM open", [&] {
    if (const Status s = c.lengths(); s != Status::ok) return s;
    if (const Status s = c.overlap(false); s != Status::ok) return s;
    const bool ok = gcm::open(kernel(), key, c.nonce, c.aad, c.in, c.out, c.len,
                              bytes(c.tag, c.tag_len));
    return ok ? Status::ok : Status::authentication;
  }));
}

// A context's init: the key schedule and `fill`'s part of the state built on
// the stack (a key inside ctx is read before ctx is written), then stored.
template <class Context, class Handle, class Fill>
int init_context(Handle* ctx, const void* key, std::size_t key_len, Fill fill) noexcept {
  return internal::code(internal::run_service(gcm::init_approval, "AES-GCM", [&] {
    std::remove_reference_t<decltype(Context::state(ctx))> state{};
    const Status s = init_key(state.key, key, key_len);
    fill(state);
    if (s == Status::ok) Context::put(ctx, state);
    internal::secure_zero(&state, sizeof state);
    return s;
  }));
}

// A seal whose nonce the module makes (the counter or the random-nonce
// context): every check first, then `draw` makes the nonce from the
// context's state or refuses (before anything is written), then the seal.
template <class Context, class Handle, class Draw>
int seal_with_module_nonce(Handle* ctx, const void* aad, std::size_t aad_len, const void* in, std::size_t len,
                           std::uint8_t* out, std::uint8_t* tag, std::size_t tag_len, std::uint8_t* nonce_out,
                           Draw draw) noexcept {
  std::array<std::uint8_t, gcm::nonce_size> nonce{};
  const Call c{std::span<const std::uint8_t>(nonce), bytes(aad, aad_len), static_cast<const std::uint8_t*>(in), out, len, tag,
               tag_len, ctx, sizeof *ctx};
  if (!c.pointers_present() || nonce_out == nullptr) return internal::refusal_or(Status::null_argument);
  return internal::code(internal::run_service(gcm::seal_approval(true, tag_len), "AES-GCM seal", [&] {
    if (const Status s = Context::check(ctx); s != Status::ok) return s;
    if (const Status s = module_nonce_checks(c, nonce_out); s != Status::ok) return s;
    auto& state = Context::state(ctx);
    if (const Status s = draw(state, nonce); s != Status::ok) return s;
    gcm::seal(kernel(), state.key, nonce, c.aad, c.in, c.out, c.len, std::span(tag, tag_len));
    std::memcpy(nonce_out, nonce.data(), nonce.size());
    return Status::ok;
  }));
}

// An open on a context: its check under the open's approval, then the open.
template <class Context, class Handle>
int open_on(const Handle* ctx, const void* nonce, std::size_t nonce_len, const void* aad, std::size_t aad_len,
            const void* in, std::size_t len, const void* tag, std::size_t tag_len, std::uint8_t* out) noexcept {
  const Call c{bytes(nonce, nonce_len), bytes(aad, aad_len), static_cast<const std::uint8_t*>(in), out, len, tag, tag_len,
               ctx, sizeof *ctx};
  if (!c.pointers_present()) return internal::refusal_or(Status::null_argument);
  if (const Status s = Context::check(ctx); s != Status::ok) {
    return internal::code(internal::run_service(gcm::open_approval(nonce_len, tag_len), "AES-GCM open", [&] { return s; }));
  }
  return open_with(Context::state(ctx).key, c);
}

}  // namespace

extern "C" {

int fipsmod_aes_gcm_init(fipsmod_aes_gcm_ctx* ctx, const void* key, size_t key_len) noexcept {
  if (ctx == nullptr || key == nullptr) return internal::refusal_or(Status::null_argument);
  return init_context<Ctx>(ctx, key, key_len, [](KeyState&) {});
}

int fipsmod_aes_gcm_seal(const fipsmod_aes_gcm_ctx* ctx, const void* nonce, size_t nonce_len, const void* aad,
                         size_t aad_len, const void* in, size_t len, uint8_t* out, uint8_t* tag, size_t tag_len) noexcept {
  const Call c{bytes(nonce, nonce_len), bytes(aad, aad_len), static_cast<const std::uint8_t*>(in), out, len, tag, tag_len,
               ctx, sizeof *ctx};
  if (!c.pointers_present()) return internal::refusal_or(Status::null_argument);
  return internal::code(internal::run_service(gcm::seal_approval(false, tag_len), "AES-GCM seal", [&] {
    if (const Status s = Ctx::check(ctx); s != Status::ok) return s;
    if (const Status s = c.lengths(); s != Status::ok) return s;
    if (const Status s = c.overlap(true); s != Status::ok) return s;
    gcm::seal(kernel(), Ctx::state(ctx).key, c.nonce, c.aad, c.in, c.out, c.len, std::span(tag, tag_len));
    return Status::ok;
  }));
}

int fipsmod_aes_gcm_open(const fipsmod_aes_gcm_ctx* ctx, const void* nonce, size_t nonce_len, const void* aad,
                         size_t aad_len, const void* in, size_t len, const void* tag, size_t tag_len, uint8_t* out) noexcept {
  return open_on<Ctx>(ctx, nonce, nonce_len, aad, aad_len, in, len, tag, tag_len, out);
}

int fipsmod_aes_gcm_cleanse(fipsmod_aes_gcm_ctx* ctx) noexcept { return Ctx::cleanse(ctx); }

int fipsmod_aes_gcm_counter_init(fipsmod_aes_gcm_counter_ctx* ctx, const void* key, size_t key_len,
                                 const uint8_t prefix[4]) noexcept {
  if (ctx == nullptr || key == nullptr || prefix == nullptr) return internal::refusal_or(Status::null_argument);
  return init_context<CounterCtx>(ctx, key, key_len, [&](gcm::CounterState& state) {
    std::memcpy(state.prefix, prefix, gcm::counter_prefix_size);
  });
}

// The nonce: the context's 4-byte prefix, then its 64-bit invocation counter
// big-endian (SP 800-38D 8.2.1's deterministic construction).
int fipsmod_aes_gcm_counter_seal(fipsmod_aes_gcm_counter_ctx* ctx, const void* aad, size_t aad_len, const void* in,
                                 size_t len, uint8_t* out, uint8_t* tag, size_t tag_len, uint8_t nonce_out[12]) noexcept {
  return seal_with_module_nonce<CounterCtx>(
      ctx, aad, aad_len, in, len, out, tag, tag_len, nonce_out, [](gcm::CounterState& state, std::span<std::uint8_t> nonce) {
        if (state.counter == gcm::last_counter) return Status::nonce_exhausted;
        std::memcpy(nonce.data(), state.prefix, gcm::counter_prefix_size);
        for (std::size_t i = 0; i < 8; ++i) nonce[4 + i] = static_cast<std::uint8_t>(state.counter >> (56 - 8 * i));
        ++state.counter;
        return Status::ok;
      });
}

int fipsmod_aes_gcm_counter_open(const fipsmod_aes_gcm_counter_ctx* ctx, const uint8_t nonce[12], const void* aad,
                                 size_t aad_len, const void* in, size_t len, const void* tag, size_t tag_len,
                                 uint8_t* out) noexcept {
  if (nonce == nullptr) return internal::refusal_or(Status::null_argument);
  return open_on<CounterCtx>(ctx, nonce, gcm::nonce_size, aad, aad_len, in, len, tag, tag_len, out);
}

int fipsmod_aes_gcm_counter_cleanse(fipsmod_aes_gcm_counter_ctx* ctx) noexcept { return CounterCtx::cleanse(ctx); }

int fipsmod_aes_gcm_random_init(fipsmod_aes_gcm_random_ctx* ctx, const void* key, size_t key_len) noexcept {
  if (ctx == nullptr || key == nullptr) return internal::refusal_or(Status::null_argument);
  return init_context<RandomCtx>(ctx, key, key_len, [](gcm::RandomState&) {});
}

// The nonce: 12 bytes from the module's DRBG (SP 800-38D 8.2.2), at most
// 2^32 of them a key. The DRBG's refusal (entropy_source) comes before
// anything is written or counted.
int fipsmod_aes_gcm_random_seal(fipsmod_aes_gcm_random_ctx* ctx, const void* aad, size_t aad_len, const void* in,
                                size_t len, uint8_t* out, uint8_t* tag, size_t tag_len, uint8_t nonce_out[12]) noexcept {
  return seal_with_module_nonce<RandomCtx>(
      ctx, aad, aad_len, in, len, out, tag, tag_len, nonce_out, [](gcm::RandomState& state, std::span<std::uint8_t> nonce) {
        if (state.invocations >= gcm::random_invocation_limit) return Status::nonce_exhausted;
        if (const Status s = drbg::process::generate(nonce); s != Status::ok) return s;
        ++state.invocations;
        return Status::ok;
      });
}

int fipsmod_aes_gcm_random_open(const fipsmod_aes_gcm_random_ctx* ctx, const uint8_t nonce[12], const void* aad,
                                size_t aad_len, const void* in, size_t len, const void* tag, size_t tag_len,
                                uint8_t* out) noexcept {
  if (nonce == nullptr) return internal::refusal_or(Status::null_argument);
  return open_on<RandomCtx>(ctx, nonce, gcm::nonce_size, aad, aad_len, in, len, tag, tag_len, out);
}

int fipsmod_aes_gcm_random_cleanse(fipsmod_aes_gcm_random_ctx* ctx) noexcept { return RandomCtx::cleanse(ctx); }

}  // extern "C"
