// The table of services (service_cases.hpp) covers every C function the
// module exports (the list the build writes from the public headers): each
// is either a case of c_cases() or named below as no service, with the
// reason. A new exported C function fails here until it is one or the
// other, so that the tests that run the table (the indicator, approved-only
// mode, the self-test probe's refusals in the error state) cannot miss it.
// And every case belongs to a row of the service list the module reports
// (fipsmod_service_at, what `fipsmod info` and the security policy show),
// with that row's approval, and every row has a case.
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
      {"fipsmod_run_without_enforcement", "runs the caller's function in a scope; the services it calls are services"},
      {"fipsmod_service_indicator", "reads the indicator of the last service"},
      {"fipsmod_set_selftest_callback", "configures the self-test callback"},
      {"fipsmod_set_failure_policy", "configures what a failed self-test does"},
      {"fipsmod_selftest", "runs the self-tests on demand; fails on its own in error"},
      {"fipsmod_selftest_failure", "reads the failure record, which must work in error"},
      {"fipsmod_selftest_failure_record", "reads the failure record, which must work in error"},
      {"fipsmod_selftest_run", "runs the self-tests on demand, as fipsmod_selftest"},
      {"fipsmod_power_on", "runs the power-on self-tests, as the first service would"},
      {"fipsmod_power_on_duration_ns", "reads how long the power-on run took"},
      {"fipsmod_architecture", "introspection: a constant string"},
      {"fipsmod_integrity_built_in", "introspection: how the module was built"},
      {"fipsmod_cpu_features", "introspection: the CPU features"},
      {"fipsmod_riscv_hwprobe", "introspection: what riscv_hwprobe said"},
      {"fipsmod_algorithm_name", "introspection: the algorithms"},
      {"fipsmod_kernel_at", "introspection: the kernels and the selection"},
      {"fipsmod_service_at", "introspection: the service list"},
      {"fipsmod_selftest_at", "introspection: the registered self-tests"},
      {"fipsmod_entropy_status", "introspection: the entropy source's health, which must read in error"},
      {"fipsmod_random_status", "introspection: the DRBG's counters; seeds nothing"},
  };
  return list;
}

// Zeroising a context (fipsmod_*_cleanse) is not a service either: it must
// work in every module state and mode.
bool zeroisation(const std::string& f) { return f.size() > 8 && f.ends_with("_cleanse"); }

// The C functions of the export list, one a line.
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
    const bool service = in_table.count(f) != 0, named = not_services().count(f) != 0 || zeroisation(f);
    EXPECT_TRUE(service || named) << f << " is exported but neither a case of service_cases.hpp nor named as no service";
    EXPECT_FALSE(service && named) << f << " is both a service case and named as no service";
  }
  // Nothing stale: every name of either list is exported.
  for (const std::string& f : in_table) EXPECT_TRUE(exported.count(f)) << f << " is a case but not exported";
  for (const auto& [f, why] : not_services()) EXPECT_TRUE(exported.count(f)) << f << " (" << why << ") is not exported";
}

TEST(ServiceCases, BelongToTheServiceListWithItsApproval) {
  std::map<std::string, int> rows;  // name -> FIPSMOD_SERVICE_*
  fipsmod_service_info info;
  for (std::size_t i = 0; fipsmod_service_at(i, &info) == FIPSMOD_OK; ++i) rows.emplace(info.name, info.approval);
  ASSERT_FALSE(rows.empty());
  std::set<std::string> covered;
  for (const auto& c : fipsmod::testing::all_cases()) {
    const auto row = rows.find(c.row);
    ASSERT_NE(row, rows.end()) << c.name << " names \"" << c.row << "\", which is no row of the service list";
    const int want = c.approval == fipsmod::internal::Approval::approved       ? FIPSMOD_SERVICE_APPROVED
                     : c.approval == fipsmod::internal::Approval::not_approved ? FIPSMOD_SERVICE_NOT_APPROVED
                                                                               : FIPSMOD_SERVICE_NOT_CRYPTOGRAPHIC;
    EXPECT_EQ(row->second, want) << c.name << ": its approval is not that of its row " << c.row;
    covered.insert(c.row);
  }
  for (const auto& [name, approval] : rows) EXPECT_TRUE(covered.count(name)) << "the service " << name << " has no case";
}

}  // namespace
