// The continuous health tests under memcheck (testing/constant_time.hpp,
// docs/constant-time.md): the raw samples are secret, since they become
// seed material, so neither test may branch on them or index memory with
// them; only each verdict is public. Three streams: one that passes both
// tests, one with a run as long as the Repetition Count Test's cutoff, and
// one in which three samples in four equal its window's first, which
// fails the Adaptive Proportion Test. The verdicts on the secret samples must be
// those on the same samples in the open.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "entropy/health.hpp"
#include "testing/constant_time.hpp"

namespace fipsmod::entropy {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

// Every verdict, in order, as bytes.
Bytes verdicts(const Bytes& samples) {
  HealthTests t;
  Bytes out;
  for (const std::uint8_t s : samples) out.push_back(static_cast<std::uint8_t>(t.check(s)));
  return out;
}

TEST(EntropyHealthConstantTime, SecretSamples) {
  const Bytes varied = ct::bytes(apt_window + 100, 1);
  Bytes repeated = varied;
  std::fill(repeated.begin() + 100, repeated.begin() + 100 + rct_cutoff, std::uint8_t{0x5a});
  Bytes proportion = varied;
  for (std::size_t i = 0; i < proportion.size(); ++i) {
    if (i % 4 != 3) proportion[i] = 0xa5;
  }
  for (const auto& [name, stream, fails] :
       {std::tuple{"varied", varied, Verdict::pass}, std::tuple{"a long run", repeated, Verdict::repetition},
        std::tuple{"one value in three samples of four", proportion, Verdict::proportion}}) {
    const Bytes want = verdicts(stream);
    // The stream does what it is named for, in the open.
    const bool has_failure =
        std::find(want.begin(), want.end(), static_cast<std::uint8_t>(fails)) != want.end();
    EXPECT_TRUE(fails == Verdict::pass ? std::count(want.begin(), want.end(), 0) == static_cast<long>(want.size())
                                       : has_failure)
        << name;
    EXPECT_EQ(ct::on_secrets({stream}, [](const std::vector<Bytes>& s) { return verdicts(s[0]); }), want) << name;
  }
}

}  // namespace
}  // namespace fipsmod::entropy
