// Saved SHA-512, SHA-384, SHA-512/224 and SHA-512/256 states: round trips
// at every length, Go's byte layout (crypto/sha512's MarshalBinary), and
// every way a state can be rejected (testing/hash_marshal.hpp), each
// variant refusing the others' states.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/sha512.hpp>

#include "core/byteorder.hpp"
#include "internal.hpp"
#include "testing/hash_marshal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::sha512 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

// Go's layout: "sha" and a version, H0..H7 (8 bytes each), the 128-byte
// buffer, the 8-byte count.
constexpr std::size_t kWordsAt = 4, kBufferAt = 68, kLengthAt = 196;
static_assert(marshaled_size == 204 && kLengthAt + 8 == marshaled_size);

const testing::Vector& vector_of_length(const char* file, std::size_t n) {
  static std::map<std::string, std::vector<testing::Vector>> loaded;
  auto& v = loaded[file];
  if (v.empty()) v = load_vectors(file);
  for (const auto& x : v) {
    if (x.bytes("In").size() == n) return x;
  }
  throw std::runtime_error("no vector of that length");
}

class Sha512Marshal : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

template <class D>
void round_trip_at_every_length(const D& fresh, const char* file) {
  const Bytes in = vector_of_length(file, 260).bytes("In");
  const std::string out = vector_of_length(file, 260).text("Out");
  for (std::size_t n = 0; n <= in.size(); ++n) {
    D first = fresh;
    first.update(std::span(in).first(n));
    const auto saved = first.marshal();

    D second = fresh;
    second.update(std::string_view("state to be overwritten"));
    ASSERT_EQ(second.unmarshal(saved), internal::Status::ok);
    EXPECT_EQ(second.marshal(), saved) << file << " length " << n;
    EXPECT_EQ(second.sum(), first.sum()) << file << " length " << n;
    second.update(std::span(in).subspan(n));
    ASSERT_EQ(to_hex(second.sum()), out) << file << " length " << n;
  }
}

