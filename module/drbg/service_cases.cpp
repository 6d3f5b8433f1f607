// The DRBG package's service cases (testing/service_cases.hpp): every C
// function and C++ call of the deterministic CTR_DRBG (<fipsmod/ctr_drbg.h>,
// <fipsmod/ctr_drbg.hpp>), with and without the derivation function,
// additional input and prediction resistance. All approved (ctr_drbg.h):
// the service has no other side. And the random service, every C function
// and C++ call of <fipsmod/random.h(pp)>, with and without additional input
// and prediction resistance (all approved).
#include <fipsmod/ctr_drbg.hpp>
#include <fipsmod/random.hpp>

#include <optional>

#include "drbg/internal.hpp"
#include "drbg/random.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

namespace {

const std::string kCtrDrbg = "CTR_DRBG (AES-256), entropy input from the caller";

const std::vector<std::uint8_t> kEntropy(48, 0x45), kNonce(16, 0x4e);

// A context instantiated by the service (the case's set-up, which its own
// case tests): with the derivation function, or not; with prediction
// resistance, or not.
int instantiated(fipsmod_ctr_drbg_ctx& ctx, int flags) {
  const bool df = (flags & FIPSMOD_CTR_DRBG_DF) != 0;
  return fipsmod_ctr_drbg_instantiate(&ctx, flags, kEntropy.data(), kEntropy.size(), df ? kNonce.data() : nullptr,
                                      df ? kNonce.size() : 0, kMessage, 16);
}

void ctr_drbg_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const auto a = drbg::deterministic_approval;
  const auto msg = message();
  for (const int flags : {FIPSMOD_CTR_DRBG_DF, 0, FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE,
                          FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE}) {
    const bool pr = (flags & FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE) != 0;
    const std::string at = std::string((flags & FIPSMOD_CTR_DRBG_DF) != 0 ? " (df" : " (no df") +
                           (pr ? ", prediction resistance)" : ")");
    c.push_back({"fipsmod_ctr_drbg_instantiate" + at, a, [=](auto, auto& hooks) {
                   fipsmod_ctr_drbg_ctx ctx{};
                   return call_on(hooks, ctx, [&] { return instantiated(ctx, flags); });
                 }, kCtrDrbg});
    c.push_back({"fipsmod_ctr_drbg_reseed" + at, a, [=](auto, auto& hooks) {
                   fipsmod_ctr_drbg_ctx ctx{};
                   if (const int s = instantiated(ctx, flags); s != FIPSMOD_OK) return s;
                   return call_on(hooks, ctx, [&] {
                     return fipsmod_ctr_drbg_reseed(&ctx, kEntropy.data(), kEntropy.size(), msg.data(), 32);
                   });
                 }, kCtrDrbg});
    for (const std::size_t add_len : {std::size_t{0}, std::size_t{32}}) {
      c.push_back({"fipsmod_ctr_drbg_generate" + at + (add_len != 0 ? " (additional input)" : ""), a,
                   [=](auto out, auto& hooks) {
                     fipsmod_ctr_drbg_ctx ctx{};
                     if (const int s = instantiated(ctx, flags); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] {
                       return fipsmod_ctr_drbg_generate(&ctx, pr ? kEntropy.data() : nullptr, pr ? kEntropy.size() : 0,
                                                        msg.data(), add_len, out.data(), 64);
                     });
                   }, kCtrDrbg});
    }
  }
  cpp.push_back({"CtrDrbg::CtrDrbg", a, [=](auto, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { CtrDrbg d(kEntropy, kNonce, msg); }); });
                 }, kCtrDrbg});
  cpp.push_back({"CtrDrbg::reseed", a, [=](auto, auto& hooks) {
                   std::optional<CtrDrbg> d;
                   if (const int s = status_of([&] { d.emplace(kEntropy, kNonce); }); s != FIPSMOD_OK) return s;
                   return call_on(hooks, [&] { return status_of([&] { d->reseed(kEntropy, msg); }); });
                 }, kCtrDrbg});
  cpp.push_back({"CtrDrbg::generate(span)", a, [=](auto out, auto& hooks) {
                   std::optional<CtrDrbg> d;
                   if (const int s = status_of([&] { d.emplace(kEntropy, kNonce); }); s != FIPSMOD_OK) return s;
                   return call_on(hooks, [&] { return status_of([&] { d->generate(out.first(64), msg); }); });
                 }, kCtrDrbg});
  cpp.push_back({"CtrDrbg::generate(n) (prediction resistance)", a, [=](auto out, auto& hooks) {
                   std::optional<CtrDrbg> d;
                   const CtrDrbg::Options pr{.derivation_function = false, .prediction_resistance = true};
                   if (const int s = status_of([&] { d.emplace(kEntropy, std::span<const std::uint8_t>{}, msg.first(16), pr); });
                       s != FIPSMOD_OK) {
                     return s;
                   }
                   return call_on(hooks, [&] { return status_of([&] { put(out, d->generate(64, {}, kEntropy)); }); });
                 }, kCtrDrbg});
}

const std::string kRandom = "Random bytes (CTR_DRBG AES-256), with or without additional input or prediction resistance";

void random_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const auto a = drbg::process::approval;
  c.push_back({"fipsmod_random_bytes", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_random_bytes(out.data(), 32); });
               }, kRandom, true});
  c.push_back({"fipsmod_random_bytes_ex (additional input)", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] { return fipsmod_random_bytes_ex(out.data(), 32, kMessage, sizeof kMessage, 0); });
               }, kRandom, true});
  c.push_back({"fipsmod_random_bytes_ex (prediction resistance)", a, [](auto out, auto& hooks) {
                 return call_on(hooks, [&] {
                   return fipsmod_random_bytes_ex(out.data(), 32, nullptr, 0, FIPSMOD_RANDOM_PREDICTION_RESISTANCE);
                 });
               }, kRandom, true});
  cpp.push_back({"random::fill(span)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { random::fill(out.first(32)); }); });
                 }, kRandom, true});
  cpp.push_back({"random::fill(span, additional, prediction resistance)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { random::fill(out.first(32), message(), true); }); });
                 }, kRandom, true});
  cpp.push_back({"random::bytes(n)", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, random::bytes(32)); }); });
                 }, kRandom, true});
  cpp.push_back({"random::bytes<N>()", a, [](auto out, auto& hooks) {
                   return call_on(hooks, [&] { return status_of([&] { put(out, random::bytes<32>()); }); });
                 }, kRandom, true});
}

}  // namespace

void drbg_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  ctr_drbg_cases(c, cpp);
  random_cases(c, cpp);
}

}  // namespace fipsmod::testing
