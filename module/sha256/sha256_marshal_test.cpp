// Saved SHA-256 and SHA-224 states: round trips at every length, Go's byte
// layout, and every way a state can be rejected (testing/hash_marshal.hpp).
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include <fipsmod/sha256.hpp>

#include "core/byteorder.hpp"
#include "internal.hpp"
#include "testing/hash_marshal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::sha256 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

const testing::Vector& vector_of_length(const char* file, std::size_t n) {
  static const std::vector<testing::Vector> v256 = load_vectors("sha256.vec"), v224 = load_vectors("sha224.vec");
  for (const auto& v : std::string_view(file) == "sha256.vec" ? v256 : v224) {
    if (v.bytes("In").size() == n) return v;
  }
  throw std::runtime_error("no vector of that length");
}

class Sha256Marshal : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

template <class D>
void round_trip_at_every_length(const D& fresh, const char* file) {
  const Bytes in = vector_of_length(file, 130).bytes("In");
  const std::string out = vector_of_length(file, 130).text("Out");
  for (std::size_t n = 0; n <= in.size(); ++n) {
    D first = fresh;
    first.update(std::span(in).first(n));
    const State saved = first.marshal();

    D second = fresh;
    second.update(std::string_view("state to be overwritten"));
    second.unmarshal(saved);
    EXPECT_EQ(second.marshal(), saved) << file << " length " << n;
    EXPECT_EQ(second.sum(), first.sum()) << file << " length " << n;
    second.update(std::span(in).subspan(n));
    ASSERT_EQ(to_hex(second.sum()), out) << file << " length " << n;
  }
}

TEST_P(Sha256Marshal, RoundTripAtEveryLength) {
  round_trip_at_every_length(internal::hash::OnKernel<Sha256>(kernel()), "sha256.vec");
  round_trip_at_every_length(internal::hash::OnKernel<Sha224>(kernel()), "sha224.vec");
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha256Marshal, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// Go's layout: magic, H0..H7 big-endian, the buffer, the byte count.
template <class D>
void expect_go_layout(std::uint8_t version, const char* file, const char* initial_words) {
  const Bytes in = vector_of_length(file, 70).bytes("In");
  D d;
  d.update(std::span(in).first(3));
  const State s = d.marshal();
  ASSERT_EQ(s.size(), 108u);
  EXPECT_EQ(Bytes(s.begin(), s.begin() + 4), (Bytes{'s', 'h', 'a', version}));
  // Under one block nothing is compressed: the words are the initial hash
  // value of FIPS 180-4 §5.3.
  EXPECT_EQ(to_hex(Bytes(s.begin() + 4, s.begin() + 36)), initial_words);
  EXPECT_EQ(Bytes(s.begin() + 36, s.begin() + 39), Bytes(in.begin(), in.begin() + 3));
  EXPECT_EQ(Bytes(s.begin() + 39, s.begin() + 100), Bytes(61, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(s.data() + 100), 3u);

  d.update(std::span(in).subspan(3));  // 70 bytes: one block compressed, 6 buffered
  const State t = d.marshal();
  EXPECT_NE(Bytes(t.begin() + 4, t.begin() + 36), Bytes(s.begin() + 4, s.begin() + 36));
  EXPECT_EQ(Bytes(t.begin() + 36, t.begin() + 42), Bytes(in.begin() + 64, in.end()));
  EXPECT_EQ(Bytes(t.begin() + 42, t.begin() + 100), Bytes(58, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(t.data() + 100), 70u);
}

TEST(Sha256Marshal, GoLayout) {
  expect_go_layout<Digest>(0x03, "sha256.vec",
                           "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19");
  expect_go_layout<sha224::Digest>(0x02, "sha224.vec",
                              "c1059ed8367cd5073070dd17f70e5939ffc00b316858151164f98fa7befa4fa4");
}

// A state built by hand in Go's layout (magic, the FIPS 180-4 initial
// words, the buffer, the count): SHA-256 after the "a" of "abc", restored
// and finished with "bc", must give NIST's digest of "abc".
TEST(Sha256Marshal, RestoresAStateBuiltByHand) {
  Bytes s = {'s', 'h', 'a', 0x03};
  for (std::uint32_t w : Sha256::iv) {
    for (int i = 3; i >= 0; --i) s.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
  }
  s.push_back('a');
  s.resize(s.size() + 63, 0);
  for (int i = 0; i < 7; ++i) s.push_back(0);
  s.push_back(1);
  ASSERT_EQ(s.size(), marshaled_size);
  Digest d;
  d.unmarshal(s);
  d.update(std::string_view("bc"));
  EXPECT_EQ(to_hex(d.sum()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

using testing::expect_rejected;
using testing::valid_state;

TEST(Sha256Marshal, RejectsBadIdentifier) {
  State s = valid_state<Digest>(5);
  s[3] = 0x01;
  expect_rejected<Digest>(s, "invalid hash state identifier");
  expect_rejected<Digest>({}, "invalid hash state identifier");
  expect_rejected<Digest>(std::span(s).first(3), "invalid hash state identifier");
  // Each variant refuses the other's state, and a state of its own size
  // under any magic one bit away from its own (another hash's among them).
  expect_rejected<Digest>(valid_state<sha224::Digest>(5), "invalid hash state identifier");
  expect_rejected<sha224::Digest>(valid_state<Digest>(5), "invalid hash state identifier");
  testing::expect_every_other_identifier_rejected<Digest>();
  testing::expect_every_other_identifier_rejected<sha224::Digest>();
}

TEST(Sha256Marshal, RejectsBadSize) {
  const State s = valid_state<Digest>(5), t = valid_state<sha224::Digest>(5);
  expect_rejected<Digest>(std::span(s).first(4), "invalid hash state size");
  expect_rejected<Digest>(std::span(s).first(107), "invalid hash state size");
  expect_rejected<sha224::Digest>(std::span(t).first(92), "invalid hash state size");
  Bytes longer(s.begin(), s.end());
  longer.push_back(0);
  expect_rejected<Digest>(longer, "invalid hash state size");
}

TEST(Sha256Marshal, RejectsNonzeroBytesPastTheBufferedOnes) {
  for (std::size_t buffered : {0u, 5u, 63u}) {
    for (std::size_t at = 36 + buffered; at < 100; ++at) {
      State s = valid_state<Digest>(buffered);
      s[at] = 0x01;
      expect_rejected<Digest>(s, "invalid hash state padding");
      State t = valid_state<sha224::Digest>(buffered);
      t[at] = 0x80;
      expect_rejected<sha224::Digest>(t, "invalid hash state padding");
    }
  }
}

// The byte count is taken whole (modulo 2^64, as Go): a state past 2^32
// bytes round-trips, and its length is what the padding encodes.
TEST(Sha256Marshal, ByteCountPastTwoTo32RoundTrips) {
  State s = valid_state<Digest>(5);
  const std::uint64_t len = (std::uint64_t{1} << 32) + 64 + 5;
  internal::store_be<std::uint64_t>(s.data() + 100, len);
  Digest d;
  d.unmarshal(s);
  EXPECT_EQ(d.marshal(), s);
  d.update(Bytes(200, 1));
  const State t = d.marshal();
  EXPECT_EQ(internal::load_be<std::uint64_t>(t.data() + 100), len + 200);
}

}  // namespace
}  // namespace fipsmod::sha256
