// fipsmod selftest: runs every self-test now and reports each, with its
// time; the exit status says whether all passed.
#include <fipsmod/hex.hpp>
#include <fipsmod/module.h>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "io.hpp"
#include "quote.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod selftest";

constexpr const char* kUsage = R"(Usage: fipsmod selftest [-v | --known-answers]
Run every self-test of the module now: the known answers of the kernels
the integrity test computes with, the integrity test (an HMAC of the
module's own code and read-only data, against the value recorded when it
was linked), then each algorithm's known answer on every other kernel this
CPU can use. Print the result and the time they took; with -v, one line
for each test. If the integrity test fails, no test runs after it, and
only the tests that ran are counted and listed. Exit 0 if all passed, 1 if
one failed (the module is then in its error state and refuses every
service).

  -v, --verbose        one line per test: name, kernel, result, microseconds
      --known-answers  print each test's name and expected answer (hex; "-"
                       for the integrity test), and run nothing;
                       selftest/break-kat uses it
      --help           display this help and exit
)";

double microseconds(std::chrono::nanoseconds d) { return std::chrono::duration<double, std::micro>(d).count(); }

// The registered tests, in the order a run runs them; runs none.
int known_answers() {
  fipsmod_selftest_info t;
  for (std::size_t i = 0; fipsmod_selftest_at(i, &t) == FIPSMOD_OK; ++i) {
    std::printf("%s %s\n", t.name, t.expected ? hex({t.expected, t.expected_len}).c_str() : "-");
  }
  return 0;
}

}  // namespace

int selftest_main(int argc, char** argv) {
  bool verbose = false, list = false;
  // Every argument is read before anything is listed or run: an unexpected
  // one is a usage error wherever it is, after --known-answers too.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-v" || arg == "--verbose") {
      verbose = true;
    } else if (arg == "--known-answers") {
      list = true;
    } else if (arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else {
      report(kProgram, "unexpected argument " + quote_argument(arg) + " (see 'fipsmod selftest --help')");
      return 2;
    }
  }
  if (list) return known_answers();
  const selftest::Report r = selftest::run_all();
  // Columns as wide as their longest entry, so every line lines up.
  int name_width = 0, kernel_width = 0;
  for (const selftest::Result& t : r.results) {
    name_width = std::max(name_width, static_cast<int>(t.name.size()));
    kernel_width = std::max(kernel_width, static_cast<int>(t.kernel.size()));
  }
  std::size_t failed = 0;
  for (const selftest::Result& t : r.results) {
    if (!t.passed) ++failed;
    if (verbose) {
      std::printf("%-*s %-*s %-4s %8.1f us\n", name_width, t.name.c_str(), kernel_width, t.kernel.c_str(),
                  t.passed ? "pass" : "FAIL", microseconds(t.duration));
    }
  }
  // A failed integrity test ends the run (docs/self-tests.md): the tests
  // after it are not listed, and this says why they are missing.
  for (const selftest::Result& t : r.results) {
    if (t.name == "integrity" && !t.passed) {
      std::puts("(no other self-test was run: the integrity test failed, so the module's code is not trusted)");
    }
  }
  std::printf("%zu self-tests, %zu failed, %.1f us; the power-on run took %.1f us\n", r.results.size(), failed,
              microseconds(r.total), microseconds(selftest::power_on_duration()));
  return r.passed() ? 0 : 1;
}

}  // namespace fipsmod::cli
