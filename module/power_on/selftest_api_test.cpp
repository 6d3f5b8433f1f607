// The self-tests through the public C++ API: a run reports every test the
// module lists, and a run asked for from inside a run's callback is refused.
#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>

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

TEST(RunAll, FromACallbackThrowsTheModulesError) {
  struct Seen {
    int status = 0;
  } seen;
  set_callback(
      [](const Event& event, void* arg) {
        auto* s = static_cast<Seen*>(arg);
        if (event.phase != Phase::start || s->status != 0) return;
        try {
          set_callback(nullptr, nullptr);  // a nested run would be seen by nobody
          run_all();
          s->status = 1;
        } catch (const fipsmod::error& e) {
          s->status = e.status();
        }
      },
      &seen);
  const Report r = run_all();
  set_callback(nullptr, nullptr);
  EXPECT_EQ(seen.status, FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(fipsmod::state(), ModuleState::operational);
}

}  // namespace
}  // namespace fipsmod::selftest
