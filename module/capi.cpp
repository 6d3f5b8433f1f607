// The C API: thin wrappers over each algorithm's checked layer (the same one
// the C++ API throws from). Every function is noexcept and passes the
// module's gate once, inside that layer.
#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <fipsmod/version.h>

#include <array>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <new>
#include <type_traits>
#include <utility>

#include "hmac/hmac_kernel.hpp"
#include "md5/md5_kernel.hpp"
#include "md5/md5_lanes.hpp"
#include "mode.hpp"
#include "power_on.hpp"
#include "secure_zero.hpp"
#include "selftests.hpp"
#include "service.hpp"
#include "sha256/sha256_kernel.hpp"
#include "status.hpp"
#include "subtle/xor_bytes_kernel.hpp"

namespace {

using fipsmod::internal::Status;
using fipsmod::md5::DigestAccess;
using Md5Running = fipsmod::md5::Running;

int code(Status s) { return static_cast<int>(s); }

// What a fipsmod_md5_ctx holds: a tag set by fipsmod_md5_init, then the
// running MD5 (what a C++ Digest wraps). The tag turns use of a zeroed,
// cleansed or never-initialised context into an error instead of a hash
// with a garbage kernel pointer.
struct Md5Slot {
  std::uint64_t tag;
  Md5Running running;
};
constexpr std::uint64_t kMd5Tag = 0x666970736d6f6435;  // "fipsmod5" in ASCII
static_assert(sizeof(Md5Slot) <= sizeof(fipsmod_md5_ctx));
static_assert(alignof(Md5Slot) <= alignof(fipsmod_md5_ctx));
static_assert(std::is_trivially_copyable_v<Md5Slot> && std::is_trivially_destructible_v<Md5Slot>,
              "a C caller copies and discards contexts with plain memory operations");

Md5Slot* slot(fipsmod_md5_ctx* ctx) { return std::launder(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private)); }
const Md5Slot* slot(const fipsmod_md5_ctx* ctx) {
  return std::launder(reinterpret_cast<const Md5Slot*>(ctx->fipsmod_private));
}

// An argument error, unless the module refuses the call anyway: a module in
// its error state answers every call with FIPSMOD_ERR_MODULE_ERROR. The
// indicator is cleared either way. (Calls with good arguments run through
// the checked layer's run_service instead.)
int refusal_or(Status argument_error) noexcept { return code(fipsmod::internal::refuse(argument_error)); }

Status check_ctx(const fipsmod_md5_ctx* ctx) {
  if (ctx == nullptr) return Status::null_argument;
  return slot(ctx)->tag == kMd5Tag ? Status::ok : Status::ctx_uninitialized;
}

// Zeroises a caller-allocated context, with stores the compiler keeps. Not
// a service: it works in every module state and leaves the indicator alone.
template <class Ctx>
int cleanse(Ctx* ctx) noexcept {
  if (ctx == nullptr) return code(Status::null_argument);
  fipsmod::internal::secure_zero(ctx, sizeof *ctx);
  return FIPSMOD_OK;
}

// Zeroises a stack temporary that holds a copy of message state (a
// marshalled state, a running hash being restored) when it goes out of
// scope, on every return path.
template <class T>
class WipedAtExit {
  static_assert(std::is_trivially_copyable_v<T>, "wiped as plain bytes");

 public:
  explicit WipedAtExit(T& t) noexcept : t_(t) {}
  WipedAtExit(const WipedAtExit&) = delete;
  WipedAtExit& operator=(const WipedAtExit&) = delete;
  ~WipedAtExit() { fipsmod::internal::secure_zero(std::addressof(t_), sizeof(T)); }

 private:
  T& t_;
};

std::span<const std::uint8_t> bytes(const void* data, std::size_t len) {
  return {static_cast<const std::uint8_t*>(data), len};
}

