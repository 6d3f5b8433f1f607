// The integrity test computes the value the tool recorded in this test
// program on every usable SHA-256 kernel, not only the selected one, so
// whichever kernel a machine selects, the module checks itself the same.
#include "integrity.hpp"

#include <gtest/gtest.h>

#include <fipsmod/module.h>

namespace fipsmod::integrity {
namespace {

TEST(Integrity, ValueIsTheSameOnEveryKernel) {
  for (const sha256::Kernel* k : sha256::kernels().usable()) {
    std::vector<std::uint8_t> expected, computed;
    Record what{};
    if (!fipsmod_integrity_built_in()) {  // FIPSMOD_INTEGRITY=OFF: no value recorded, and no pass
      EXPECT_FALSE(check(*k, expected, computed, &what)) << k->name;
      EXPECT_EQ(what, Record::missing) << k->name;
      continue;
    }
    EXPECT_TRUE(check(*k, expected, computed, &what)) << k->name;
    EXPECT_EQ(what, Record::recorded) << k->name;
    EXPECT_EQ(computed.size(), 32u) << k->name;
    EXPECT_EQ(computed, expected) << k->name;
  }
}

}  // namespace
}  // namespace fipsmod::integrity
