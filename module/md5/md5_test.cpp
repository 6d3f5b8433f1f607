// MD5 on every usable kernel: the Botan vectors one-shot, in every kind of
// split, byte by byte and from every offset; guard pages; copies and resets.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/hash_splits.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::md5 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  Bytes in;
  std::string out;  // hex
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : load_vectors("md5.vec")) c.push_back({v.bytes("In"), v.text("Out")});
    return c;
  }();
  return all;
}

std::string hash_hex(const Kernel& k, std::span<const std::uint8_t> data) {
  Md5Hash d(k);
  d.update(data);
  return to_hex(d.sum());
}

class Md5Kernel : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

TEST_P(Md5Kernel, VectorsOneShot) {
  ASSERT_GT(cases().size(), 300u);
  for (const Case& c : cases()) EXPECT_EQ(hash_hex(kernel(), c.in), c.out) << "length " << c.in.size();
}

// Every vector up to 4097 bytes in two updates, split in every way the
// streaming path can see it (testing/hash_splits.hpp): every split of the
// vectors of up to three blocks (every buffer fill, the first update
// hashing 0, 1 or 2 whole blocks, every length mod 64 and both padding
// cases); for longer ones every split in the first and the last block and
// one byte either side of every block boundary. Every split of every
// vector hashed 5x the bytes for the same cases.
TEST_P(Md5Kernel, VectorsInEverySplitOfTwoUpdates) {
  for (const Case& c : cases()) {
    if (c.in.size() > 4097) continue;  // see the next test
    for (std::size_t split : testing::two_update_splits(c.in.size(), block_size)) {
      Md5Hash d(kernel());
      d.update(std::span(c.in).first(split));
      d.update(std::span(c.in).subspan(split));
      ASSERT_EQ(to_hex(d.sum()), c.out) << "length " << c.in.size() << " split " << split;
    }
  }
}

// The 64 KiB vector (1024 blocks) in two updates, split one byte either
// side of a block boundary: the first update hashing 0 to 16 whole blocks,
// the second 0 to 16, and the middle (testing/hash_splits.hpp), so each
// side sees every block count modulo 16 and a long run; every one of the
// 1024 boundaries repeated those counts 30 times.
TEST_P(Md5Kernel, LongVectorsSplitAroundEveryBlockBoundary) {
  std::size_t checked = 0;
  for (const Case& c : cases()) {
    if (c.in.size() <= 4097) continue;
    for (std::size_t boundary : testing::long_message_boundaries(c.in.size(), block_size)) {
      for (std::size_t split = boundary > 0 ? boundary - 1 : 0; split <= std::min(boundary + 1, c.in.size()); ++split) {
        Md5Hash d(kernel());
        d.update(std::span(c.in).first(split));
        d.update(std::span(c.in).subspan(split));
        ASSERT_EQ(to_hex(d.sum()), c.out) << "length " << c.in.size() << " split " << split;
        ++checked;
      }
    }
  }
  // The 65536-byte vector alone: 35 boundaries, three splits each, less
  // the ones before 0 and past the end; a longer vector adds more.
  EXPECT_GE(checked, 3u * 35 - 2);
}

TEST_P(Md5Kernel, VectorsByteByByte) {
  for (const Case& c : cases()) {
    Md5Hash d(kernel());
    for (std::uint8_t b : c.in) d.update(std::span(&b, 1));
    ASSERT_EQ(to_hex(d.sum()), c.out) << "length " << c.in.size();
  }
}

TEST_P(Md5Kernel, VectorsFromEveryOffset) {
  for (const Case& c : cases()) {
    for (std::size_t offset = 0; offset < 8; ++offset) {
      Bytes buffer(offset + c.in.size());
      std::copy(c.in.begin(), c.in.end(), buffer.begin() + static_cast<std::ptrdiff_t>(offset));
      ASSERT_EQ(hash_hex(kernel(), std::span(buffer).subspan(offset)), c.out)
          << "length " << c.in.size() << " offset " << offset;
    }
  }
}

TEST_P(Md5Kernel, InputFlushAgainstGuardPages) {
  for (const Case& c : cases()) {
    if (c.in.size() > 256) continue;
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer buffer(c.in.size(), side);
      std::copy(c.in.begin(), c.in.end(), buffer.bytes().begin());
      ASSERT_EQ(hash_hex(kernel(), buffer.bytes()), c.out) << "length " << c.in.size();
    }
  }
}