TEST_P(Sha512Marshal, RoundTripAtEveryLength) {
  round_trip_at_every_length(internal::hash::OnKernel<Sha512>(kernel()), "sha512.vec");
  round_trip_at_every_length(internal::hash::OnKernel<Sha384>(kernel()), "sha384.vec");
  round_trip_at_every_length(internal::hash::OnKernel<Sha512_224>(kernel()), "sha512_224.vec");
  round_trip_at_every_length(internal::hash::OnKernel<Sha512_256>(kernel()), "sha512_256.vec");
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha512Marshal, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

std::string words_hex(const std::array<std::uint64_t, 8>& iv) {
  Bytes b(64);
  for (std::size_t i = 0; i < 8; ++i) internal::store_be<std::uint64_t>(b.data() + 8 * i, iv[i]);
  return to_hex(b);
}

template <class D>
void expect_go_layout(std::uint8_t version, const char* file, const std::array<std::uint64_t, 8>& iv) {
  const Bytes in = vector_of_length(file, 140).bytes("In");
  D d;
  d.update(std::span(in).first(3));
  const auto s = d.marshal();
  ASSERT_EQ(s.size(), 204u);
  EXPECT_EQ(Bytes(s.begin(), s.begin() + 4), (Bytes{'s', 'h', 'a', version}));
  // Under one block nothing is compressed: the words are the initial hash
  // value of FIPS 180-4 §5.3.
  EXPECT_EQ(to_hex(Bytes(s.begin() + kWordsAt, s.begin() + kBufferAt)), words_hex(iv));
  EXPECT_EQ(Bytes(s.begin() + kBufferAt, s.begin() + kBufferAt + 3), Bytes(in.begin(), in.begin() + 3));
  EXPECT_EQ(Bytes(s.begin() + kBufferAt + 3, s.begin() + kLengthAt), Bytes(125, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(s.data() + kLengthAt), 3u);

  d.update(std::span(in).subspan(3));  // 140 bytes: one block compressed, 12 buffered
  const auto t = d.marshal();
  EXPECT_NE(Bytes(t.begin() + kWordsAt, t.begin() + kBufferAt), Bytes(s.begin() + kWordsAt, s.begin() + kBufferAt));
  EXPECT_EQ(Bytes(t.begin() + kBufferAt, t.begin() + kBufferAt + 12), Bytes(in.begin() + 128, in.end()));
  EXPECT_EQ(Bytes(t.begin() + kBufferAt + 12, t.begin() + kLengthAt), Bytes(116, 0));
  EXPECT_EQ(internal::load_be<std::uint64_t>(t.data() + kLengthAt), 140u);
}

TEST(Sha512Marshal, GoLayout) {
  expect_go_layout<Digest>(0x07, "sha512.vec", Sha512::iv);
  expect_go_layout<sha384::Digest>(0x04, "sha384.vec", Sha384::iv);
  expect_go_layout<sha512_224::Digest>(0x05, "sha512_224.vec", Sha512_224::iv);
  expect_go_layout<sha512_256::Digest>(0x06, "sha512_256.vec", Sha512_256::iv);
}

// A state built by hand in Go's layout (magic, the FIPS 180-4 initial
// words, the buffer, the count): after the "a" of "abc", restored and
// finished with "bc", each variant must give NIST's digest of "abc".
template <class D>
void expect_hand_built_state_restored(std::uint8_t version, const std::array<std::uint64_t, 8>& iv,
                                      const char* file) {
  Bytes s = {'s', 'h', 'a', version};
  for (std::uint64_t w : iv) {
    for (int i = 7; i >= 0; --i) s.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
  }
  s.push_back('a');
  s.resize(s.size() + 127, 0);
  for (int i = 0; i < 7; ++i) s.push_back(0);
  s.push_back(1);
  ASSERT_EQ(s.size(), marshaled_size);
  D d;
  d.unmarshal(s);
  d.update(std::string_view("bc"));
  const auto all = load_vectors(file);
  EXPECT_EQ(all[all.size() - 2].bytes("In"), (Bytes{'a', 'b', 'c'}));
  EXPECT_EQ(to_hex(d.sum()), all[all.size() - 2].text("Out")) << file;
}

TEST(Sha512Marshal, RestoresAStateBuiltByHand) {
  expect_hand_built_state_restored<Digest>(0x07, Sha512::iv, "sha512.vec");
  expect_hand_built_state_restored<sha384::Digest>(0x04, Sha384::iv, "sha384.vec");
  expect_hand_built_state_restored<sha512_224::Digest>(0x05, Sha512_224::iv, "sha512_224.vec");
  expect_hand_built_state_restored<sha512_256::Digest>(0x06, Sha512_256::iv, "sha512_256.vec");
}

using testing::expect_rejected;
using testing::valid_state;

// Each of the four refuses the other three's states: the same size, only
// the identifier differs.
template <class D, class... Others>
void expect_others_refused() {
  (expect_rejected<D>(valid_state<Others>(5), "invalid hash state identifier"), ...);
}

TEST(Sha512Marshal, RejectsBadIdentifier) {
  auto s = valid_state<Digest>(5);
  s[3] = 0x01;
  expect_rejected<Digest>(s, "invalid hash state identifier");
  expect_rejected<Digest>({}, "invalid hash state identifier");
  expect_rejected<Digest>(std::span(s).first(3), "invalid hash state identifier");
  expect_others_refused<Digest, sha384::Digest, sha512_224::Digest, sha512_256::Digest>();
  expect_others_refused<sha384::Digest, Digest, sha512_224::Digest, sha512_256::Digest>();
  expect_others_refused<sha512_224::Digest, Digest, sha384::Digest, sha512_256::Digest>();
  expect_others_refused<sha512_256::Digest, Digest, sha384::Digest, sha512_224::Digest>();
  testing::expect_every_other_identifier_rejected<Digest>();
  testing::expect_every_other_identifier_rejected<sha384::Digest>();
  testing::expect_every_other_identifier_rejected<sha512_224::Digest>();
  testing::expect_every_other_identifier_rejected<sha512_256::Digest>();
}

TEST(Sha512Marshal, RejectsBadSize) {
  const auto s = valid_state<Digest>(5), t = valid_state<sha384::Digest>(5);
  expect_rejected<Digest>(std::span(s).first(4), "invalid hash state size");
  expect_rejected<Digest>(std::span(s).first(203), "invalid hash state size");
  expect_rejected<sha384::Digest>(std::span(t).first(108), "invalid hash state size");
  Bytes longer(s.begin(), s.end());
  longer.push_back(0);
  expect_rejected<Digest>(longer, "invalid hash state size");
}

TEST(Sha512Marshal, RejectsNonzeroBytesPastTheBufferedOnes) {
  for (std::size_t buffered : {0u, 5u, 127u}) {
    for (std::size_t at = kBufferAt + buffered; at < kLengthAt; ++at) {
      auto s = valid_state<Digest>(buffered);
      s[at] = 0x01;
      expect_rejected<Digest>(s, "invalid hash state padding");
      auto t = valid_state<sha512_256::Digest>(buffered);
      t[at] = 0x80;
      expect_rejected<sha512_256::Digest>(t, "invalid hash state padding");
    }
  }
}

// The byte count is taken whole (modulo 2^64, as Go): a state past 2^32
// bytes round-trips, and its length is what the padding encodes.
TEST(Sha512Marshal, ByteCountPastTwoTo32RoundTrips) {
  auto s = valid_state<Digest>(5);
  const std::uint64_t len = (std::uint64_t{1} << 32) + 128 + 5;
  internal::store_be<std::uint64_t>(s.data() + kLengthAt, len);
  Digest d;
  d.unmarshal(s);
  EXPECT_EQ(d.marshal(), s);
  d.update(Bytes(300, 1));
  const auto t = d.marshal();
  EXPECT_EQ(internal::load_be<std::uint64_t>(t.data() + kLengthAt), len + 300);
}

}  // namespace
}  // namespace fipsmod::sha512
