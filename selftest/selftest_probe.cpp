// A test program for the module's state machine, run by ctest in a fresh
// process each time (the state is per process):
//
//   selftest_probe list           the registered self-tests, one a line
//   selftest_probe power-on       a callback registered first sees the
//                                 power-on run; the module ends operational
//   selftest_probe broken NAME    with FIPSMOD_BREAK=NAME (a build with
//                                 FIPSMOD_BREAK_TESTS): the module is in
//                                 error, the failure names NAME, and every C
//                                 and C++ service refuses and writes nothing;
//                                 after a failed integrity test no other
//                                 test ran (the callback saw none start)
//   selftest_probe abort          under the abort policy, the first service
//                                 call aborts (with FIPSMOD_BREAK set)
//   selftest_probe meddling       a callback that calls a service and throws
//                                 cannot hang or fail the power-on run
//   selftest_probe threads        eight threads make their first call at
//                                 once: one power-on run, every call answered
//   selftest_probe after-gate     (FIPSMOD_BREAK_TESTS) the module enters its
//                                 error state right after a call has passed
//                                 the gate: that call still finishes whole,
//                                 with no exception, and every later call of
//                                 every C and C++ service refuses
//
// Prints nothing to stdout unless asked (list); each failed check is one
// line on stderr, and the exit status is 1 if any failed.
#include <fipsmod/fipsmod.h>
#include <fipsmod/md5.hpp>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <fipsmod/subtle.hpp>

#include "md5/md5_kernel.hpp"

#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "power_on.hpp"
#include "selftests.hpp"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "selftest_probe: FAILED: %s\n", what.c_str());
  ++failures;
}

int list() {
  for (const fipsmod::selftest::Test& t : fipsmod::selftest::registered()) std::printf("%s\n", t.name.c_str());
  return 0;
}

struct Seen {
  std::vector<std::string> events;
};

void record(const fipsmod_selftest_event* e, void* arg) {
  static const char* kPhase[] = {"start", "pass", "fail"};
  static_cast<Seen*>(arg)->events.push_back(std::string(kPhase[e->phase]) + " " + e->type + " " + e->name + " " +
                                            e->algorithm + " " + e->kernel);
}

std::vector<std::string> expected_events(const char* phase) {
  std::vector<std::string> out;
  for (const fipsmod::selftest::Test& t : fipsmod::selftest::registered()) {
    const std::string type = t.kind == fipsmod::selftest::Kind::integrity ? "integrity" : "KAT";
    const std::string rest = " " + type + " " + t.name + " " + std::string(t.algorithm->name) + " " + t.kernel->name;
    out.push_back("start" + rest);
    out.push_back(phase + rest);
  }
  return out;
}

int power_on() {
  check(fipsmod_state() == FIPSMOD_STATE_INIT, "state before the first service is INIT");
  Seen seen;
  fipsmod_set_selftest_callback(record, &seen);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_OK, "fipsmod_md5 answers");
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL, "state after the power-on run is OPERATIONAL");
  check(!seen.events.empty() && seen.events == expected_events("pass"),
        "the callback saw start and pass for each registered self-test, in order");
  seen.events.clear();
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_OK && seen.events.empty(), "the power-on run happens once");
  check(fipsmod_selftest() == FIPSMOD_OK, "fipsmod_selftest passes");
  check(seen.events == expected_events("pass"), "an on-demand run is seen by the callback");
  check(fipsmod_selftest_failure() == nullptr && !fipsmod::selftest::first_failure(), "no failure is recorded");
  check(fipsmod::selftest::run_all().passed(), "selftest::run_all passes");
  return failures ? 1 : 0;
}

