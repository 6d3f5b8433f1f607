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
//                                 cannot hang or fail the power-on run; a
//                                 service (C and C++) called from it during
//                                 the power-on run, and a self-test run (C
//                                 fipsmod_selftest, C++ run_all) called from
//                                 it during any run, are refused with
//                                 FIPSMOD_ERR_IN_SELFTEST_CALLBACK
//   selftest_probe mode-invalid VALUE
//                                 with FIPSMOD_MODE=VALUE, a value that is
//                                 no mode: every C and C++ service of
//                                 testing/service_cases.hpp refuses with
//                                 FIPSMOD_ERR_MODE_INVALID (C++:
//                                 fipsmod::module_error) and writes nothing,
//                                 the message names VALUE, the mode cannot
//                                 be set, and the self-tests still pass
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
#include <fipsmod/sha256.hpp>
#include <fipsmod/subtle.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
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

// What a call from the callback gave: the C status, or a C++ call's
// fipsmod::error status (kNotAnError if it returned, kOtherException if
// something else was thrown, kModuleErrorType if it was a module_error).
constexpr int kNotAnError = 1, kOtherException = 2, kModuleErrorType = 3;
template <class F>
int cxx_status(F&& f) {
  try {
    f();
    return kNotAnError;
  } catch (const fipsmod::module_error&) {
    return kModuleErrorType;
  } catch (const fipsmod::error& e) {
    return e.status();
  } catch (...) {
    return kOtherException;
  }
}

struct Meddled {
  int calls = 0;
  int service_c = 0, service_cxx = 0, selftest_c = 0, selftest_cxx = 0;  // how many refusals, each
  std::vector<std::string> other;                                         // anything else seen
};

void note(Meddled& m, int status, int& count, const char* what) {
  if (status == FIPSMOD_ERR_IN_SELFTEST_CALLBACK) {
    ++count;
  } else if (m.other.size() < 4) {
    m.other.push_back(std::string(what) + " gave " + std::to_string(status));
  }
}

int meddling() {
  static Meddled m;
  static bool services = true;  // whether the callback calls services too
  fipsmod::selftest::set_callback(
      [](const fipsmod::selftest::Event&, void*) {
        ++m.calls;
        if (services) {
          std::uint8_t out[FIPSMOD_MD5_SIZE];
          note(m, fipsmod_md5("abc", 3, out), m.service_c, "fipsmod_md5");
          note(m, cxx_status([] { (void)fipsmod::md5::sum(std::string_view("abc")); }), m.service_cxx,
               "fipsmod::md5::sum");
        }
        note(m, fipsmod_selftest(), m.selftest_c, "fipsmod_selftest");
        note(m, cxx_status([] { (void)fipsmod::selftest::run_all(); }), m.selftest_cxx,
             "fipsmod::selftest::run_all");
        throw std::runtime_error("a callback that throws");
      },
      nullptr);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_OK, "the first call is answered");
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL && !fipsmod::selftest::first_failure(),
        "the module is operational, with no failure");
  const int events = static_cast<int>(2 * registered().size());
  check(m.calls == events, "the callback saw every event");
  for (const std::string& o : m.other) check(false, "from the callback during the power-on run: " + o);
  check(m.service_c == events,
        "each C service call from the callback during the power-on run was refused with "
        "FIPSMOD_ERR_IN_SELFTEST_CALLBACK");
  check(m.service_cxx == events,
        "each C++ service call from the callback during the power-on run threw fipsmod::error "
        "FIPSMOD_ERR_IN_SELFTEST_CALLBACK");
  check(m.selftest_c == events, "each fipsmod_selftest() from the callback returned FIPSMOD_ERR_IN_SELFTEST_CALLBACK");
  check(m.selftest_cxx == events,
        "each fipsmod::selftest::run_all() from the callback threw fipsmod::error FIPSMOD_ERR_IN_SELFTEST_CALLBACK");

  // An on-demand run: a run asked for from its callback is refused the
  // same way (a service is answered: the module is operational).
  m = Meddled{};
  services = false;
  check(fipsmod_selftest() == FIPSMOD_OK, "an on-demand run with the same callback passes");
  check(m.calls == events, "the callback saw every event of the on-demand run");
  for (const std::string& o : m.other) check(false, "from the callback during an on-demand run: " + o);
  check(m.selftest_c == events && m.selftest_cxx == events,
        "each run asked for from the callback of an on-demand run was refused with FIPSMOD_ERR_IN_SELFTEST_CALLBACK");
  fipsmod::selftest::set_callback(nullptr, nullptr);
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL, "the module is still operational");
  check(std::string(fipsmod_strerror(FIPSMOD_ERR_IN_SELFTEST_CALLBACK)) == "called from a self-test callback",
        "fipsmod_strerror names the refusal");
  return failures ? 1 : 0;
}