// The C API of a hash with a saved state (SHA-256, SHA-224), as MD5's below:
// a context holds a tag, then the running hash. Tags differ per type, so a
// SHA-224 context given to a SHA-256 function is refused as uninitialised.
template <class Ctx, fipsmod::sha256::Variant V, std::uint64_t Tag>
struct HashApi {
  using DigestAccess = fipsmod::sha256::DigestAccess;
  using Running = fipsmod::sha256::Running;
  static constexpr std::size_t size = fipsmod::sha256::digest_size(V);
  struct Slot {
    std::uint64_t tag;
    Running running;
  };
  static_assert(sizeof(Slot) <= sizeof(Ctx) && alignof(Slot) <= alignof(Ctx));
  static_assert(std::is_trivially_copyable_v<Slot> && std::is_trivially_destructible_v<Slot>,
                "a C caller copies and discards contexts with plain memory operations");

  static Slot* slot(Ctx* ctx) { return std::launder(reinterpret_cast<Slot*>(ctx->fipsmod_private)); }
  static const Slot* slot(const Ctx* ctx) { return std::launder(reinterpret_cast<const Slot*>(ctx->fipsmod_private)); }
  static Status check(const Ctx* ctx) {
    if (ctx == nullptr) return Status::null_argument;
    return slot(ctx)->tag == Tag ? Status::ok : Status::ctx_uninitialized;
  }

  static int one_shot(const void* data, std::size_t len, std::uint8_t* out) noexcept {
    if (out == nullptr || (data == nullptr && len != 0)) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, size> sum;
    if (const Status s = DigestAccess::one_shot(V, bytes(data, len), sum); s != Status::ok) return code(s);
    std::memcpy(out, sum.data(), sum.size());
    return FIPSMOD_OK;
  }
  static int init(Ctx* ctx) noexcept {
    if (ctx == nullptr) return refusal_or(Status::null_argument);
    Running fresh;
    if (const Status s = DigestAccess::init(fresh, V); s != Status::ok) return code(s);
    std::construct_at(reinterpret_cast<Slot*>(ctx->fipsmod_private), Slot{Tag, fresh});
    return FIPSMOD_OK;
  }
  static int update(Ctx* ctx, const void* data, std::size_t len) noexcept {
    if (const Status s = check(ctx); s != Status::ok) return refusal_or(s);
    if (data == nullptr && len != 0) return refusal_or(Status::null_argument);
    return code(DigestAccess::update(slot(ctx)->running, bytes(data, len)));
  }
  static int sum(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = check(ctx); s != Status::ok) return refusal_or(s);
    if (out == nullptr) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, size> sum;
    if (const Status s = DigestAccess::sum(slot(ctx)->running, V, sum); s != Status::ok) return code(s);
    std::memcpy(out, sum.data(), sum.size());
    return FIPSMOD_OK;
  }
  static int marshal(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = check(ctx); s != Status::ok) return refusal_or(s);
    if (out == nullptr) return refusal_or(Status::null_argument);
    fipsmod::sha256::State state;
    const WipedAtExit wipe(state);
    if (const Status s = DigestAccess::marshal(slot(ctx)->running, V, state); s != Status::ok) return code(s);
    std::memcpy(out, state.data(), state.size());
    return FIPSMOD_OK;
  }
  static int unmarshal(Ctx* ctx, const void* state, std::size_t state_len) noexcept {
    if (ctx == nullptr || (state == nullptr && state_len != 0)) return refusal_or(Status::null_argument);
    // As fipsmod_md5_unmarshal: nothing of ctx is read.
    // Restored in a whole Slot, copied into ctx from this lvalue: a
    // Slot{Tag, restored} prvalue would be one more unwiped copy.
    Slot restored{Tag, DigestAccess::start(fipsmod::sha256::selected_kernel(), V)};
    const WipedAtExit wipe(restored);
    if (const Status s = DigestAccess::unmarshal(restored.running, V, bytes(state, state_len)); s != Status::ok) {
      return code(s);
    }
    std::construct_at(reinterpret_cast<Slot*>(ctx->fipsmod_private), restored);
    return FIPSMOD_OK;
  }
};

using Sha256Api = HashApi<fipsmod_sha256_ctx, fipsmod::sha256::Variant::sha256, 0x666970736d323536>;  // "fipsm256"
using Sha224Api = HashApi<fipsmod_sha224_ctx, fipsmod::sha256::Variant::sha224, 0x666970736d323234>;  // "fipsm224"