TEST_P(Md5Kernel, SumDoesNotChangeTheState) {
  const Case& c = cases().at(200);
  Md5Hash d(kernel());
  d.update(std::span(c.in).first(100));
  const Sum early = d.sum();
  EXPECT_EQ(d.sum(), early);
  d.update(std::span(c.in).subspan(100));
  EXPECT_EQ(to_hex(d.sum()), c.out);
}

TEST_P(Md5Kernel, CopyIsIndependent) {
  const Case& c = cases().at(150);
  Md5Hash original(kernel());
  original.update(std::span(c.in).first(70));
  Md5Hash copy = original;
  copy.update(std::string_view("something else"));
  original.update(std::span(c.in).subspan(70));
  EXPECT_EQ(to_hex(original.sum()), c.out);
  EXPECT_NE(copy.sum(), original.sum());
  EXPECT_EQ(&copy.kernel(), &kernel());
}

TEST_P(Md5Kernel, ResetStartsOver) {
  const Case& c = cases().at(77);
  Md5Hash d(kernel());
  d.update(std::string_view("garbage that must be forgotten, longer than one block of sixty-four bytes"));
  d.reset();
  d.update(c.in);
  EXPECT_EQ(to_hex(d.sum()), c.out);
}

// The kernel preserves the callee-saved registers and the stack pointer,
// called through the ABI harness, and still computes the right state.
TEST_P(Md5Kernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
  std::vector<std::uint8_t> data(3 * 64 + 8);
  std::iota(data.begin(), data.end(), std::uint8_t{1});
  for (std::size_t offset : {0u, 3u}) {
    std::uint32_t state[4] = {1, 2, 3, 4}, expected[4] = {1, 2, 3, 4};
    kernels().generic().block(expected, data.data() + offset, 3);
    const auto changed = testing::abi_violations(reinterpret_cast<const void*>(kernel().block),
                                                 reinterpret_cast<std::uint64_t>(state),
                                                 reinterpret_cast<std::uint64_t>(data.data() + offset), 3, 0);
    EXPECT_TRUE(changed.empty()) << ::testing::PrintToString(changed);
    EXPECT_TRUE(std::equal(state, state + 4, expected)) << "offset " << offset;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5Kernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

TEST(Md5, RoundConstantsAreFloorOfTwoTo32TimesAbsSine) {
  for (int i = 0; i < 64; ++i) {
    const auto expected = static_cast<std::uint32_t>(std::floor(std::fabs(std::sin(i + 1.0)) * 4294967296.0));
    EXPECT_EQ(rfc1321_t[static_cast<std::size_t>(i)], expected) << "T[" << i + 1 << "]";
  }
}

TEST(Md5, OneShotUsesTheSelectedKernel) {
  for (const Case& c : cases()) {
    EXPECT_EQ(to_hex(sum(c.in)), c.out);
  }
  EXPECT_EQ(fipsmod::impl_name("md5"), kernels().selected().name);
}

TEST(Md5, StringViewOverloads) {
  EXPECT_EQ(to_hex(sum(std::string_view("abc"))), "900150983cd24fb0d6963f7d28e17f72");
  Digest d;
  d.update(std::string_view("message "));
  d.update(std::string_view("digest"));
  EXPECT_EQ(to_hex(d.sum()), "f96b697d7cb7938d525a2f31aaf161d0");
}

// What every kernel's known answer exercises: more than one block and a
// partial final block.
TEST(Md5KnownAnswers, ExerciseTheKernels) {
  const internal::Algorithm* md5 = internal::find_algorithm("md5");
  ASSERT_NE(md5, nullptr);
  const internal::KnownAnswer& a = md5->answer;
  EXPECT_EQ(a.expected.size(), size);
  EXPECT_GT(a.input.size(), 2 * block_size) << "more than one block";
  EXPECT_NE(a.input.size() % block_size, 0u) << "a partial final block";
}

// A destroyed or reset md5::Digest, a cleansed fipsmod_md5_ctx, and
// fipsmod_md5_marshal and _unmarshal keep nothing of the message.
TEST(Md5Zeroisation, NothingOfTheMessageIsLeft) {
  testing::zeroisation::expect_hash_zeroisation<Digest>("fipsmod_md5");
}

}  // namespace
}  // namespace fipsmod::md5