// FIPSMOD_MODE holds `value`, which is no mode: the module fails closed.
int mode_invalid(const std::string& value) {
  const char* env = std::getenv("FIPSMOD_MODE");
  if (env == nullptr || value != env) {
    std::fprintf(stderr, "selftest_probe: FAILED: FIPSMOD_MODE is not \"%s\" (the test's registration)\n", value.c_str());
    return 1;
  }
  const std::string named = "\"" + value + "\"";
  check(fipsmod_mode() == FIPSMOD_MODE_INVALID, "fipsmod_mode() is FIPSMOD_MODE_INVALID");
  check(fipsmod::mode() == fipsmod::Mode::invalid, "fipsmod::mode() is Mode::invalid");
  check(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY) == FIPSMOD_ERR_MODE_INVALID &&
            fipsmod_set_mode(FIPSMOD_MODE_ALL_SERVICES) == FIPSMOD_ERR_MODE_INVALID,
        "no mode can be set: FIPSMOD_ERR_MODE_INVALID");
  check(fipsmod_mode() == FIPSMOD_MODE_INVALID, "and the mode stays invalid");
  const std::string message = fipsmod_strerror(FIPSMOD_ERR_MODE_INVALID);
  check(message.find("FIPSMOD_MODE " + named) != std::string::npos && message.find("every service refused") != std::string::npos,
        "fipsmod_strerror(FIPSMOD_ERR_MODE_INVALID) names the value and says every service is refused (" + message + ")");

  constexpr std::uint8_t kFill = 0xaa;
  std::size_t cases = 0;
  for (const fipsmod::testing::ServiceCase& c : fipsmod::testing::all_cases()) {
    alignas(16) std::array<std::uint8_t, fipsmod::testing::kOutSize> out;
    out.fill(kFill);
    fipsmod::testing::Hooks hooks;
    int status = FIPSMOD_OK;
    try {
      status = c.call(out, hooks);
    } catch (...) {
      check(false, c.name + ": an exception other than fipsmod::module_error");
      continue;
    }
    ++cases;
    check(status == FIPSMOD_ERR_MODE_INVALID, c.name + " refuses: FIPSMOD_ERR_MODE_INVALID, or fipsmod::module_error (got " +
                                                  std::to_string(status) + ")");
    check(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == kFill; }),
          c.name + " writes nothing to its output");
    check(!hooks.state_changed, c.name + " leaves its context, object or other outputs alone");
    check(fipsmod_service_indicator() == FIPSMOD_NOT_APPROVED, c.name + " leaves the indicator not approved");
  }
  check(cases > 0, "the table has cases");
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  check(fipsmod_md5("abc", 3, nullptr) == FIPSMOD_ERR_MODE_INVALID,
        "a call refused for its arguments says FIPSMOD_ERR_MODE_INVALID too");
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_ERR_MODE_INVALID, "fipsmod_md5 refuses");
  try {
    (void)fipsmod::sha256::sum(std::string_view("abc"));
    check(false, "fipsmod::sha256::sum did not throw");
  } catch (const fipsmod::module_error& e) {
    check(e.status() == FIPSMOD_ERR_MODE_INVALID && e.what() == message,
          "C++ throws fipsmod::module_error FIPSMOD_ERR_MODE_INVALID, what() naming the value");
  } catch (...) {
    check(false, "C++ threw something other than fipsmod::module_error");
  }
  // Not a self-test failure: the self-tests pass, and no failure is
  // recorded; the refusal is the mode's.
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL, "the self-tests passed: the state is OPERATIONAL");
  check(fipsmod_selftest() == FIPSMOD_OK && fipsmod_selftest_failure() == nullptr,
        "an on-demand run passes and no failure is recorded");
  check(fipsmod_md5("abc", 3, out) == FIPSMOD_ERR_MODE_INVALID, "services still refuse after it");
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
// (another, for a random one) and the same state (context or object) as
// the same case run while the module stays operational. Then, in the error state, every call refuses.
int after_gate() {
  for (const fipsmod::testing::ServiceCase& c : fipsmod::testing::all_cases()) {
    alignas(16) std::array<std::uint8_t, fipsmod::testing::kOutSize> want{}, got{};
    fipsmod::testing::Hooks plain, hooks;
    fipsmod::internal::module_state.store(State::operational);
    check(c.call(want, plain) == FIPSMOD_OK && plain.reached, c.name + " answers before the test");
    check(admitted_then_failed(c, got, hooks), c.name + " admitted before the failure finishes with OK, no exception");
    // A random output differs from run to run: then whole means written,
    // unlike the first run's.
    check(c.random_output ? got != want : got == want, c.name + " admitted: its whole output");
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
  if (mode == "mode-invalid" && argc == 3) return mode_invalid(argv[2]);
#if FIPSMOD_BREAK_TESTS
  if (mode == "after-gate" && argc == 2) return after_gate();
#endif
  std::fprintf(stderr, "usage: selftest_probe list | power-on | broken NAME | abort | threads | meddling | mode-invalid VALUE | after-gate\n");
  return 2;
}