// HMAC contexts: a tag, then the key-derived state (hmac::Keyed), which
// is zeroised on cleanse and whenever a copy of it is dropped here.
template <class Ctx, fipsmod::sha256::Variant V, std::uint64_t Tag>
struct HmacApi {
  using HmacAccess = fipsmod::hmac::HmacAccess;
  using Keyed = fipsmod::hmac::Keyed;
  static constexpr std::size_t size = fipsmod::sha256::digest_size(V);
  struct Slot {
    std::uint64_t tag;
    Keyed keyed;
  };
  static_assert(sizeof(Slot) <= sizeof(Ctx) && alignof(Slot) <= alignof(Ctx));
  static_assert(std::is_trivially_copyable_v<Slot>);

  static Slot* slot(Ctx* ctx) { return std::launder(reinterpret_cast<Slot*>(ctx->fipsmod_private)); }
  static const Slot* slot(const Ctx* ctx) { return std::launder(reinterpret_cast<const Slot*>(ctx->fipsmod_private)); }
  static Status check(const Ctx* ctx) {
    if (ctx == nullptr) return Status::null_argument;
    return slot(ctx)->tag == Tag ? Status::ok : Status::ctx_uninitialized;
  }

  static int one_shot(const void* key, std::size_t key_len, const void* data, std::size_t len,
                      std::uint8_t* out) noexcept {
    if (out == nullptr || (key == nullptr && key_len != 0) || (data == nullptr && len != 0)) {
      return refusal_or(Status::null_argument);
    }
    std::array<std::uint8_t, size> mac;
    const Status s = HmacAccess::one_shot(V, bytes(key, key_len), bytes(data, len), mac);
    if (s != Status::ok) return code(s);
    std::memcpy(out, mac.data(), mac.size());
    return FIPSMOD_OK;
  }
  static int init(Ctx* ctx, const void* key, std::size_t key_len) noexcept {
    if (ctx == nullptr || (key == nullptr && key_len != 0)) return refusal_or(Status::null_argument);
    Slot fresh{Tag, {}};
    if (const Status s = HmacAccess::init(fresh.keyed, V, bytes(key, key_len)); s != Status::ok) return code(s);
    std::construct_at(reinterpret_cast<Slot*>(ctx->fipsmod_private), fresh);
    fipsmod::internal::secure_zero(&fresh, sizeof fresh);
    return FIPSMOD_OK;
  }
  static int update(Ctx* ctx, const void* data, std::size_t len) noexcept {
    if (const Status s = check(ctx); s != Status::ok) return refusal_or(s);
    if (data == nullptr && len != 0) return refusal_or(Status::null_argument);
    return code(HmacAccess::update(slot(ctx)->keyed, bytes(data, len)));
  }
  static int sum(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = check(ctx); s != Status::ok) return refusal_or(s);
    if (out == nullptr) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, size> mac;
    if (const Status s = HmacAccess::sum(slot(ctx)->keyed, V, mac); s != Status::ok) return code(s);
    std::memcpy(out, mac.data(), mac.size());
    return FIPSMOD_OK;
  }
};

using HmacSha256Api = HmacApi<fipsmod_hmac_sha256_ctx, fipsmod::sha256::Variant::sha256, 0x666970736d683235>;
using HmacSha224Api = HmacApi<fipsmod_hmac_sha224_ctx, fipsmod::sha256::Variant::sha224, 0x666970736d683232>;

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
  if (ctx == nullptr) return refusal_or(Status::null_argument);
  Md5Running fresh;
  if (const Status s = DigestAccess::init(fresh); s != Status::ok) return code(s);
  std::construct_at(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private), Md5Slot{kMd5Tag, fresh});
  return FIPSMOD_OK;
}

int fipsmod_md5_update(fipsmod_md5_ctx* ctx, const void* data, size_t len) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (data == nullptr && len != 0) return refusal_or(Status::null_argument);
  return code(DigestAccess::update(slot(ctx)->running, bytes(data, len)));
}

int fipsmod_md5_sum(const fipsmod_md5_ctx* ctx, uint8_t out[FIPSMOD_MD5_SIZE]) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (out == nullptr) return refusal_or(Status::null_argument);
  fipsmod::md5::Sum sum;
  if (const Status s = DigestAccess::sum(slot(ctx)->running, sum); s != Status::ok) return code(s);
  std::memcpy(out, sum.data(), sum.size());
  return FIPSMOD_OK;
}

