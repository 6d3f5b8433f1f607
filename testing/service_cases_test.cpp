// The table of services (service_cases.hpp) covers every C function the
// module exports (module/exported_symbols.txt): each is either a case of
// c_cases() or named below as no service, with the reason. A new exported
// C function fails here until it is one or the other, so that the tests
// that run the table (the indicator, approved-only mode, the self-test
// probe's refusals in the error state) cannot miss it.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>

#include "testing/service_cases.hpp"

namespace {

// Exported C functions that are not services: they pass no gate, answer in
// every module state, and set no indicator.
const std::map<std::string, std::string>& not_services() {
  static const std::map<std::string, std::string> list = {
      {"fipsmod_version", "a constant string"},
      {"fipsmod_strerror", "a constant string per status"},
      {"fipsmod_impl_name", "names the selected kernel; computes nothing"},
      {"fipsmod_state", "reads the module state, which must work in error"},
      {"fipsmod_mode", "reads the service mode"},
      {"fipsmod_set_mode", "sets the service mode (before the first service)"},
      {"fipsmod_service_indicator", "reads the indicator of the last service"},
      {"fipsmod_set_selftest_callback", "configures the self-test callback"},
      {"fipsmod_set_failure_policy", "configures what a failed self-test does"},
      {"fipsmod_selftest", "runs the self-tests on demand; fails on its own in error"},
      {"fipsmod_selftest_failure", "reads the failure record, which must work in error"},
      {"fipsmod_md5_cleanse", "zeroisation, which must work in error"},
      {"fipsmod_sha256_cleanse", "zeroisation, which must work in error"},
      {"fipsmod_sha224_cleanse", "zeroisation, which must work in error"},
      {"fipsmod_hmac_sha256_cleanse", "zeroisation, which must work in error"},
      {"fipsmod_hmac_sha224_cleanse", "zeroisation, which must work in error"},
  };
  return list;
}

// The C functions of the export list: its lines without "::" or a space
// (the C++ symbols, typeinfo and vtables have one).
std::set<std::string> exported_c_functions() {
  std::ifstream in(FIPSMOD_EXPORTED_SYMBOLS);
  EXPECT_TRUE(in) << "cannot read " << FIPSMOD_EXPORTED_SYMBOLS;
  std::set<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.find("::") != std::string::npos || line.find(' ') != std::string::npos) continue;
    out.insert(line);
  }
  return out;
}

TEST(ServiceCases, CoverEveryExportedCFunction) {
  const std::set<std::string> exported = exported_c_functions();
  ASSERT_FALSE(exported.empty());
  std::set<std::string> in_table;
  for (const auto& c : fipsmod::testing::c_cases()) in_table.emplace(fipsmod::testing::c_function_of(c));
  for (const std::string& f : exported) {
    const bool service = in_table.count(f) != 0, named = not_services().count(f) != 0;
    EXPECT_TRUE(service || named) << f << " is exported but neither a case of service_cases.hpp nor named as no service";
    EXPECT_FALSE(service && named) << f << " is both a service case and named as no service";
  }
  // Nothing stale: every name of either list is exported.
  for (const std::string& f : in_table) EXPECT_TRUE(exported.count(f)) << f << " is a case but not exported";
  for (const auto& [f, why] : not_services()) EXPECT_TRUE(exported.count(f)) << f << " (" << why << ") is not exported";
}

}  // namespace
