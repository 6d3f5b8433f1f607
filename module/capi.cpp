// The C API: thin wrappers over each algorithm's checked layer (the same one
// the C++ API throws from). Every function is noexcept and passes the
// module's gate once, inside that layer.
#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <fipsmod/version.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <new>
#include <type_traits>

#include "md5/md5_kernel.hpp"
#include "power_on.hpp"
#include "selftests.hpp"
#include "status.hpp"
#include "subtle/xor_bytes_kernel.hpp"

namespace {

using fipsmod::internal::Status;
using fipsmod::md5::Digest;
using fipsmod::md5::DigestAccess;

int code(Status s) { return static_cast<int>(s); }

// What a fipsmod_md5_ctx holds: a tag set by fipsmod_md5_init, then the
// C++ Digest. The tag turns use of a zeroed or never-initialised context
// into an error instead of a hash with a garbage kernel pointer.
struct Md5Slot {
  std::uint64_t tag;
  Digest digest;
};
constexpr std::uint64_t kMd5Tag = 0x666970736d6f6435;  // "fipsmod5" in ASCII
static_assert(sizeof(Md5Slot) <= sizeof(fipsmod_md5_ctx));
static_assert(alignof(Md5Slot) <= alignof(fipsmod_md5_ctx));
static_assert(std::is_trivially_copyable_v<Digest> && std::is_trivially_destructible_v<Digest>,
              "a C caller copies and discards contexts with plain memory operations");

Md5Slot* slot(fipsmod_md5_ctx* ctx) { return std::launder(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private)); }
const Md5Slot* slot(const fipsmod_md5_ctx* ctx) {
  return std::launder(reinterpret_cast<const Md5Slot*>(ctx->fipsmod_private));
}

// The digest of an initialised context, or null.
const Digest* digest_of(const fipsmod_md5_ctx* ctx) {
  if (ctx == nullptr || slot(ctx)->tag != kMd5Tag) return nullptr;
  return &slot(ctx)->digest;
}

// An argument error, unless the module refuses the call anyway: a module in
// its error state answers every call with FIPSMOD_ERR_MODULE_ERROR. (Calls
// with good arguments pass the gate inside the checked layer instead.)
int refusal_or(Status argument_error) noexcept {
  const Status s = fipsmod::internal::gate();
  return code(s != Status::ok ? s : argument_error);
}

Status check_ctx(const fipsmod_md5_ctx* ctx) {
  if (ctx == nullptr) return Status::null_argument;
  return digest_of(ctx) ? Status::ok : Status::ctx_uninitialized;
}

std::span<const std::uint8_t> bytes(const void* data, std::size_t len) {
  return {static_cast<const std::uint8_t*>(data), len};
}

// The C callback, called through a C++ one that converts the event. Every
// string of a C++ event views a whole NUL-terminated string (a literal or a
// std::string), so .data() is a C string.
struct CCallback {
  fipsmod_selftest_callback callback = nullptr;
  void* arg = nullptr;
};
std::mutex c_callback_mutex;
CCallback c_callback;

void forward_event(const fipsmod::selftest::Event& e, void*) {
  CCallback c;
  {
    std::lock_guard lock(c_callback_mutex);
    c = c_callback;
  }
  if (c.callback == nullptr) return;
  const int phase = e.phase == fipsmod::selftest::Phase::start  ? FIPSMOD_SELFTEST_START
                    : e.phase == fipsmod::selftest::Phase::pass ? FIPSMOD_SELFTEST_PASS
                                                                : FIPSMOD_SELFTEST_FAIL;
  const fipsmod_selftest_event event{phase, e.type.data(), e.name.data(), e.algorithm.data(), e.kernel.data()};
  c.callback(&event, c.arg);
}

}  // namespace

extern "C" {

const char* fipsmod_version(void) noexcept { return FIPSMOD_VERSION_STRING; }

const char* fipsmod_strerror(int status) noexcept { return fipsmod::internal::message(status); }

const char* fipsmod_impl_name(const char* algorithm) noexcept {
  if (algorithm == nullptr) return nullptr;
  const std::string_view name = fipsmod::impl_name(algorithm);
  return name.empty() ? nullptr : name.data();  // names are string literals
}

int fipsmod_md5(const void* data, size_t len, uint8_t out[FIPSMOD_MD5_SIZE]) noexcept {
  if (out == nullptr || (data == nullptr && len != 0)) return refusal_or(Status::null_argument);
  fipsmod::md5::Sum sum;
  if (const Status s = DigestAccess::one_shot(bytes(data, len), sum); s != Status::ok) return code(s);
  std::memcpy(out, sum.data(), sum.size());
  return FIPSMOD_OK;
}

int fipsmod_md5_init(fipsmod_md5_ctx* ctx) noexcept {
  if (const Status s = fipsmod::internal::gate(); s != Status::ok) return code(s);
  if (ctx == nullptr) return code(Status::null_argument);
  std::construct_at(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private),
                    Md5Slot{kMd5Tag, DigestAccess::on(fipsmod::md5::selected_kernel())});
  return FIPSMOD_OK;
}

