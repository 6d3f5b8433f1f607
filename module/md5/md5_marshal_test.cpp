// Saved MD5 states: round trips at every length, Go's byte layout, byte
// counts past 2^32, and every way a state can be rejected.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/byteorder.hpp"
#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "testing/hash_marshal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::md5 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

// The vector input of length 130 from md5.vec, and its digest.
const testing::Vector& vector_of_length(std::size_t n) {
  static const std::vector<testing::Vector> all = load_vectors("md5.vec");
  for (const auto& v : all) {
    if (v.bytes("In").size() == n) return v;
  }
  throw std::runtime_error("no vector of that length");
}

class Md5Marshal : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

TEST_P(Md5Marshal, RoundTripAtEveryLength) {
  const Bytes in = vector_of_length(130).bytes("In");
  const std::string out = vector_of_length(130).text("Out");
  for (std::size_t n = 0; n <= in.size(); ++n) {
    Md5Hash first(kernel());
    first.update(std::span(in).first(n));
    const State saved = first.marshal();

    Md5Hash second(kernel());
    second.update(std::string_view("state to be overwritten"));
    second.unmarshal(saved);
    EXPECT_EQ(second.marshal(), saved) << "length " << n;
    EXPECT_EQ(second.sum(), first.sum()) << "length " << n;
    second.update(std::span(in).subspan(n));
    ASSERT_EQ(to_hex(second.sum()), out) << "length " << n;
  }
}

TEST_P(Md5Marshal, ByteCountPastTwoTo32) {
  const auto vectors = load_vectors("md5_long.vec");
  ASSERT_EQ(vectors.size(), 1u);
  const testing::Vector& v = vectors[0];
  ASSERT_GT(std::stoull(v.text("Length")) + v.bytes("Tail").size(), std::uint64_t{1} << 32);

  Md5Hash d(kernel());
  d.unmarshal(v.bytes("State"));
  d.update(v.bytes("Tail"));  // the byte count crosses 2^32 here
  EXPECT_EQ(to_hex(d.marshal()), v.text("NextState"));
  EXPECT_EQ(to_hex(d.sum()), v.text("Out"));

  Md5Hash restored(kernel());
  restored.unmarshal(v.bytes("NextState"));
  EXPECT_EQ(to_hex(restored.sum()), v.text("Out"));
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5Marshal, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

TEST(Md5Marshal, GoLayout) {
  const Bytes in = vector_of_length(70).bytes("In");
  Digest d;
  d.update(std::span(in).first(3));
  const State s = d.marshal();
  ASSERT_EQ(s.size(), 92u);
  EXPECT_EQ(Bytes(s.begin(), s.begin() + 4), (Bytes{'m', 'd', '5', 0x01}));
  // Under one block nothing is compressed: the words are RFC 1321's
  // initial A, B, C, D, big-endian.
  EXPECT_EQ(to_hex(Bytes(s.begin() + 4, s.begin() + 20)), "67452301efcdab8998badcfe10325476");
  EXPECT_EQ(Bytes(s.begin() + 20, s.begin() + 23), Bytes(in.begin(), in.begin() + 3));
  EXPECT_EQ(Bytes(s.begin() + 23, s.begin() + 84), Bytes(61, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(s.data() + 84), 3u);

  d.update(std::span(in).subspan(3));  // 70 bytes: one block compressed, 6 buffered
  const State t = d.marshal();
  EXPECT_NE(Bytes(t.begin() + 4, t.begin() + 20), Bytes(s.begin() + 4, s.begin() + 20));
  EXPECT_EQ(Bytes(t.begin() + 20, t.begin() + 26), Bytes(in.begin() + 64, in.end()));
  EXPECT_EQ(Bytes(t.begin() + 26, t.begin() + 84), Bytes(58, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(t.data() + 84), 70u);
}

State valid_state(std::size_t buffered) { return testing::valid_state<Digest>(buffered); }
void expect_rejected(std::span<const std::uint8_t> bad, const std::string& message) {
  testing::expect_rejected<Digest>(bad, message);
}

TEST(Md5Marshal, RejectsBadIdentifier) {
  State s = valid_state(5);
  s[3] = 0x02;  // another version
  expect_rejected(s, "invalid hash state identifier");
  expect_rejected({}, "invalid hash state identifier");
  expect_rejected(std::span(s).first(3), "invalid hash state identifier");
  testing::expect_every_other_identifier_rejected<Digest>();
}

TEST(Md5Marshal, RejectsBadSize) {
  const State s = valid_state(5);
  expect_rejected(std::span(s).first(4), "invalid hash state size");
  expect_rejected(std::span(s).first(91), "invalid hash state size");
  Bytes longer(s.begin(), s.end());
  longer.push_back(0);
  expect_rejected(longer, "invalid hash state size");
}

TEST(Md5Marshal, RejectsNonzeroBytesPastTheBufferedOnes) {
  for (std::size_t buffered : {0u, 5u, 63u}) {
    for (std::size_t at = 20 + buffered; at < 84; ++at) {
      State s = valid_state(buffered);
      s[at] = 0x01;
      expect_rejected(s, "invalid hash state padding");
    }
  }
}

}  // namespace
}  // namespace fipsmod::md5
