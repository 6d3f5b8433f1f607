// The registry of every algorithm: well-formed lists, the selection rule,
// and no kernel the CPU supports left out of the usable set.
//
// Which kernel a given CPU must select is not written here: ctest's
// kernel_selection_expected works it out from the kernel records and the
// CPU's features (testing/kernel_expectations.py), so a silent fall-back
// to generic fails there.
#include "packages.hpp"
#include "selftests.hpp"

#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <string>

namespace fipsmod::internal {
namespace {

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
#if !FIPSMOD_ASM_AMD64 && !FIPSMOD_ASM_ARM64 && !FIPSMOD_ASM_RISCV64
    EXPECT_EQ(kernels.size(), 1u) << a->name << ": a build without assembly kernels has the portable one only";
#endif
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

// With no feature enabled (FIPSMOD_DISABLE=all: ctest's
// disable_all_selects_generic) every algorithm selects its last, portable
// kernel.
TEST(Registry, NothingEnabledSelectsThePortableKernels) {
  if (!cpu::enabled().empty()) {
    std::cout << "features enabled (" << cpu::to_string(cpu::enabled()) << "): nothing to check\n";
    return;
  }
  for (const Algorithm* a : algorithms()) {
    EXPECT_EQ(&a->kernels->selected(), a->kernels->all().back()) << a->name;
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
