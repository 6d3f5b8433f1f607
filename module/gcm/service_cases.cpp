// AES-GCM's service cases (testing/service_cases.hpp): every C function and
// C++ call, each on both sides of its approval where it has two: seal under
// the caller's nonce (never approved) and under the module's (approved
// with a 16-byte tag, not with an 8-byte one); open with a 12-byte nonce
// and a 16-byte tag (approved), a 16-byte nonce or an 8-byte tag (not).
// The random-nonce context's seals belong to the rows of the module's
// nonces, as the counter-nonce context's do.
#include <fipsmod/gcm.hpp>

#include <optional>
#include <type_traits>

#include "gcm/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

namespace {

using internal::Approval;

const std::string kInit = "AES-GCM key set-up";
const std::string kSealCounter = "AES-GCM seal, nonce made by the module, tag >= 12 bytes";
const std::string kSealCounterShort = "AES-GCM seal, nonce made by the module, tag of 4 or 8 bytes";
const std::string kSealCaller = "AES-GCM seal, nonce chosen by the caller";
const std::string kOpen = "AES-GCM open, 12-byte nonce, tag >= 12 bytes";
const std::string kOpenOther = "AES-GCM open, other nonce or tag of 4 or 8 bytes";

// A ciphertext and tag for `nonce`, made by the module's internal
// functions, not a service: the case's set-up, which must work in every
// mode (a caller's-nonce seal is refused in approved-only mode).
struct Sealed {
  std::vector<std::uint8_t> text, tag;
};
Sealed sealed(const std::vector<std::uint8_t>& key, std::span<const std::uint8_t> nonce, std::size_t tag_len, int& status) {
  const gcm::Kernel& k = gcm::kernels().selected();
  gcm::Key expanded{};
  gcm::init(k, expanded, key);
  Sealed s{std::vector<std::uint8_t>(message().size()), std::vector<std::uint8_t>(tag_len)};
  gcm::seal(k, expanded, nonce, {}, message().data(), s.text.data(), s.text.size(), s.tag);
  status = FIPSMOD_OK;
  return s;
}

}  // namespace