int fipsmod_md5_marshal(const fipsmod_md5_ctx* ctx, uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE]) noexcept {
  if (const Status s = check_ctx(ctx); s != Status::ok) return refusal_or(s);
  if (out == nullptr) return refusal_or(Status::null_argument);
  fipsmod::md5::State state;
  const WipedAtExit wipe(state);
  if (const Status s = DigestAccess::marshal(slot(ctx)->running, state); s != Status::ok) return code(s);
  std::memcpy(out, state.data(), state.size());
  return FIPSMOD_OK;
}

int fipsmod_md5_unmarshal(fipsmod_md5_ctx* ctx, const void* state, size_t state_len) noexcept {
  if (ctx == nullptr || (state == nullptr && state_len != 0)) return refusal_or(Status::null_argument);
  // Everything is restored from the state but the kernel, which is the
  // selected one, as fipsmod_md5_init sets it: nothing of ctx is read, so
  // a stale tag on garbage cannot carry a garbage kernel pointer over.
  // Restored in a whole slot, copied into ctx from this lvalue (as SHA's).
  Md5Slot restored{kMd5Tag, DigestAccess::start(fipsmod::md5::selected_kernel())};
  const WipedAtExit wipe(restored);
  if (const Status s = DigestAccess::unmarshal(restored.running, bytes(state, state_len)); s != Status::ok) {
    return code(s);
  }
  std::construct_at(reinterpret_cast<Md5Slot*>(ctx->fipsmod_private), restored);
  return FIPSMOD_OK;
}

int fipsmod_md5_update_many(const fipsmod_md5_update_item* items, size_t n) noexcept {
  if (items == nullptr && n != 0) return refusal_or(Status::null_argument);
  for (size_t i = 0; i < n; ++i) {
    if (const Status s = check_ctx(items[i].ctx); s != Status::ok) return refusal_or(s);
    if (items[i].data == nullptr && items[i].len != 0) return refusal_or(Status::null_argument);
  }
  const fipsmod::md5::LaneJobs jobs{n,
                                    [](const void* self, std::size_t i) noexcept {
                                      const auto& item = static_cast<const fipsmod_md5_update_item*>(self)[i];
                                      return fipsmod::md5::LaneJob{&slot(item.ctx)->running,
                                                                   bytes(item.data, item.len)};
                                    },
                                    items};
  return code(fipsmod::md5::LanesAccess::update_many(jobs));
}

int fipsmod_md5_many(size_t n, const void* const* data, const size_t* len, uint8_t (*out)[FIPSMOD_MD5_SIZE]) noexcept {
  if (n != 0 && (data == nullptr || len == nullptr || out == nullptr)) return refusal_or(Status::null_argument);
  for (size_t i = 0; i < n; ++i) {
    if (data[i] == nullptr && len[i] != 0) return refusal_or(Status::null_argument);
  }
  struct Arrays {
    const void* const* data;
    const size_t* len;
  } arrays{data, len};
  const fipsmod::md5::Messages messages{n,
                                        [](const void* self, std::size_t i) noexcept {
                                          const auto& a = *static_cast<const Arrays*>(self);
                                          return bytes(a.data[i], a.len[i]);
                                        },
                                        &arrays};
  static_assert(sizeof(fipsmod::md5::Sum) == FIPSMOD_MD5_SIZE && alignof(fipsmod::md5::Sum) == 1);
  return code(fipsmod::md5::LanesAccess::sum_many(messages, reinterpret_cast<fipsmod::md5::Sum*>(out)));
}

int fipsmod_md5_cleanse(fipsmod_md5_ctx* ctx) noexcept { return cleanse(ctx); }

