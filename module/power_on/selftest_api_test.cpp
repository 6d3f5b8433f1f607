// The self-tests through the public C++ API: a run reports every test the
// module lists, and a run asked for from inside a run's callback is refused.
#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>

#include <string>

namespace fipsmod::selftest {
namespace {

TEST(RunAll, PassesAndReportsEveryTest) {
  const Report r = run_all();
  EXPECT_TRUE(r.passed());
  std::size_t listed = 0;
  fipsmod_selftest_info info{};
  while (fipsmod_selftest_at(listed, &info) == FIPSMOD_OK) ++listed;
  ASSERT_EQ(r.results.size(), listed);
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    ASSERT_EQ(fipsmod_selftest_at(i, &info), FIPSMOD_OK);
    EXPECT_EQ(r.results[i].name, info.name);
    EXPECT_TRUE(r.results[i].passed) << r.results[i].name;
  }
  EXPECT_GT(r.total.count(), 0);
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
  EXPECT_FALSE(first_failure());
  EXPECT_GT(power_on_duration().count(), 0);
}

// A run asked for from a run's callback is refused with a status of its
// own, the same in C and C++: fipsmod::error (not module_error: nothing
// failed) with FIPSMOD_ERR_IN_SELFTEST_CALLBACK and its message.
TEST(RunAll, FromACallbackThrowsItsOwnError) {
  struct Seen {
    int status = 0;
    bool module_error = false;
    std::string what;
  } seen;
  set_callback(
      [](const Event& event, void* arg) {
        auto* s = static_cast<Seen*>(arg);
        if (event.phase != Phase::start || s->status != 0) return;
        try {
          set_callback(nullptr, nullptr);  // a nested run would be seen by nobody
          run_all();
          s->status = 1;
        } catch (const fipsmod::module_error& e) {
          s->module_error = true;
          s->status = e.status();
        } catch (const fipsmod::error& e) {
          s->status = e.status();
          s->what = e.what();
        }
      },
      &seen);
  const Report r = run_all();
  set_callback(nullptr, nullptr);
  EXPECT_EQ(seen.status, FIPSMOD_ERR_IN_SELFTEST_CALLBACK);
  EXPECT_FALSE(seen.module_error) << "nothing failed: not a fipsmod::module_error";
  EXPECT_EQ(seen.what, "called from a self-test callback");
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
}

TEST(RunAll, FromACallbackCReturnsItsOwnStatus) {
  static int status = 0;
  status = 0;
  ASSERT_EQ(fipsmod_power_on(), FIPSMOD_STATE_OPERATIONAL);
  fipsmod_set_selftest_callback(
      [](const fipsmod_selftest_event* e, void*) {
        if (e->phase == FIPSMOD_SELFTEST_START && status == 0) status = fipsmod_selftest();
      },
      nullptr);
  EXPECT_EQ(fipsmod_selftest(), FIPSMOD_OK);
  fipsmod_set_selftest_callback(nullptr, nullptr);
  EXPECT_EQ(status, FIPSMOD_ERR_IN_SELFTEST_CALLBACK);
  EXPECT_STREQ(fipsmod_strerror(status), "called from a self-test callback");
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
}

// The C++ mapping of the status: fipsmod::error, not module_error.
TEST(RunAll, InSelftestCallbackIsAnErrorNotAModuleError) {
  try {
    fipsmod::detail::throw_status(FIPSMOD_ERR_IN_SELFTEST_CALLBACK);
  } catch (const fipsmod::module_error&) {
    ADD_FAILURE() << "thrown as fipsmod::module_error";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_IN_SELFTEST_CALLBACK);
    EXPECT_STREQ(e.what(), "called from a self-test callback");
  }
}

}  // namespace
}  // namespace fipsmod::selftest