// Every service, each given an output filled with 0xaa that it must not
// touch.
void every_service_refuses() {
  constexpr std::uint8_t kFill = 0xaa;
  const auto untouched = [](const auto& buf) {
    for (auto b : buf) {
      if (static_cast<std::uint8_t>(b) != kFill) return false;
    }
    return true;
  };
  const std::uint8_t input[100] = {1, 2, 3};
  std::array<std::uint8_t, 100> out;
  out.fill(kFill);

  // C API.
  check(fipsmod_md5(input, sizeof input, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_md5");
  fipsmod_md5_ctx ctx;
  std::memset(&ctx, kFill, sizeof ctx);
  check(fipsmod_md5_init(&ctx) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_md5_init");
  const std::vector<std::uint8_t> ctx_bytes(reinterpret_cast<std::uint8_t*>(&ctx),
                                            reinterpret_cast<std::uint8_t*>(&ctx) + sizeof ctx);
  check(untouched(ctx_bytes), "fipsmod_md5_init leaves the context alone");
  check(fipsmod_md5_update(&ctx, input, sizeof input) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_md5_update");
  check(fipsmod_md5_sum(&ctx, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_md5_sum");
  check(fipsmod_md5_marshal(&ctx, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_md5_marshal");
  std::uint8_t state[FIPSMOD_MD5_MARSHALED_SIZE] = {'m', 'd', '5', 1};
  check(fipsmod_md5_unmarshal(&ctx, state, sizeof state) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_md5_unmarshal");
  check(untouched(std::vector<std::uint8_t>(reinterpret_cast<std::uint8_t*>(&ctx),
                                            reinterpret_cast<std::uint8_t*>(&ctx) + sizeof ctx)),
        "fipsmod_md5_update and _unmarshal leave the context alone");
  std::size_t n = 12345;
  check(fipsmod_xor_bytes(out.data(), out.size(), input, 50, input + 50, 50, &n) == FIPSMOD_ERR_MODULE_ERROR &&
            untouched(out) && n == 12345,
        "fipsmod_xor_bytes");
  // SHA-256, SHA-224 and HMAC, on contexts of the fill pattern.
  const auto bytes_of = [](const auto& c) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&c);
    return std::vector<std::uint8_t>(p, p + sizeof c);
  };
  fipsmod_sha256_ctx s256;
  fipsmod_sha224_ctx s224;
  fipsmod_hmac_sha256_ctx h256;
  fipsmod_hmac_sha224_ctx h224;
  std::memset(&s256, kFill, sizeof s256);
  std::memset(&s224, kFill, sizeof s224);
  std::memset(&h256, kFill, sizeof h256);
  std::memset(&h224, kFill, sizeof h224);
  std::uint8_t sha_state[FIPSMOD_SHA256_MARSHALED_SIZE] = {'s', 'h', 'a', 3};
  check(fipsmod_sha256(input, sizeof input, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_sha256");
  check(fipsmod_sha256_init(&s256) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_sha256_init");
  check(fipsmod_sha256_update(&s256, input, sizeof input) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_sha256_update");
  check(fipsmod_sha256_sum(&s256, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_sha256_sum");
  check(fipsmod_sha256_marshal(&s256, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_sha256_marshal");
  check(fipsmod_sha256_unmarshal(&s256, sha_state, sizeof sha_state) == FIPSMOD_ERR_MODULE_ERROR,
        "fipsmod_sha256_unmarshal");
  sha_state[3] = 2;
  check(fipsmod_sha224(input, sizeof input, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_sha224");
  check(fipsmod_sha224_init(&s224) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_sha224_init");
  check(fipsmod_sha224_update(&s224, input, sizeof input) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_sha224_update");
  check(fipsmod_sha224_sum(&s224, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out), "fipsmod_sha224_sum");
  check(fipsmod_sha224_marshal(&s224, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_sha224_marshal");
  check(fipsmod_sha224_unmarshal(&s224, sha_state, sizeof sha_state) == FIPSMOD_ERR_MODULE_ERROR,
        "fipsmod_sha224_unmarshal");
  check(fipsmod_hmac_sha256(input, 10, input, sizeof input, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_hmac_sha256");
  check(fipsmod_hmac_sha256_init(&h256, input, 10) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_hmac_sha256_init");
  check(fipsmod_hmac_sha256_update(&h256, input, sizeof input) == FIPSMOD_ERR_MODULE_ERROR,
        "fipsmod_hmac_sha256_update");
  check(fipsmod_hmac_sha256_sum(&h256, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_hmac_sha256_sum");
  check(fipsmod_hmac_sha224(input, 10, input, sizeof input, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_hmac_sha224");
  check(fipsmod_hmac_sha224_init(&h224, input, 10) == FIPSMOD_ERR_MODULE_ERROR, "fipsmod_hmac_sha224_init");
  check(fipsmod_hmac_sha224_update(&h224, input, sizeof input) == FIPSMOD_ERR_MODULE_ERROR,
        "fipsmod_hmac_sha224_update");
  check(fipsmod_hmac_sha224_sum(&h224, out.data()) == FIPSMOD_ERR_MODULE_ERROR && untouched(out),
        "fipsmod_hmac_sha224_sum");
  check(untouched(bytes_of(s256)) && untouched(bytes_of(s224)) && untouched(bytes_of(h256)) && untouched(bytes_of(h224)),
        "the SHA-256, SHA-224 and HMAC functions leave their contexts alone");
  // Zeroising a context is not a service: it works in the error state too.
  check(fipsmod_hmac_sha256_cleanse(&h256) == FIPSMOD_OK && bytes_of(h256) == std::vector<std::uint8_t>(sizeof h256, 0),
        "fipsmod_hmac_sha256_cleanse still zeroises");
  check(fipsmod_hmac_sha224_cleanse(&h224) == FIPSMOD_OK && bytes_of(h224) == std::vector<std::uint8_t>(sizeof h224, 0),
        "fipsmod_hmac_sha224_cleanse still zeroises");
  check(fipsmod_md5_cleanse(&ctx) == FIPSMOD_OK && bytes_of(ctx) == std::vector<std::uint8_t>(sizeof ctx, 0),
        "fipsmod_md5_cleanse still zeroises");
  check(fipsmod_sha256_cleanse(&s256) == FIPSMOD_OK && bytes_of(s256) == std::vector<std::uint8_t>(sizeof s256, 0),
        "fipsmod_sha256_cleanse still zeroises");
  check(fipsmod_sha224_cleanse(&s224) == FIPSMOD_OK && bytes_of(s224) == std::vector<std::uint8_t>(sizeof s224, 0),
        "fipsmod_sha224_cleanse still zeroises");
  check(fipsmod_service_indicator() == FIPSMOD_NOT_APPROVED, "every refused call leaves the indicator not approved");
  check(std::string(fipsmod_strerror(FIPSMOD_ERR_MODULE_ERROR)) == "module in error state: a self-test failed",
        "fipsmod_strerror names the error");

  // C++ API: each entry point throws fipsmod::module_error.
  const auto throws = [](auto&& f) {
    try {
      f();
    } catch (const fipsmod::module_error&) {
      return true;
    } catch (...) {
    }
    return false;
  };
  const std::span<const std::uint8_t> in(input, sizeof input);
  check(throws([] { fipsmod::md5::Digest d; }), "md5::Digest()");
  check(throws([&] { (void)fipsmod::md5::sum(in); }), "md5::sum(span)");
  check(throws([] { (void)fipsmod::md5::sum(std::string_view("abc")); }), "md5::sum(string_view)");
  // A Digest from before the failure is out of reach in this process, so
  // the members are called on one made without the gate whose state is the
  // fill pattern; none may read or change it before refusing.
  auto d = fipsmod::md5::DigestAccess::on(fipsmod::md5::generic_kernel);
  std::memset(static_cast<void*>(&d), kFill, sizeof d);
  const auto digest_bytes = [](const fipsmod::md5::Digest& digest) {
    std::array<std::uint8_t, sizeof digest> raw;
    std::memcpy(raw.data(), static_cast<const void*>(&digest), sizeof digest);
    return raw;
  };
  check(throws([&] { d.update(in); }), "Digest::update(span)");
  check(throws([&] { d.update(std::string_view("abc")); }), "Digest::update(string_view)");
  check(throws([&] { (void)d.sum(); }), "Digest::sum");
  check(throws([&] { d.reset(); }), "Digest::reset");
  check(throws([&] { (void)d.marshal(); }), "Digest::marshal");
  check(throws([&] { d.unmarshal(std::span<const std::uint8_t>(state, sizeof state)); }), "Digest::unmarshal");
  check(untouched(digest_bytes(d)), "the Digest members leave it alone");
  check(throws([&] { fipsmod::subtle::xor_bytes(out, std::span(input, 50), std::span(input + 50, 50)); }) &&
            untouched(out),
        "subtle::xor_bytes");
}

// The events of a run in which test `name` fails: every test up to it, and
// after it every other one, unless it is the integrity test, after whose
// failure nothing more may run.
std::vector<std::string> events_when_broken(const std::string& name) {
  std::vector<std::string> out;
  bool after = false;
  for (const fipsmod::selftest::Test& t : fipsmod::selftest::registered()) {
    if (after && name == "integrity") break;
    const std::string type = t.kind == fipsmod::selftest::Kind::integrity ? "integrity" : "KAT";
    const std::string rest = " " + type + " " + t.name + " " + std::string(t.algorithm->name) + " " + t.kernel->name;
    out.push_back("start" + rest);
    out.push_back((t.name == name ? "fail" : "pass") + rest);
    if (t.name == name) after = true;
  }
  return out;
}

int broken(const std::string& name) {
  Seen seen;
  fipsmod_set_selftest_callback(record, &seen);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_ERR_MODULE_ERROR, "the first service call is refused");
  const std::vector<std::string> expected = events_when_broken(name);
  check(seen.events == expected, name == "integrity"
                                     ? "the power-on run stopped at the failed integrity test: no test started after it"
                                     : "the power-on run ran every test, " + name + " failing");
  if (seen.events != expected) {
    for (const std::string& e : seen.events) std::fprintf(stderr, "  seen: %s\n", e.c_str());
  }
  seen.events.clear();
  {
    const fipsmod::selftest::Report r = fipsmod::selftest::run_all();
    std::vector<std::string> names;
    for (const auto& result : r.results) names.push_back(result.name);
    std::vector<std::string> want;
    for (const auto& t : fipsmod::selftest::registered()) {
      want.push_back(t.name);
      if (t.name == name && name == "integrity") break;
    }
    check(!r.passed() && names == want, "an on-demand run's report holds exactly the tests that ran");
    check(seen.events == expected, "an on-demand run stops where the power-on run did");
  }
  fipsmod_set_selftest_callback(nullptr, nullptr);
  check(fipsmod_state() == FIPSMOD_STATE_ERROR, "state is ERROR");
  const auto f = fipsmod::selftest::first_failure();
  check(f && f->test == name && !f->expected.empty() && f->computed.size() == f->expected.size() &&
            f->computed != f->expected,
        "the recorded failure names " + name + " with both values");
  const char* line = fipsmod_selftest_failure();
  check(line != nullptr && std::string(line).rfind(name + " (kernel ", 0) == 0, "fipsmod_selftest_failure names it");
  every_service_refuses();
  check(fipsmod_selftest() == FIPSMOD_ERR_MODULE_ERROR, "an on-demand run fails too");
  check(fipsmod_state() == FIPSMOD_STATE_ERROR, "and the state stays ERROR");
  return failures ? 1 : 0;
}

int meddling() {
  static int refused = 0, calls = 0;
  fipsmod::selftest::set_callback(
      [](const fipsmod::selftest::Event&, void*) {
        std::uint8_t out[FIPSMOD_MD5_SIZE];
        ++calls;
        if (fipsmod_md5("abc", 3, out) == FIPSMOD_ERR_MODULE_ERROR) ++refused;
        throw std::runtime_error("a callback that throws");
      },
      nullptr);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_OK, "the first call is answered");
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL && !fipsmod::selftest::first_failure(),
        "the module is operational, with no failure");
  check(calls == static_cast<int>(2 * fipsmod::selftest::registered().size()), "the callback saw every event");
  check(refused == calls, "each service call from the callback during the power-on run was refused");
  return failures ? 1 : 0;
}

int threads() {
  Seen seen;
  fipsmod_set_selftest_callback(record, &seen);
  std::atomic<bool> go{false};
  std::atomic<int> answered{0};
  std::vector<std::thread> pool;
  for (int i = 0; i < 8; ++i) {
    pool.emplace_back([&] {
      while (!go.load()) {
      }
      std::uint8_t out[FIPSMOD_MD5_SIZE];
      if (fipsmod_md5("abc", 3, out) == FIPSMOD_OK) ++answered;
    });
  }
  go.store(true);
  for (std::thread& t : pool) t.join();
  check(answered.load() == 8, "every concurrent first call was answered");
  check(seen.events == expected_events("pass"), "the power-on run happened exactly once");
  return failures ? 1 : 0;
}

#if FIPSMOD_BREAK_TESTS
// As if another thread's self-test failed just after this call's gate: the
// hook puts the module in its error state once, then disarms itself.
void fail_after_gate() {
  fipsmod::internal::after_gate_hook.store(nullptr);
  fipsmod::internal::module_state.store(fipsmod::ModuleState::error);
}

// Runs service() admitted by an operational gate that fails right behind
// it; true if the hook fired and the service neither threw nor refused.
template <class Service>
bool admitted_then_failed(Service&& service) {
  fipsmod::internal::module_state.store(fipsmod::ModuleState::operational);
  fipsmod::internal::after_gate_hook.store(&fail_after_gate);
  bool ok = false;
  try {
    ok = service();
  } catch (...) {
    ok = false;
  }
  const bool fired = fipsmod::internal::after_gate_hook.load() == nullptr &&
                     fipsmod::internal::module_state.load() == fipsmod::ModuleState::error;
  fipsmod::internal::after_gate_hook.store(nullptr);
  fipsmod::internal::module_state.store(fipsmod::ModuleState::operational);
  return ok && fired;
}

int after_gate() {
  const std::uint8_t input[100] = {1, 2, 3};
  const std::span<const std::uint8_t> in(input, sizeof input);
  std::uint8_t expected[FIPSMOD_MD5_SIZE], out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5(input, sizeof input, expected) == FIPSMOD_OK, "the module answers before the test");
  std::uint8_t saved[FIPSMOD_MD5_MARSHALED_SIZE];
  fipsmod_md5_ctx ctx, full;
  check(fipsmod_md5_init(&full) == FIPSMOD_OK && fipsmod_md5_update(&full, input, sizeof input) == FIPSMOD_OK &&
            fipsmod_md5_marshal(&full, saved) == FIPSMOD_OK,
        "a saved state to restore");
  const auto same = [&](const std::uint8_t* a) { return std::memcmp(a, expected, sizeof expected) == 0; };

  // C API: each call admitted just before the failure finishes with OK and
  // its whole result.
  check(admitted_then_failed([&] { return fipsmod_md5(input, sizeof input, out) == FIPSMOD_OK && same(out); }),
        "fipsmod_md5 admitted before the failure");
  check(admitted_then_failed([&] { return fipsmod_md5_init(&ctx) == FIPSMOD_OK; }), "fipsmod_md5_init admitted");
  check(admitted_then_failed([&] { return fipsmod_md5_update(&ctx, input, sizeof input) == FIPSMOD_OK; }),
        "fipsmod_md5_update admitted");
  check(admitted_then_failed([&] { return fipsmod_md5_sum(&ctx, out) == FIPSMOD_OK && same(out); }),
        "fipsmod_md5_sum admitted");
  std::uint8_t state[FIPSMOD_MD5_MARSHALED_SIZE];
  check(admitted_then_failed([&] {
          return fipsmod_md5_marshal(&ctx, state) == FIPSMOD_OK && std::memcmp(state, saved, sizeof state) == 0;
        }),
        "fipsmod_md5_marshal admitted");
  fipsmod_md5_ctx restored;
  check(admitted_then_failed([&] {
          return fipsmod_md5_unmarshal(&restored, saved, sizeof saved) == FIPSMOD_OK;
        }),
        "fipsmod_md5_unmarshal admitted");
  check(fipsmod_md5_sum(&restored, out) == FIPSMOD_OK && same(out), "... and restored the whole state");
  std::uint8_t x[50];
  std::size_t n = 0;
  check(admitted_then_failed([&] {
          return fipsmod_xor_bytes(x, sizeof x, input, 50, input + 50, 50, &n) == FIPSMOD_OK && n == 50 &&
                 x[0] == (input[0] ^ input[50]) && x[2] == (input[2] ^ input[52]);
        }),
        "fipsmod_xor_bytes admitted");

  // The SHA-2 and HMAC C functions: each admitted call finishes with its
  // whole result, equal to what the same call gave before the test.
  const auto sha2_admitted = [&](const char* name, auto one_shot, auto init, auto update, auto sum, auto marshal,
                                 auto unmarshal, auto c, std::size_t size) {
    std::uint8_t want[FIPSMOD_SHA256_SIZE], got[FIPSMOD_SHA256_SIZE], saved2[FIPSMOD_SHA256_MARSHALED_SIZE],
        state2[FIPSMOD_SHA256_MARSHALED_SIZE];
    const auto equal = [&] { return std::memcmp(got, want, size) == 0; };
    decltype(c) full2 = c, restored2 = c;
    check(one_shot(input, sizeof input, want) == FIPSMOD_OK && init(&full2) == FIPSMOD_OK &&
              update(&full2, input, sizeof input) == FIPSMOD_OK && marshal(&full2, saved2) == FIPSMOD_OK,
          std::string(name) + ": the answers before the test");
    const std::string what(name);
    check(admitted_then_failed([&] { return one_shot(input, sizeof input, got) == FIPSMOD_OK && equal(); }),
          what + " admitted");
    check(admitted_then_failed([&] { return init(&c) == FIPSMOD_OK; }), what + "_init admitted");
    check(admitted_then_failed([&] { return update(&c, input, sizeof input) == FIPSMOD_OK; }), what + "_update admitted");
    check(admitted_then_failed([&] { return sum(&c, got) == FIPSMOD_OK && equal(); }), what + "_sum admitted");
    check(admitted_then_failed([&] {
            return marshal(&c, state2) == FIPSMOD_OK && std::memcmp(state2, saved2, sizeof state2) == 0;
          }),
          what + "_marshal admitted");
    check(admitted_then_failed([&] { return unmarshal(&restored2, saved2, sizeof saved2) == FIPSMOD_OK; }),
          what + "_unmarshal admitted");
    check(sum(&restored2, got) == FIPSMOD_OK && equal(), what + "_unmarshal restored the whole state");
  };
  sha2_admitted("fipsmod_sha256", fipsmod_sha256, fipsmod_sha256_init, fipsmod_sha256_update, fipsmod_sha256_sum,
                fipsmod_sha256_marshal, fipsmod_sha256_unmarshal, fipsmod_sha256_ctx{}, FIPSMOD_SHA256_SIZE);
  sha2_admitted("fipsmod_sha224", fipsmod_sha224, fipsmod_sha224_init, fipsmod_sha224_update, fipsmod_sha224_sum,
                fipsmod_sha224_marshal, fipsmod_sha224_unmarshal, fipsmod_sha224_ctx{}, FIPSMOD_SHA224_SIZE);
  const auto hmac_admitted = [&](const char* name, auto one_shot, auto init, auto update, auto sum, auto cleanse,
                                 auto c, std::size_t size) {
    std::uint8_t want[FIPSMOD_SHA256_SIZE], got[FIPSMOD_SHA256_SIZE];
    const auto equal = [&] { return std::memcmp(got, want, size) == 0; };
    const std::string what(name);
    check(one_shot(input, 20, input, sizeof input, want) == FIPSMOD_OK, what + ": the answer before the test");
    check(admitted_then_failed([&] { return one_shot(input, 20, input, sizeof input, got) == FIPSMOD_OK && equal(); }),
          what + " admitted");
    check(admitted_then_failed([&] { return init(&c, input, 20) == FIPSMOD_OK; }), what + "_init admitted");
    check(admitted_then_failed([&] { return update(&c, input, sizeof input) == FIPSMOD_OK; }), what + "_update admitted");
    check(admitted_then_failed([&] { return sum(&c, got) == FIPSMOD_OK && equal(); }), what + "_sum admitted");
    check(cleanse(&c) == FIPSMOD_OK, what + "_cleanse");
  };
  hmac_admitted("fipsmod_hmac_sha256", fipsmod_hmac_sha256, fipsmod_hmac_sha256_init, fipsmod_hmac_sha256_update,
                fipsmod_hmac_sha256_sum, fipsmod_hmac_sha256_cleanse, fipsmod_hmac_sha256_ctx{}, FIPSMOD_SHA256_SIZE);
  hmac_admitted("fipsmod_hmac_sha224", fipsmod_hmac_sha224, fipsmod_hmac_sha224_init, fipsmod_hmac_sha224_update,
                fipsmod_hmac_sha224_sum, fipsmod_hmac_sha224_cleanse, fipsmod_hmac_sha224_ctx{}, FIPSMOD_SHA224_SIZE);

  // C++ API: the same, and no exception.
  fipsmod::md5::Digest d;
  d.update(in);
  const fipsmod::md5::State cpp_saved = d.marshal();
  check(admitted_then_failed([&] { return fipsmod::md5::sum(in) == std::to_array(expected); }), "md5::sum admitted");
  check(admitted_then_failed([] {
          fipsmod::md5::Digest fresh;
          return true;
        }),
        "md5::Digest() admitted");
  check(admitted_then_failed([&] { return d.sum() == std::to_array(expected); }), "Digest::sum admitted");
  check(admitted_then_failed([&] { return d.marshal() == cpp_saved; }), "Digest::marshal admitted");
  check(admitted_then_failed([&] {
          d.unmarshal(cpp_saved);
          return true;
        }),
        "Digest::unmarshal admitted");
  check(admitted_then_failed([&] {
          d.reset();
          return true;
        }),
        "Digest::reset admitted");
  check(admitted_then_failed([&] {
          d.update(in);
          return true;
        }),
        "Digest::update admitted");
  check(d.sum() == std::to_array(expected), "the digest took the admitted calls whole");
  check(admitted_then_failed([&] {
          return fipsmod::subtle::xor_bytes(std::span(x), std::span(input, 50), std::span(input + 50, 50)) == 50;
        }),
        "subtle::xor_bytes admitted");

  // Once the failure has happened, every service refuses.
  fipsmod::internal::module_state.store(fipsmod::ModuleState::error);
  every_service_refuses();
  return failures ? 1 : 0;
}
#endif

int abort_policy() {
  check(fipsmod_set_failure_policy(FIPSMOD_POLICY_ABORT) == FIPSMOD_OK, "the abort policy can be set");
  check(fipsmod_set_failure_policy(7) == FIPSMOD_ERR_INVALID_ARGUMENT, "an unknown policy is refused");
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  (void)fipsmod_md5("abc", 3, out);
  std::fprintf(stderr, "selftest_probe: FAILED: the process was not aborted\n");
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "list" && argc == 2) return list();
  if (mode == "power-on" && argc == 2) return power_on();
  if (mode == "broken" && argc == 3) return broken(argv[2]);
  if (mode == "abort" && argc == 2) return abort_policy();
  if (mode == "threads" && argc == 2) return threads();
  if (mode == "meddling" && argc == 2) return meddling();
#if FIPSMOD_BREAK_TESTS
  if (mode == "after-gate" && argc == 2) return after_gate();
#endif
  std::fprintf(stderr, "usage: selftest_probe list | power-on | broken NAME | abort | threads | meddling | after-gate\n");
  return 2;
}