int fipsmod_sha256(const void* data, size_t len, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256Api::one_shot(data, len, out);
}
int fipsmod_sha256_init(fipsmod_sha256_ctx* ctx) noexcept { return Sha256Api::init(ctx); }
int fipsmod_sha256_update(fipsmod_sha256_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha256Api::update(ctx, data, len);
}
int fipsmod_sha256_sum(const fipsmod_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256Api::sum(ctx, out);
}
int fipsmod_sha256_marshal(const fipsmod_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) noexcept {
  return Sha256Api::marshal(ctx, out);
}
int fipsmod_sha256_unmarshal(fipsmod_sha256_ctx* ctx, const void* state, size_t state_len) noexcept {
  return Sha256Api::unmarshal(ctx, state, state_len);
}
int fipsmod_sha256_cleanse(fipsmod_sha256_ctx* ctx) noexcept { return cleanse(ctx); }

int fipsmod_sha224(const void* data, size_t len, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224Api::one_shot(data, len, out);
}
int fipsmod_sha224_init(fipsmod_sha224_ctx* ctx) noexcept { return Sha224Api::init(ctx); }
int fipsmod_sha224_update(fipsmod_sha224_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha224Api::update(ctx, data, len);
}
int fipsmod_sha224_sum(const fipsmod_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224Api::sum(ctx, out);
}
int fipsmod_sha224_marshal(const fipsmod_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) noexcept {
  return Sha224Api::marshal(ctx, out);
}
int fipsmod_sha224_unmarshal(fipsmod_sha224_ctx* ctx, const void* state, size_t state_len) noexcept {
  return Sha224Api::unmarshal(ctx, state, state_len);
}
int fipsmod_sha224_cleanse(fipsmod_sha224_ctx* ctx) noexcept { return cleanse(ctx); }

int fipsmod_hmac_sha256(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return HmacSha256Api::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha256_init(fipsmod_hmac_sha256_ctx* ctx, const void* key, size_t key_len) noexcept {
  return HmacSha256Api::init(ctx, key, key_len);
}
int fipsmod_hmac_sha256_update(fipsmod_hmac_sha256_ctx* ctx, const void* data, size_t len) noexcept {
  return HmacSha256Api::update(ctx, data, len);
}
int fipsmod_hmac_sha256_sum(const fipsmod_hmac_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return HmacSha256Api::sum(ctx, out);
}
int fipsmod_hmac_sha256_cleanse(fipsmod_hmac_sha256_ctx* ctx) noexcept { return cleanse(ctx); }

int fipsmod_hmac_sha224(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return HmacSha224Api::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha224_init(fipsmod_hmac_sha224_ctx* ctx, const void* key, size_t key_len) noexcept {
  return HmacSha224Api::init(ctx, key, key_len);
}
int fipsmod_hmac_sha224_update(fipsmod_hmac_sha224_ctx* ctx, const void* data, size_t len) noexcept {
  return HmacSha224Api::update(ctx, data, len);
}
int fipsmod_hmac_sha224_sum(const fipsmod_hmac_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return HmacSha224Api::sum(ctx, out);
}
int fipsmod_hmac_sha224_cleanse(fipsmod_hmac_sha224_ctx* ctx) noexcept { return cleanse(ctx); }

int fipsmod_xor_bytes(void* dst, size_t dst_len, const void* x, size_t x_len, const void* y, size_t y_len,
                      size_t* n_out) noexcept {
  std::size_t n = 0;
  const Status s = fipsmod::subtle::xor_bytes_checked(
      fipsmod::subtle::selected_xor_bytes_kernel(), static_cast<std::uint8_t*>(dst), dst_len,
      static_cast<const std::uint8_t*>(x), x_len, static_cast<const std::uint8_t*>(y), y_len, n);
  if (s == Status::ok && n_out != nullptr) *n_out = n;
  return code(s);
}

int fipsmod_service_indicator(void) noexcept {
  return fipsmod::service_indicator() == fipsmod::Indicator::approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
}

int fipsmod_mode(void) noexcept {
  return fipsmod::mode() == fipsmod::Mode::approved_only ? FIPSMOD_MODE_APPROVED_ONLY : FIPSMOD_MODE_ALL_SERVICES;
}

int fipsmod_set_mode(int mode) noexcept {
  if (mode == FIPSMOD_MODE_ALL_SERVICES) return code(fipsmod::internal::set_mode(fipsmod::Mode::all_services));
  if (mode == FIPSMOD_MODE_APPROVED_ONLY) return code(fipsmod::internal::set_mode(fipsmod::Mode::approved_only));
  return code(Status::invalid_argument);
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
