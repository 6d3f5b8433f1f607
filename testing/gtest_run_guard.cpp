// Linked into every GoogleTest program that ctest runs a suite at a time
// (fipsmod_discover_suites, cmake/FipsmodTargets.cmake): a program that
// exits before GoogleTest has run all the tests it selected (a test that
// calls exit(0), or a command's main it calls that does) exits 1, saying
// so, rather than 0 with the rest of its suite never run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace {

// The process that started the run; 0 until it starts, and again once it
// has ended. A child a test forks keeps its parent's value and is left
// alone (its pid differs).
pid_t running_in = 0;

class RunGuard : public ::testing::EmptyTestEventListener {
  void OnTestProgramStart(const ::testing::UnitTest&) override { running_in = getpid(); }
  void OnTestProgramEnd(const ::testing::UnitTest&) override { running_in = 0; }
};

void exit_unless_finished() {
  if (running_in == 0 || running_in != getpid()) return;
  std::fprintf(stderr, "gtest_run_guard: the program exited before GoogleTest finished running its tests\n");
  std::fflush(stderr);
  _exit(1);
}

// GoogleTest owns the listeners appended to it (deletes them at exit).
const bool installed = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new RunGuard);
  return std::atexit(exit_unless_finished) == 0;
}();

}  // namespace
