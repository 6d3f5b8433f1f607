// The registry of every algorithm: well-formed lists, the selection rule,
// and no kernel the CPU supports left out of the usable set.
//
// FIPSMOD_EXPECT_KERNELS="md5=NAME,xor_bytes=NAME", where set (by ctest for
// a given CPU or FIPSMOD_DISABLE setting), names the kernels that must be
// selected, so a silent fall-back to generic fails. An algorithm it does not
// name must select generic: a setting need only name the algorithms with a
// kernel for that CPU, and a new kernel that is selected where nobody said
// it would be fails the test until the setting names it.
#include "algorithm.hpp"

#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

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
    const auto kernels = a->kernels.all();
    ASSERT_FALSE(kernels.empty()) << a->name;
    std::set<std::string_view> names;
    for (const KernelInfo* k : kernels) EXPECT_TRUE(names.insert(k->name).second) << a->name << " " << k->name;
    EXPECT_STREQ(kernels.back()->name, "generic") << a->name;
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
    for (const KernelInfo* k : a->kernels.all()) {
      const bool slow = !cpu::enabled().without(k->slow_on).contains(cpu::enabled());
      if (cpu::enabled().contains(k->needs) && !slow) {
        first = k;
        break;
      }
    }
    EXPECT_EQ(&a->kernels.selected(), first) << a->name;
    EXPECT_EQ(impl_name(a->name), a->kernels.selected().name);
    EXPECT_STREQ(fipsmod_impl_name(std::string(a->name).c_str()), a->kernels.selected().name);
  }
  EXPECT_EQ(impl_name("no-such-algorithm"), "");
  EXPECT_EQ(fipsmod_impl_name("no-such-algorithm"), nullptr);
}

TEST(Registry, PassesOverAKernelSlowHere) {
  // Slow wherever any feature is enabled; usable everywhere.
  static constexpr KernelInfo slow{"slow", {}, cpu::FeatureSet::everything()};
  static constexpr KernelInfo plain{"plain", {}};
  static constexpr const KernelInfo* best_first[] = {&slow, &plain};
  const KernelList<KernelInfo> list{best_first};
  EXPECT_EQ(list.usable().size(), 2u);
  EXPECT_EQ(slow.slow_here(), !cpu::enabled().empty());
  EXPECT_EQ(&list.best(), cpu::enabled().empty() ? &slow : &plain);
}

// Two lists of the same kernel type (two algorithms whose kernels share a
// signature but not a block function) each make their own choice.
TEST(Registry, EachListChoosesForItself) {
  static constexpr KernelInfo first{"first", {}};
  static constexpr KernelInfo second{"second", {}};
  static constexpr const KernelInfo* first_only[] = {&first};
  static constexpr const KernelInfo* second_only[] = {&second};
  const KernelList<KernelInfo> a{first_only};
  const KernelList<KernelInfo> b{second_only};
  EXPECT_EQ(&a.selected(), &first);
  EXPECT_EQ(&b.selected(), &second);
  EXPECT_EQ(&a.selected(), &first) << "the choice is kept";
}

TEST(Registry, NoSupportedKernelIsLeftOut) {
  const cpu::FeatureSet removed = cpu::disable_request().removed;
  for (const Algorithm* a : algorithms()) {
    for (const KernelInfo* k : a->kernels.all()) {
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
    EXPECT_NE(find_algorithm(named.first), nullptr) << named.first << " in FIPSMOD_EXPECT_KERNELS is no algorithm";
  }
  for (const Algorithm* a : algorithms()) {
    const auto it = expected.find(std::string(a->name));
    EXPECT_EQ(a->kernels.selected().name, it == expected.end() ? "generic" : it->second) << a->name;
  }
}

}  // namespace
}  // namespace fipsmod::internal
