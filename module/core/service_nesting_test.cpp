// A service never calls another service (core/service.hpp). Builds with
// FIPSMOD_CHECK_NESTING (the clang-noasm and asan presets) hold every service to it: one
// entered while another runs on the same thread aborts, naming both.
#include "service.hpp"

#include <gtest/gtest.h>

namespace fipsmod::internal {
namespace {

#if FIPSMOD_CHECK_NESTING

Status inner_inside_outer() noexcept {
  return run_service(Approval::approved, "outer",
                     [] { return run_service(Approval::approved, "inner", [] { return Status::ok; }); });
}

TEST(ServiceNestingDeathTest, AServiceEnteredInsideAnotherAborts) {
  EXPECT_DEATH(inner_inside_outer(), "service inner entered while service outer runs on this thread");
}

// One service after another, and a service after one that failed, are
// not nested: the check forgets a service when it ends.
TEST(ServiceNesting, OneAfterAnotherRuns) {
  EXPECT_EQ(run_service(Approval::approved, "first", [] { return Status::ok; }), Status::ok);
  EXPECT_EQ(run_service(Approval::approved, "failing", [] { return Status::invalid_argument; }),
            Status::invalid_argument);
  EXPECT_EQ(run_service(Approval::not_a_service, "second", [] { return Status::ok; }), Status::ok);
  EXPECT_EQ(running_service, nullptr);
}

#else

// Without the check a release build carries no cost for it: no thread-local
// record of the running service exists to be kept.
TEST(ServiceNesting, ReleaseBuildsRunWithoutTheCheck) {
  EXPECT_EQ(run_service(Approval::approved, "outer",
                        [] { return run_service(Approval::approved, "inner", [] { return Status::ok; }); }),
            Status::ok);
}

#endif

}  // namespace
}  // namespace fipsmod::internal
