// The registry of every algorithm: well-formed lists, the selection rule,
// and no kernel the CPU supports left out of the usable set.
//
// FIPSMOD_EXPECT_KERNELS="ALGORITHM=KERNEL,..." (or "-", naming none), where set (by ctest for
// a given CPU or FIPSMOD_DISABLE setting), names the kernels that must be
// selected, so a silent fall-back to generic fails. An algorithm it does not
// name must select its last, portable kernel: a setting need only name the
// algorithms with a kernel for that CPU, and a new kernel that is selected
// where nobody said it would be fails the test until the setting names it.
#include "packages.hpp"
#include "selftests.hpp"

#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

namespace fipsmod::internal {
namespace {

std::map<std::string, std::string> expected_kernels() {
  std::map<std::string, std::string> out;
  const char* env = std::getenv("FIPSMOD_EXPECT_KERNELS");
  std::string_view rest = env ? env : "";
  if (rest == "-") return {{"-", "-"}};  // set, naming none
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) throw std::runtime_error("bad FIPSMOD_EXPECT_KERNELS item");
    out.emplace(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

TEST(Registry, ListsAreWellFormed) {
  std::set<std::string_view> algorithm_names, prefixes;
  for (const Algorithm* a : algorithms()) {
    EXPECT_TRUE(algorithm_names.insert(a->name).second) << a->name;
    EXPECT_TRUE(prefixes.insert(a->cast_prefix).second) << a->cast_prefix;
    EXPECT_EQ(find_algorithm(a->name), a);
    const auto kernels = a->kernels->all();
    ASSERT_FALSE(kernels.empty()) << a->name;
    std::set<std::string_view> names;
    for (const KernelInfo* k : kernels) EXPECT_TRUE(names.insert(k->name).second) << a->name << " " << k->name;
    EXPECT_TRUE(kernels.back()->needs.empty()) << a->name;
    EXPECT_TRUE(kernels.back()->slow_on.empty()) << a->name;
    // Every other kernel needs some feature, so FIPSMOD_DISABLE=all leaves
    // only the generic one.
    for (const KernelInfo* k : std::span(kernels).first(kernels.size() - 1)) {
      EXPECT_FALSE(k->needs.empty()) << a->name << "/" << k->name;
    }
  }
  EXPECT_FALSE(algorithm_names.empty());
  EXPECT_EQ(find_algorithm("no-such-algorithm"), nullptr);
}

// The first kernel whose features are all enabled and none of whose slow
// traits is.
TEST(Registry, SelectsTheFirstUsableKernelNotSlowHere) {
  for (const Algorithm* a : algorithms()) {
    const KernelInfo* first = nullptr;
    for (const KernelInfo* k : a->kernels->all()) {
      const bool slow = !cpu::enabled().without(k->slow_on).contains(cpu::enabled());
      if (cpu::enabled().contains(k->needs) && !slow) {
        first = k;
        break;
      }
    }
    EXPECT_EQ(&a->kernels->selected(), first) << a->name;
    EXPECT_EQ(fipsmod::impl_name(a->name), a->kernels->selected().name);
    EXPECT_STREQ(fipsmod_impl_name(a->name), a->kernels->selected().name);
  }
  EXPECT_EQ(fipsmod::impl_name("no-such-algorithm"), "");
  EXPECT_EQ(fipsmod_impl_name("no-such-algorithm"), nullptr);
}

TEST(Registry, PassesOverAKernelSlowHere) {
  // Slow wherever any feature is enabled; usable everywhere.
  const KernelList<KernelInfo> list{KernelInfo{"slow", {}, cpu::FeatureSet::everything()}, KernelInfo{"plain", {}}};
  const KernelInfo& slow = list.kernels()[0];
  const KernelInfo& plain = list.kernels()[1];
  EXPECT_EQ(list.usable().size(), 2u);
  EXPECT_EQ(slow.slow_here(), !cpu::enabled().empty());
  EXPECT_EQ(&list.best(), cpu::enabled().empty() ? &slow : &plain);
}

// Two lists of the same kernel type (two algorithms whose kernels share a
// signature but not a block function) each make their own choice.
TEST(Registry, EachListChoosesForItself) {
  const KernelList<KernelInfo> a{KernelInfo{"first", {}}};
  const KernelList<KernelInfo> b{KernelInfo{"second", {}}};
  EXPECT_STREQ(a.selected().name, "first");
  EXPECT_STREQ(b.selected().name, "second");
  EXPECT_EQ(&a.selected(), &a.kernels()[0]) << "the choice is kept";
}

TEST(Registry, NoSupportedKernelIsLeftOut) {
  const cpu::FeatureSet removed = cpu::disable_request().removed;
  for (const Algorithm* a : algorithms()) {
    for (const KernelInfo* k : a->kernels->all()) {
      const bool hardware_has = cpu::detected().contains(k->needs);
      const bool disabled = !cpu::detected().without(removed).contains(k->needs);
      EXPECT_EQ(k->usable(), hardware_has && !disabled) << a->name << "/" << k->name;
    }
  }
}

TEST(Registry, SelectionMatchesExpectation) {
  const auto expected = expected_kernels();
  if (expected.empty()) {
    std::cout << "FIPSMOD_EXPECT_KERNELS not set: selection checked by rule only\n";
    return;
  }
  for (const auto& named : expected) {
    if (named.first == "-") continue;
    EXPECT_NE(find_algorithm(named.first), nullptr) << named.first << " in FIPSMOD_EXPECT_KERNELS is no algorithm";
  }
  for (const Algorithm* a : algorithms()) {
    const auto it = expected.find(std::string(a->name));
    const std::string_view portable = a->kernels->all().back()->name;
    EXPECT_EQ(a->kernels->selected().name, it == expected.end() ? portable : std::string_view(it->second)) << a->name;
  }
}

// The registration list's rule, that a package comes after everything it is
// built on, is held at compile time (packages.cpp); the same check finds a
// list that breaks it.
TEST(Packages, ADependencyRegisteredOutOfOrderIsFound) {
  enum class Id { a, b, c };
  using enum Id;
  const Registration in_order[] = {Registration(a, {}), Registration(b, {a}), Registration(c, {a, b})};
  EXPECT_EQ(first_out_of_order(in_order), -1);
  const Registration before_its_dependency[] = {Registration(a, {b}), Registration(b, {}), Registration(c, {})};
  EXPECT_EQ(first_out_of_order(before_its_dependency), 0);
  const Registration on_itself[] = {Registration(a, {}), Registration(b, {b}), Registration(c, {})};
  EXPECT_EQ(first_out_of_order(on_itself), 1);
  const Registration misplaced[] = {Registration(a, {}), Registration(c, {a}), Registration(b, {})};
  EXPECT_EQ(first_out_of_order(misplaced), 1);
}

// The power-on order follows the declared dependencies: every known answer
// of a package runs after those of the packages it is built on, and the
// pre-operational test (integrity) after the selected kernels' known
// answers of what it is built on, and before every other test.
TEST(Packages, PowerOnOrderFollowsTheDependencies) {
  const auto& table = packages();
  std::map<const Algorithm*, std::size_t> package_of;
  for (std::size_t p = 0; p < table.size(); ++p) {
    for (const Algorithm& a : table[p].parts.algorithms) package_of[&a] = p;
  }
  const auto first = selftests::registered_first();
  const auto rest = selftests::registered_rest();
  std::size_t last_package = 0;
  for (const selftests::Test& t : rest) {
    ASSERT_NE(t.known, nullptr) << t.name;
    const std::size_t p = package_of.at(t.known);
    EXPECT_GE(p, last_package) << t.name << " runs before a package it is built on";
    last_package = p;
  }
  for (std::size_t p = 0; p < table.size(); ++p) {
    if (table[p].parts.pre_operational.empty()) continue;
    ASSERT_FALSE(first.empty());
    EXPECT_NE(first.back().pre, nullptr) << "the pre-operational test ends the first part";
    for (int d : table[p].depends) {
      for (const Algorithm& a : table[d].parts.algorithms) {
        const bool ran = std::any_of(first.begin(), first.end(), [&](const selftests::Test& t) {
          return t.known == &a && t.kernel == &a.kernels->selected();
        });
        EXPECT_TRUE(ran) << a.name << "'s selected kernel is tested before " << table[p].name;
      }
    }
  }
}

}  // namespace
}  // namespace fipsmod::internal
