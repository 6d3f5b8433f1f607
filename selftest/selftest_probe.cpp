// A test program for the module's state machine, run by ctest in a fresh
// process each time (the state is per process):
//
//   selftest_probe list           the registered self-tests, one a line
//   selftest_probe power-on       a callback registered first sees the
//                                 power-on run; the module ends operational
//   selftest_probe broken NAME    with FIPSMOD_BREAK=NAME (a build with
//                                 FIPSMOD_BREAK_TESTS): the module is in
//                                 error, the failure names NAME, and every C
//                                 and C++ service of testing/service_cases.hpp
//                                 refuses and writes nothing;
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
//                                 every C and C++ service refuses (each
//                                 service of testing/service_cases.hpp)
//
// Prints nothing to stdout unless asked (list); each failed check is one
// line on stderr, and the exit status is 1 if any failed.
#include <fipsmod/fipsmod.h>
#include <fipsmod/md5.hpp>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <fipsmod/subtle.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/state.hpp"
#include "testing/service_cases.hpp"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "selftest_probe: FAILED: %s\n", what.c_str());
  ++failures;
}

using fipsmod::internal::State;

// The registered self-tests, in run order, as the module lists them.
struct Listed {
  std::string type, name, algorithm, kernel;
};
std::vector<Listed> registered() {
  std::vector<Listed> out;
  fipsmod_selftest_info info{};
  for (std::size_t i = 0; fipsmod_selftest_at(i, &info) == FIPSMOD_OK; ++i) {
    out.push_back({info.type, info.name, info.algorithm, info.kernel});
  }
  return out;
}

int list() {
  for (const Listed& t : registered()) std::printf("%s\n", t.name.c_str());
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
  for (const Listed& t : registered()) {
    const std::string rest = " " + t.type + " " + t.name + " " + t.algorithm + " " + t.kernel;
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

// Every service of the C and the C++ API, from the one table of them
// (testing/service_cases.hpp), refuses in the error state: a C function
// returns FIPSMOD_ERR_MODULE_ERROR, a C++ one throws fipsmod::module_error
// (status_of tells it from another fipsmod::error), no other exception
// escapes, none writes to its output (filled with kFill) or changes its
// context, object or other outputs, and the indicator is left not
// approved. Each case's set-up (the context a call works on) is made while
// the module is operational, as one made before the failure would be, and
// the error state is back right before the call; the module ends in error.
void every_service_refuses() {
  using fipsmod::internal::module_state;
  constexpr std::uint8_t kFill = 0xaa;
  for (const fipsmod::testing::ServiceCase& c : fipsmod::testing::all_cases()) {
    alignas(16) std::array<std::uint8_t, fipsmod::testing::kOutSize> out;
    out.fill(kFill);
    fipsmod::testing::Hooks hooks;
    hooks.before = [] { module_state.store(State::error); };
    module_state.store(State::operational);
    int status = FIPSMOD_OK;
    bool threw = false;
    try {
      status = c.call(out, hooks);
    } catch (...) {
      threw = true;
    }
    module_state.store(State::error);
    if (threw) {
      check(false, c.name + ": an exception other than fipsmod::module_error");
      continue;
    }
    check(hooks.reached, c.name + ": its set-up was made");
    check(status == FIPSMOD_ERR_MODULE_ERROR,
          c.name + " refuses: FIPSMOD_ERR_MODULE_ERROR, or fipsmod::module_error (got " + std::to_string(status) + ")");
    check(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == kFill; }),
          c.name + " writes nothing to its output");
    check(!hooks.state_changed, c.name + " leaves its context, object or other outputs alone");
    check(fipsmod_service_indicator() == FIPSMOD_NOT_APPROVED, c.name + " leaves the indicator not approved");
  }

  // Not services (service_cases_test.cpp names them): zeroising a context
  // works in the error state too.
  const auto bytes_of = [](const auto& c) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&c);
    return std::vector<std::uint8_t>(p, p + sizeof c);
  };
  fipsmod_md5_ctx ctx;
  fipsmod_sha256_ctx s256;
  fipsmod_sha224_ctx s224;
  fipsmod_hmac_sha256_ctx h256;
  fipsmod_hmac_sha224_ctx h224;
  std::memset(&ctx, kFill, sizeof ctx);
  std::memset(&s256, kFill, sizeof s256);
  std::memset(&s224, kFill, sizeof s224);
  std::memset(&h256, kFill, sizeof h256);
  std::memset(&h224, kFill, sizeof h224);
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
  check(std::string(fipsmod_strerror(FIPSMOD_ERR_MODULE_ERROR)) == "module in error state: a self-test failed",
        "fipsmod_strerror names the error");
}

// The events of a run in which test `name` fails: every test up to it, and
// after it every other one, unless it is the integrity test, after whose
// failure nothing more may run.
std::vector<std::string> events_when_broken(const std::string& name) {
  std::vector<std::string> out;
  bool after = false;
  for (const Listed& t : registered()) {
    if (after && name == "integrity") break;
    const std::string rest = " " + t.type + " " + t.name + " " + t.algorithm + " " + t.kernel;
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
    for (const Listed& t : registered()) {
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
  check(calls == static_cast<int>(2 * registered().size()), "the callback saw every event");
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
  fipsmod::internal::module_state.store(State::error);
}

// Runs case c admitted by an operational gate that fails right behind it:
// the set-up passes the gate untouched, the hook is armed right before the
// one service call. True if the hook fired and the call neither threw nor
// refused.
bool admitted_then_failed(const fipsmod::testing::ServiceCase& c, std::span<std::uint8_t> out,
                          fipsmod::testing::Hooks& hooks) {
  fipsmod::internal::module_state.store(State::operational);
  hooks.before = [] { fipsmod::internal::after_gate_hook.store(&fail_after_gate); };
  bool ok = false;
  try {
    ok = c.call(out, hooks) == FIPSMOD_OK;
  } catch (...) {
    ok = false;
  }
  const bool fired = fipsmod::internal::after_gate_hook.load() == nullptr &&
                     fipsmod::internal::module_state.load() == State::error;
  fipsmod::internal::after_gate_hook.store(nullptr);
  fipsmod::internal::module_state.store(State::operational);
  return ok && hooks.reached && fired;
}

// Every service of the table: a call admitted just before the failure
// finishes with OK, no exception, and its whole result: the same output
// and the same state (context or object) as the same case run while the
// module stays operational. Then, in the error state, every call refuses.
int after_gate() {
  for (const fipsmod::testing::ServiceCase& c : fipsmod::testing::all_cases()) {
    alignas(16) std::array<std::uint8_t, fipsmod::testing::kOutSize> want{}, got{};
    fipsmod::testing::Hooks plain, hooks;
    fipsmod::internal::module_state.store(State::operational);
    check(c.call(want, plain) == FIPSMOD_OK && plain.reached, c.name + " answers before the test");
    check(admitted_then_failed(c, got, hooks), c.name + " admitted before the failure finishes with OK, no exception");
    check(got == want, c.name + " admitted: its whole output");
    check(hooks.state_after == plain.state_after, c.name + " admitted: its whole state");
  }

  // Once the failure has happened, every service refuses.
  fipsmod::internal::module_state.store(State::error);
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