int fipsmod_md5_update(fipsmod_md5_ctx* ctx, const void* data, size_t len) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (data == nullptr && len != 0) return refusal_or(Status::null_argument);
  return code(DigestAccess::update(slot(ctx)->digest, bytes(data, len)));
}

int fipsmod_md5_sum(const fipsmod_md5_ctx* ctx, uint8_t out[FIPSMOD_MD5_SIZE]) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (out == nullptr) return refusal_or(Status::null_argument);
  fipsmod::md5::Sum sum;
  if (const Status s = DigestAccess::sum(*digest_of(ctx), sum); s != Status::ok) return code(s);
  std::memcpy(out, sum.data(), sum.size());
  return FIPSMOD_OK;
}

int fipsmod_md5_marshal(const fipsmod_md5_ctx* ctx, uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE]) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (out == nullptr) return refusal_or(Status::null_argument);
  fipsmod::md5::State state;
  if (const Status s = DigestAccess::marshal(*digest_of(ctx), state); s != Status::ok) return code(s);
  std::memcpy(out, state.data(), state.size());
  return FIPSMOD_OK;
}

int fipsmod_md5_unmarshal(fipsmod_md5_ctx* ctx, const void* state, size_t state_len) noexcept {
  if (ctx == nullptr || (state == nullptr && state_len != 0)) return refusal_or(Status::null_argument);
  // Everything is restored from the state but the kernel, which is the
  // selected one, as fipsmod_md5_init sets it: nothing of ctx is read, so
  // a stale tag on garbage cannot carry a garbage kernel pointer over.
  Digest restored = DigestAccess::on(fipsmod::md5::selected_kernel());
  if (const Status s = DigestAccess::unmarshal(restored, bytes(state, state_len)); s != Status::ok) return code(s);
  std::construct_at(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private), Md5Slot{kMd5Tag, restored});
  return FIPSMOD_OK;
}

int fipsmod_xor_bytes(void* dst, size_t dst_len, const void* x, size_t x_len, const void* y, size_t y_len,
                      size_t* n_out) noexcept {
  std::size_t n = 0;
  const Status s = fipsmod::subtle::xor_bytes_checked(
      fipsmod::subtle::selected_xor_bytes_kernel(), static_cast<std::uint8_t*>(dst), dst_len,
      static_cast<const std::uint8_t*>(x), x_len, static_cast<const std::uint8_t*>(y), y_len, n);
  if (s == Status::ok && n_out != nullptr) *n_out = n;
  return code(s);
}

int fipsmod_state(void) noexcept { return static_cast<int>(fipsmod::state()); }

int fipsmod_selftest(void) noexcept {
  try {
    const bool passed = fipsmod::selftest::run_all().passed();
    return passed && fipsmod::state() == fipsmod::ModuleState::operational ? FIPSMOD_OK : code(Status::module_error);
  } catch (...) {
    return code(Status::module_error);
  }
}

const char* fipsmod_selftest_failure(void) noexcept {
  // The first failure never changes once there is one, so neither does
  // its line.
  static std::once_flag once;
  static std::string line;
  try {
    const auto f = fipsmod::selftest::first_failure();
    if (!f) return nullptr;
    std::call_once(once, [&] { line = fipsmod::selftest::describe(*f); });
    return line.c_str();
  } catch (...) {  // out of memory
    return "a self-test failed";
  }
}

int fipsmod_set_failure_policy(int policy) noexcept {
  using fipsmod::selftest::Policy;
  if (policy == FIPSMOD_POLICY_ERROR_STATE) {
    fipsmod::selftest::set_failure_policy(Policy::enter_error_state);
  } else if (policy == FIPSMOD_POLICY_ABORT) {
    fipsmod::selftest::set_failure_policy(Policy::abort_process);
  } else {
    return code(Status::invalid_argument);
  }
  return FIPSMOD_OK;
}

int fipsmod_set_selftest_callback(fipsmod_selftest_callback callback, void* arg) noexcept {
  {
    std::lock_guard lock(c_callback_mutex);
    c_callback = {callback, arg};
  }
  fipsmod::selftest::set_callback(callback ? &forward_event : nullptr, nullptr);
  return FIPSMOD_OK;
}

}  // extern "C"
