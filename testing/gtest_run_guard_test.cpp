// gtest_run_guard.cpp's test: this program's first test calls exit(0), so
// the second never runs; ctest's gtest_run_guard_fails_an_early_exit
// passes only if the program exits non-zero (WILL_FAIL) and says why.
#include <gtest/gtest.h>

#include <cstdlib>

TEST(ExitsEarly, CallsExitWithZero) { std::exit(0); }

TEST(ExitsEarly, NeverRuns) { SUCCEED(); }
