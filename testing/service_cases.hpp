// Every service of the C and the C++ API as a test case: its name, how the
// module must classify it, and a call that makes exactly one service call
// (after any set-up, which uses no service: contexts of the C++ API are
// built without the gate, those of the C API by an approved init or by the
// init of the same service). The indicator and approved-only tests and the
// self-test probe's refusal checks run the whole table, so a service
// missing from it is the only way to escape them; service_cases_test.cpp
// checks that every exported C function is in it or named as no service.
#pragma once

#include <fipsmod/fipsmod.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <fipsmod/hmac.hpp>
#include <fipsmod/md5.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/subtle.hpp>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "hmac/hmac_kernel.hpp"
#include "md5/md5_kernel.hpp"
#include "service.hpp"
#include "sha256/sha256_kernel.hpp"

namespace fipsmod::testing {

// What the caller of a case sees around its one service call.
struct Hooks {
  // Runs after the set-up, right before the call.
  std::function<void()> before = [] {};
  // Set by the case: whether `before` ran (a set-up that failed returns
  // its status without the call), and whether the call changed the bytes
  // of the context or object it works on, or of an output other than `out`
  // (its state; a call without one leaves it false).
  bool reached = false;
  bool state_changed = false;
  // The state's bytes after the call, where they are its value: contexts
  // start zeroed, so two runs of a case that succeed leave the same bytes.
  // Empty for a state with padding or a non-trivial copy (the C++ objects),
  // whose bytes may differ between equal values.
  std::vector<std::uint8_t> state_after;
};

struct ServiceCase {
  std::string name;
  internal::Approval approval;
  // The C status of the one service call (a C++ call's fipsmod::error
  // status, FIPSMOD_OK when it returned; see status_of). It writes its
  // result, if any, to `out` (kOutSize bytes); any other memory it writes is
  // its state, reported in hooks.state_changed.
  std::function<int(std::span<std::uint8_t> out, Hooks& hooks)> call;
};

// The call `f` right after hooks.before, with no state beyond `out`.
template <class F>
int call_on(Hooks& hooks, F&& f) {
  hooks.before();
  hooks.reached = true;
  return f();
}

// The call `f` on `state` right after hooks.before, recording whether it
// changed the state's bytes.
template <class T, class F>
int call_on(Hooks& hooks, T& state, F&& f) {
  std::array<std::uint8_t, sizeof(T)> was;
  std::memcpy(was.data(), static_cast<const void*>(&state), sizeof(T));
  hooks.before();
  hooks.reached = true;
  const int s = f();
  const auto* now = reinterpret_cast<const std::uint8_t*>(static_cast<const void*>(&state));
  hooks.state_changed = std::memcmp(was.data(), now, sizeof(T)) != 0;
  if constexpr (std::has_unique_object_representations_v<T>) hooks.state_after.assign(now, now + sizeof(T));
  return s;
}

// The size of the output buffer a case is given, aligned as a context.
inline constexpr std::size_t kOutSize = sizeof(fipsmod_sha256_ctx);  // the largest output, or MD5 context

// What status_of gives for a fipsmod::error of FIPSMOD_ERR_MODULE_ERROR
// that is not a fipsmod::module_error, the type the C++ API promises.
inline constexpr int kNotAModuleError = -0x7fff;

// A C++ call as a C status.
template <class F>
int status_of(F&& f) {
  try {
    f();
    return FIPSMOD_OK;
  } catch (const fipsmod::module_error& e) {
    return e.status();
  } catch (const fipsmod::error& e) {
    return e.status() == FIPSMOD_ERR_MODULE_ERROR ? kNotAModuleError : e.status();
  }
}

template <class Array>
void put(std::span<std::uint8_t> out, const Array& a) {
  std::memcpy(out.data(), a.data(), a.size());
}

inline const std::uint8_t kMessage[] = "a message of some forty bytes, or so...";
inline std::span<const std::uint8_t> message() { return {kMessage, sizeof kMessage - 1}; }

// A key of n bytes.
inline std::vector<std::uint8_t> key_of(std::size_t n) { return std::vector<std::uint8_t>(n, 0x4b); }

// A saved state of a running hash, made without the gate.
inline md5::State saved_md5() {
  md5::State out{};
  const md5::Running r = md5::DigestAccess::start(md5::selected_kernel());
  std::memcpy(out.data(), "md5\x01", 4);
  for (int i = 0; i < 4; ++i) {
    for (int b = 0; b < 4; ++b) out[4 + 4 * i + b] = static_cast<std::uint8_t>(r.s[i] >> (24 - 8 * b));
  }
  return out;  // the initial state, nothing written
}

inline sha256::State saved_sha(sha256::Variant v) {
  sha256::State out{};
  const sha256::Running r = sha256::DigestAccess::start(sha256::selected_kernel(), v);
  const std::uint8_t id = v == sha256::Variant::sha256 ? 3 : 2;
  out[0] = 's', out[1] = 'h', out[2] = 'a', out[3] = id;
  for (int i = 0; i < 8; ++i) {
    for (int b = 0; b < 4; ++b) out[4 + 4 * i + b] = static_cast<std::uint8_t>(r.c.h[i] >> (24 - 8 * b));
  }
  return out;
}

inline std::vector<ServiceCase> c_cases() {
  using internal::Approval;
  std::vector<ServiceCase> c;
  const auto* m = message().data();
  const std::size_t n = message().size();

  // MD5: not approved, every function.
  c.push_back({"fipsmod_md5", Approval::not_approved, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_md5(m, n, out.data()); });
               }});
  c.push_back({"fipsmod_md5_init", Approval::not_approved, [](auto, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_init(&ctx); });
               }});
  c.push_back({"fipsmod_md5_update", Approval::not_approved, [=](auto, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_update(&ctx, m, n); });
               }});
  c.push_back({"fipsmod_md5_sum", Approval::not_approved, [](auto out, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_sum(&ctx, out.data()); });
               }});
  c.push_back({"fipsmod_md5_marshal", Approval::not_approved, [](auto out, auto& hooks) {
                 fipsmod_md5_ctx ctx{};
                 if (const int s = fipsmod_md5_init(&ctx); s != FIPSMOD_OK) return s;
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_marshal(&ctx, out.data()); });
               }});
  c.push_back({"fipsmod_md5_unmarshal", Approval::not_approved, [](auto out, auto& hooks) {
                 // The context is the output here (`out` is aligned for it).
                 auto* ctx = reinterpret_cast<fipsmod_md5_ctx*>(out.data());
                 static_assert(sizeof(fipsmod_md5_ctx) <= kOutSize);
                 const md5::State state = saved_md5();
                 return call_on(hooks, [&] { return fipsmod_md5_unmarshal(ctx, state.data(), state.size()); });
               }});

  // MD5 on many contexts or messages at once: the same service, one call.
  c.push_back({"fipsmod_md5_update_many", Approval::not_approved, [=](auto, auto& hooks) {
                 fipsmod_md5_ctx ctx[2]{};
                 for (auto& one : ctx) {
                   if (const int s = fipsmod_md5_init(&one); s != FIPSMOD_OK) return s;
                 }
                 const fipsmod_md5_update_item items[] = {{&ctx[0], m, n}, {&ctx[1], m, n / 2}};
                 return call_on(hooks, ctx, [&] { return fipsmod_md5_update_many(items, 2); });
               }});
  c.push_back({"fipsmod_md5_many", Approval::not_approved, [=](auto out, auto& hooks) {
                 const void* data[] = {m};
                 const size_t len[] = {n};
                 return call_on(hooks, [&] {
                   return fipsmod_md5_many(1, data, len, reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(out.data()));
                 });
               }});

  // SHA-256 and SHA-224: approved, every function.
  const auto add_sha = [&](std::string name, auto one_shot, auto init, auto update, auto sum, auto marshal,
                           auto unmarshal, auto ctx_type, sha256::Variant v) {
    using Ctx = decltype(ctx_type);
    c.push_back({name, Approval::approved, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return one_shot(m, n, out.data()); });
                 }});
    c.push_back({name + "_init", Approval::approved, [=](auto, auto& hooks) {
                   Ctx ctx{};
                   return call_on(hooks, ctx, [&] { return init(&ctx); });
                 }});
    c.push_back({name + "_update", Approval::approved, [=](auto, auto& hooks) {
                   Ctx ctx{};
                   if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                   return call_on(hooks, ctx, [&] { return update(&ctx, m, n); });
                 }});
    c.push_back({name + "_sum", Approval::approved, [=](auto out, auto& hooks) {
                   Ctx ctx{};
                   if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                   return call_on(hooks, ctx, [&] { return sum(&ctx, out.data()); });
                 }});
    c.push_back({name + "_marshal", Approval::approved, [=](auto out, auto& hooks) {
                   Ctx ctx{};
                   if (const int s = init(&ctx); s != FIPSMOD_OK) return s;
                   return call_on(hooks, ctx, [&] { return marshal(&ctx, out.data()); });
                 }});
    c.push_back({name + "_unmarshal", Approval::approved, [=](auto, auto& hooks) {
                   Ctx ctx{};
                   const sha256::State state = saved_sha(v);
                   return call_on(hooks, ctx, [&] { return unmarshal(&ctx, state.data(), state.size()); });
                 }});
  };
  add_sha("fipsmod_sha256", fipsmod_sha256, fipsmod_sha256_init, fipsmod_sha256_update, fipsmod_sha256_sum,
          fipsmod_sha256_marshal, fipsmod_sha256_unmarshal, fipsmod_sha256_ctx{}, sha256::Variant::sha256);
  add_sha("fipsmod_sha224", fipsmod_sha224, fipsmod_sha224_init, fipsmod_sha224_update, fipsmod_sha224_sum,
          fipsmod_sha224_marshal, fipsmod_sha224_unmarshal, fipsmod_sha224_ctx{}, sha256::Variant::sha224);

  // HMAC: approved from 14 key bytes on, at 13 not.
  const auto add_hmac = [&](std::string name, auto one_shot, auto init, auto update, auto sum, auto ctx_type) {
    using Ctx = decltype(ctx_type);
    for (const std::size_t key_size : {std::size_t{13}, std::size_t{14}}) {
      const Approval a = key_size >= 14 ? Approval::approved : Approval::not_approved;
      const std::string at = " (key " + std::to_string(key_size) + " bytes)";
      const auto key = key_of(key_size);
      c.push_back({name + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return one_shot(key.data(), key.size(), m, n, out.data()); });
                   }});
      c.push_back({name + "_init" + at, a, [=](auto, auto& hooks) {
                     Ctx ctx{};
                     return call_on(hooks, ctx, [&] { return init(&ctx, key.data(), key.size()); });
                   }});
      c.push_back({name + "_update" + at, a, [=](auto, auto& hooks) {
                     Ctx ctx{};
                     if (const int s = init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] { return update(&ctx, m, n); });
                   }});
      c.push_back({name + "_sum" + at, a, [=](auto out, auto& hooks) {
                     Ctx ctx{};
                     if (const int s = init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] { return sum(&ctx, out.data()); });
                   }});
    }
  };
  add_hmac("fipsmod_hmac_sha256", fipsmod_hmac_sha256, fipsmod_hmac_sha256_init, fipsmod_hmac_sha256_update,
           fipsmod_hmac_sha256_sum, fipsmod_hmac_sha256_ctx{});
  add_hmac("fipsmod_hmac_sha224", fipsmod_hmac_sha224, fipsmod_hmac_sha224_init, fipsmod_hmac_sha224_update,
           fipsmod_hmac_sha224_sum, fipsmod_hmac_sha224_ctx{});

  // XORBytes: not a cryptographic service.
  c.push_back({"fipsmod_xor_bytes", Approval::not_a_service, [=](auto out, auto& hooks) {
                 std::size_t written = 0;
                 return call_on(hooks, written, [&] {
                   return fipsmod_xor_bytes(out.data(), out.size(), m, n, m + 1, n - 1, &written);
                 });
               }});
  return c;
}