void gcm_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const auto msg = message();
  const std::vector<std::uint8_t> nonce12(12, 0x4e), nonce16(16, 0x4e);
  const std::array<std::uint8_t, 4> prefix{1, 2, 3, 4};
  for (const std::size_t key_size : {16, 32}) {
    const std::string at = " (key " + std::to_string(key_size) + " bytes)";
    const auto key = key_of(key_size);
    c.push_back({"fipsmod_aes_gcm_init" + at, gcm::init_approval, [=](auto, auto& hooks) {
                   fipsmod_aes_gcm_ctx ctx{};
                   return call_on(hooks, ctx, [&] { return fipsmod_aes_gcm_init(&ctx, key.data(), key.size()); });
                 }, kInit});
    c.push_back({"fipsmod_aes_gcm_counter_init" + at, gcm::init_approval, [=](auto, auto& hooks) {
                   fipsmod_aes_gcm_counter_ctx ctx{};
                   return call_on(hooks, ctx, [&] { return fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix.data()); });
                 }, kInit});
    c.push_back({"fipsmod_aes_gcm_seal" + at, Approval::not_approved, [=](auto out, auto& hooks) {
                   fipsmod_aes_gcm_ctx ctx{};
                   if (const int s = fipsmod_aes_gcm_init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                   return call_on(hooks, ctx, [&] {
                     return fipsmod_aes_gcm_seal(&ctx, nonce12.data(), 12, nullptr, 0, msg.data(), msg.size(), out.data(),
                                                 out.data() + msg.size(), 16);
                   });
                 }, kSealCaller});
    for (const std::size_t tag_len : {16, 8}) {
      const std::string t = " (tag " + std::to_string(tag_len) + " bytes)";
      c.push_back({"fipsmod_aes_gcm_counter_seal" + at + t, gcm::seal_approval(true, tag_len), [=](auto out, auto& hooks) {
                     fipsmod_aes_gcm_counter_ctx ctx{};
                     if (const int s = fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix.data()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(),
                                                           out.data() + msg.size(), tag_len, out.data() + msg.size() + 16);
                     });
                   }, tag_len >= 12 ? kSealCounter : kSealCounterShort});
    }
    struct OpenCase {
      std::vector<std::uint8_t> nonce;
      std::size_t tag_len;
    };
    for (const OpenCase& o : {OpenCase{nonce12, 16}, OpenCase{nonce16, 16}, OpenCase{nonce12, 8}}) {
      const std::string t = " (nonce " + std::to_string(o.nonce.size()) + ", tag " + std::to_string(o.tag_len) + " bytes)";
      const Approval a = gcm::open_approval(o.nonce.size(), o.tag_len);
      const std::string row = a == Approval::approved ? kOpen : kOpenOther;
      c.push_back({"fipsmod_aes_gcm_open" + at + t, a, [=](auto out, auto& hooks) {
                     int s = FIPSMOD_OK;
                     const Sealed in = sealed(key, o.nonce, o.tag_len, s);
                     if (s != FIPSMOD_OK) return s;
                     fipsmod_aes_gcm_ctx ctx{};
                     if (s = fipsmod_aes_gcm_init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_aes_gcm_open(&ctx, o.nonce.data(), o.nonce.size(), nullptr, 0, in.text.data(),
                                                   in.text.size(), in.tag.data(), in.tag.size(), out.data());
                     });
                   }, row});
      if (o.nonce.size() != 12) continue;
      c.push_back({"fipsmod_aes_gcm_counter_open" + at + t, a, [=](auto out, auto& hooks) {
                     int s = FIPSMOD_OK;
                     const Sealed in = sealed(key, o.nonce, o.tag_len, s);
                     if (s != FIPSMOD_OK) return s;
                     fipsmod_aes_gcm_counter_ctx ctx{};
                     if (s = fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix.data()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_aes_gcm_counter_open(&ctx, o.nonce.data(), nullptr, 0, in.text.data(), in.text.size(),
                                                           in.tag.data(), in.tag.size(), out.data());
                     });
                   }, row});
    }

    c.push_back({"fipsmod_aes_gcm_random_init" + at, gcm::init_approval, [=](auto, auto& hooks) {
                   fipsmod_aes_gcm_random_ctx ctx{};
                   return call_on(hooks, ctx, [&] { return fipsmod_aes_gcm_random_init(&ctx, key.data(), key.size()); });
                 }, kInit});
    for (const std::size_t tag_len : {16, 8}) {
      const std::string t = " (tag " + std::to_string(tag_len) + " bytes)";
      c.push_back({"fipsmod_aes_gcm_random_seal" + at + t, gcm::seal_approval(true, tag_len), [=](auto out, auto& hooks) {
                     fipsmod_aes_gcm_random_ctx ctx{};
                     if (const int s = fipsmod_aes_gcm_random_init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_aes_gcm_random_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(),
                                                          out.data() + msg.size(), tag_len, out.data() + msg.size() + 16);
                     });
                   }, tag_len >= 12 ? kSealCounter : kSealCounterShort, true});
    }
    for (const std::size_t tag_len : {16, 8}) {
      const std::string t = " (nonce 12, tag " + std::to_string(tag_len) + " bytes)";
      const Approval a = gcm::open_approval(12, tag_len);
      c.push_back({"fipsmod_aes_gcm_random_open" + at + t, a, [=](auto out, auto& hooks) {
                     int s = FIPSMOD_OK;
                     const Sealed in = sealed(key, nonce12, tag_len, s);
                     if (s != FIPSMOD_OK) return s;
                     fipsmod_aes_gcm_random_ctx ctx{};
                     if (s = fipsmod_aes_gcm_random_init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_aes_gcm_random_open(&ctx, nonce12.data(), nullptr, 0, in.text.data(), in.text.size(),
                                                          in.tag.data(), in.tag.size(), out.data());
                     });
                   }, a == Approval::approved ? kOpen : kOpenOther});
    }

    // C++.
    cpp.push_back({"aes_gcm::Gcm(span)" + at, gcm::init_approval, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { aes_gcm::Gcm g(key); }); });
                   }, kInit});
    cpp.push_back({"aes_gcm::CounterNonce(span)" + at, gcm::init_approval, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { aes_gcm::CounterNonce g(key, prefix); }); });
                   }, kInit});
    const auto with_gcm = [&](std::string name, Approval a, std::string row, auto call) {
      cpp.push_back({name + at, a, [=](auto out, auto& hooks) {
                       std::optional<aes_gcm::Gcm> g;
                       if (const int s = status_of([&] { g.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { call(*g, out); }); });
                     }, row});
    };
    with_gcm("aes_gcm::Gcm::seal(spans)", Approval::not_approved, kSealCaller, [=](const aes_gcm::Gcm& g, auto out) {
      g.seal(nonce12, {}, msg, out.first(msg.size()), out.subspan(msg.size(), 16));
    });
    with_gcm("aes_gcm::Gcm::seal(vector)", Approval::not_approved, kSealCaller,
             [=](const aes_gcm::Gcm& g, auto out) { put(out, g.seal(nonce12, {}, msg)); });
    for (const OpenCase& o : {OpenCase{nonce12, 16}, OpenCase{nonce16, 16}}) {
      const std::string t = " (nonce " + std::to_string(o.nonce.size()) + " bytes)";
      const Approval a = gcm::open_approval(o.nonce.size(), o.tag_len);
      const std::string row = a == Approval::approved ? kOpen : kOpenOther;
      cpp.push_back({"aes_gcm::Gcm::open(spans)" + at + t, a, [=](auto out, auto& hooks) {
                       int s = FIPSMOD_OK;
                       const Sealed in = sealed(key, o.nonce, 16, s);
                       if (s != FIPSMOD_OK) return s;
                       std::optional<aes_gcm::Gcm> g;
                       if (s = status_of([&] { g.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { g->open(o.nonce, {}, in.text, in.tag, out); }); });
                     }, row});
      cpp.push_back({"aes_gcm::Gcm::open(vector)" + at + t, a, [=](auto out, auto& hooks) {
                       int s = FIPSMOD_OK;
                       Sealed in = sealed(key, o.nonce, 16, s);
                       if (s != FIPSMOD_OK) return s;
                       in.text.insert(in.text.end(), in.tag.begin(), in.tag.end());
                       std::optional<aes_gcm::Gcm> g;
                       if (s = status_of([&] { g.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { put(out, g->open(o.nonce, {}, in.text)); }); });
                     }, row});
    }
    const auto with_counter = [&](std::string name, Approval a, std::string row, auto call) {
      cpp.push_back({name + at, a, [=](auto out, auto& hooks) {
                       std::optional<aes_gcm::CounterNonce> g;
                       if (const int s = status_of([&] { g.emplace(key, prefix); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { call(*g, out); }); });
                     }, row});
    };
    with_counter("aes_gcm::CounterNonce::seal(spans)", Approval::approved, kSealCounter, [=](aes_gcm::CounterNonce& g, auto out) {
      put(out.subspan(msg.size() + 16), g.seal({}, msg, out.first(msg.size()), out.subspan(msg.size(), 16)));
    });
    with_counter("aes_gcm::CounterNonce::seal(spans, tag 8 bytes)", Approval::not_approved, kSealCounterShort,
                 [=](aes_gcm::CounterNonce& g, auto out) {
                   put(out.subspan(msg.size() + 8), g.seal({}, msg, out.first(msg.size()), out.subspan(msg.size(), 8)));
                 });
    with_counter("aes_gcm::CounterNonce::seal(vector)", Approval::approved, kSealCounter,
                 [=](aes_gcm::CounterNonce& g, auto out) { put(out, g.seal({}, msg)); });
    cpp.push_back({"aes_gcm::RandomNonce(span)" + at, gcm::init_approval, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { aes_gcm::RandomNonce g(key); }); });
                   }, kInit});
    const auto with_random = [&](std::string name, Approval a, std::string row, auto call) {
      cpp.push_back({name + at, a, [=](auto out, auto& hooks) {
                       std::optional<aes_gcm::RandomNonce> g;
                       if (const int s = status_of([&] { g.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { call(*g, out); }); });
                     }, row, true});
    };
    with_random("aes_gcm::RandomNonce::seal(spans)", Approval::approved, kSealCounter, [=](aes_gcm::RandomNonce& g, auto out) {
      put(out.subspan(msg.size() + 16), g.seal({}, msg, out.first(msg.size()), out.subspan(msg.size(), 16)));
    });
    with_random("aes_gcm::RandomNonce::seal(spans, tag 8 bytes)", Approval::not_approved, kSealCounterShort,
                [=](aes_gcm::RandomNonce& g, auto out) {
                  put(out.subspan(msg.size() + 8), g.seal({}, msg, out.first(msg.size()), out.subspan(msg.size(), 8)));
                });
    with_random("aes_gcm::RandomNonce::seal(vector)", Approval::approved, kSealCounter,
                [=](aes_gcm::RandomNonce& g, auto out) { put(out, g.seal({}, msg)); });
    cpp.push_back({"aes_gcm::RandomNonce::open(spans)" + at, Approval::approved, [=](auto out, auto& hooks) {
                     int s = FIPSMOD_OK;
                     const Sealed in = sealed(key, nonce12, 16, s);
                     if (s != FIPSMOD_OK) return s;
                     std::optional<aes_gcm::RandomNonce> g;
                     if (s = status_of([&] { g.emplace(key); }); s != FIPSMOD_OK) return s;
                     const auto n = std::span<const std::uint8_t, 12>(nonce12.data(), 12);
                     return call_on(hooks, [&] { return status_of([&] { g->open(n, {}, in.text, in.tag, out); }); });
                   }, kOpen});
    // open(vector) of each kind: the nonce, the text and the tag in one.
    const auto open_whole = [&](const std::string& name, auto kind, auto emplace) {
      cpp.push_back({name + at, Approval::approved, [=](auto out, auto& hooks) {
                       int s = FIPSMOD_OK;
                       const Sealed in = sealed(key, nonce12, 16, s);
                       if (s != FIPSMOD_OK) return s;
                       std::vector<std::uint8_t> whole(nonce12);
                       whole.insert(whole.end(), in.text.begin(), in.text.end());
                       whole.insert(whole.end(), in.tag.begin(), in.tag.end());
                       std::optional<typename decltype(kind)::type> g;
                       if (s = status_of([&] { emplace(g); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { put(out, g->open({}, whole)); }); });
                     }, kOpen});
    };
    open_whole("aes_gcm::RandomNonce::open(vector)", std::type_identity<aes_gcm::RandomNonce>{},
               [=](auto& g) { g.emplace(key); });
    open_whole("aes_gcm::CounterNonce::open(vector)", std::type_identity<aes_gcm::CounterNonce>{},
               [=](auto& g) { g.emplace(key, prefix); });
    cpp.push_back({"aes_gcm::CounterNonce::open" + at, Approval::approved, [=](auto out, auto& hooks) {
                     int s = FIPSMOD_OK;
                     const Sealed in = sealed(key, nonce12, 16, s);
                     if (s != FIPSMOD_OK) return s;
                     std::optional<aes_gcm::CounterNonce> g;
                     if (s = status_of([&] { g.emplace(key, prefix); }); s != FIPSMOD_OK) return s;
                     const auto n = std::span<const std::uint8_t, 12>(nonce12.data(), 12);
                     return call_on(hooks, [&] { return status_of([&] { g->open(n, {}, in.text, in.tag, out); }); });
                   }, kOpen});
  }
}

}  // namespace fipsmod::testing