inline std::vector<ServiceCase> cpp_cases() {
  using internal::Approval;
  std::vector<ServiceCase> c;
  const auto msg = message();
  const std::string_view text(reinterpret_cast<const char*>(msg.data()), msg.size());

  // MD5 on a Digest made without the gate, so that each call is the only
  // service of its case.
  const auto md5_digest = [] { return md5::DigestAccess::on(md5::selected_kernel()); };
  const Approval no = Approval::not_approved;
  c.push_back({"md5::sum(span)", no, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return status_of([&] { put(out, md5::sum(msg)); }); });
               }});
  c.push_back({"md5::sum(string_view)", no, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return status_of([&] { put(out, md5::sum(text)); }); });
               }});
  c.push_back({"md5::Digest()", no, [](auto, auto& hooks) {
                 return call_on(hooks, [&] { return status_of([] { md5::Digest d; }); });
               }});
  c.push_back({"md5::Digest::update(span)", no, [=](auto, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { d.update(msg); }); });
               }});
  c.push_back({"md5::Digest::update(string_view)", no, [=](auto, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { d.update(text); }); });
               }});
  c.push_back({"md5::Digest::sum", no, [=](auto out, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { put(out, d.sum()); }); });
               }});
  c.push_back({"md5::Digest::reset", no, [=](auto, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { d.reset(); }); });
               }});
  c.push_back({"md5::Digest::marshal", no, [=](auto out, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { put(out, d.marshal()); }); });
               }});
  c.push_back({"md5::Digest::unmarshal", no, [=](auto, auto& hooks) {
                 auto d = md5_digest();
                 return call_on(hooks, d, [&] { return status_of([&] { d.unmarshal(saved_md5()); }); });
               }});

  c.push_back({"md5::update_many", no, [=](auto, auto& hooks) {
                 md5::Digest d[2] = {md5_digest(), md5_digest()};
                 const md5::Update updates[] = {{&d[0], msg}, {&d[1], msg}};
                 return call_on(hooks, d, [&] { return status_of([&] { md5::update_many(updates); }); });
               }});
  c.push_back({"md5::sum_many", no, [=](auto out, auto& hooks) {
                 const std::span<const std::uint8_t> messages[] = {msg};
                 md5::Sum sums[1]{};
                 return call_on(hooks, sums, [&] {
                   return status_of([&] {
                     md5::sum_many(messages, sums);
                     put(out, sums[0]);
                   });
                 });
               }});

  // SHA-256 and SHA-224.
  const Approval yes = Approval::approved;
  const auto add_sha = [&]<class D>(std::string name, auto make, auto one_shot_span, auto one_shot_text,
                                    sha256::Variant v) {
    c.push_back({name + " one-shot(span)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, one_shot_span(msg)); }); });
                 }});
    c.push_back({name + " one-shot(string_view)", yes, [=](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, one_shot_text(text)); }); });
                 }});
    c.push_back({name + "()", yes, [=](auto, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([] { D d; }); });
                 }});
    c.push_back({name + "::update(span)", yes, [=](auto, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { made.d.update(msg); }); });
                 }});
    c.push_back({name + "::update(string_view)", yes, [=](auto, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { made.d.update(text); }); });
                 }});
    c.push_back({name + "::sum", yes, [=](auto out, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { put(out, made.d.sum()); }); });
                 }});
    c.push_back({name + "::reset", yes, [=](auto, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { made.d.reset(); }); });
                 }});
    c.push_back({name + "::marshal", yes, [=](auto out, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { put(out, made.d.marshal()); }); });
                 }});
    c.push_back({name + "::unmarshal", yes, [=](auto, auto& hooks) {
                   auto made = make();
                   return call_on(hooks, made, [&] { return status_of([&] { made.d.unmarshal(saved_sha(v)); }); });
                 }});
  };
  struct Made256 {
    sha256::Digest d;
  };
  struct Made224 {
    sha256::Digest224 d;
  };
  add_sha.operator()<sha256::Digest>(
      "sha256::Digest", [] { return Made256{sha256::DigestAccess::on(sha256::selected_kernel())}; },
      [](std::span<const std::uint8_t> s) { return sha256::sum(s); }, [](std::string_view s) { return sha256::sum(s); },
      sha256::Variant::sha256);
  add_sha.operator()<sha256::Digest224>(
      "sha256::Digest224", [] { return Made224{sha256::DigestAccess::on224(sha256::selected_kernel())}; },
      [](std::span<const std::uint8_t> s) { return sha256::sum224(s); },
      [](std::string_view s) { return sha256::sum224(s); }, sha256::Variant::sha224);

  // HMAC at 13 and 14 key bytes.
  const auto add_hmac = [&]<class Hash>(std::string name, auto one_shot) {
    for (const std::size_t key_size : {std::size_t{13}, std::size_t{14}}) {
      const Approval a = key_size >= 14 ? Approval::approved : Approval::not_approved;
      const std::string at = " (key " + std::to_string(key_size) + " bytes)";
      const auto key = key_of(key_size);
      const auto keyed = [key] { return hmac::HmacAccess::on<Hash>(sha256::selected_kernel(), key); };
      c.push_back({name + " one-shot" + at, a, [=](auto out, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { put(out, one_shot(key, msg)); }); });
                   }});
      c.push_back({name + "(span)" + at, a, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { hmac::Hmac<Hash> h(key); }); });
                   }});
      c.push_back({name + "(string_view)" + at, a, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] {
                       hmac::Hmac<Hash> h(std::string_view(reinterpret_cast<const char*>(key.data()), key.size()));
                     }); });
                   }});
      c.push_back({name + "::update(span)" + at, a, [=](auto, auto& hooks) {
                     auto h = keyed();
                     return call_on(hooks, h, [&] { return status_of([&] { h.update(msg); }); });
                   }});
      c.push_back({name + "::update(string_view)" + at, a, [=](auto, auto& hooks) {
                     auto h = keyed();
                     return call_on(hooks, h, [&] { return status_of([&] { h.update(text); }); });
                   }});
      c.push_back({name + "::sum" + at, a, [=](auto out, auto& hooks) {
                     auto h = keyed();
                     return call_on(hooks, h, [&] { return status_of([&] { put(out, h.sum()); }); });
                   }});
      c.push_back({name + "::reset" + at, a, [=](auto, auto& hooks) {
                     auto h = keyed();
                     return call_on(hooks, h, [&] { return status_of([&] { h.reset(); }); });
                   }});
    }
  };
  add_hmac.operator()<sha256::Digest>("hmac::HmacSha256", [](auto k, auto d) { return hmac::sum_sha256(k, d); });
  add_hmac.operator()<sha256::Digest224>("hmac::HmacSha224", [](auto k, auto d) { return hmac::sum_sha224(k, d); });

  c.push_back({"subtle::xor_bytes", Approval::not_a_service, [=](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return status_of([&] { subtle::xor_bytes(out, msg, msg.subspan(1)); }); });
               }});
  return c;
}

// The C function a case of c_cases() calls: its name without the key size.
inline std::string_view c_function_of(const ServiceCase& c) {
  const std::string_view name = c.name;
  return name.substr(0, name.find(' '));
}

inline std::vector<ServiceCase> all_cases() {
  std::vector<ServiceCase> all = c_cases();
  for (ServiceCase& c : cpp_cases()) all.push_back(std::move(c));
  return all;
}

}  // namespace fipsmod::testing
