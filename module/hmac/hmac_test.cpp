// HMAC over every SHA-2 hash on every usable kernel of its hash: the Botan
// vectors (keys of 0 to 200 bytes) and RFC 4231 test cases 1-7, streamed in
// every split; the C++ API; and zeroisation of a destroyed context.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <new>
#include <vector>

#include <fipsmod/hmac.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"
#include "traits.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::hmac {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;
enum class Variant { sha256, sha224 };
using HmacSha256 = Hmac<sha256::Digest>;
using HmacSha224 = Hmac<sha224::Digest>;

struct Case {
  Bytes key, in;
  std::string out;  // hex: the MAC, or a prefix of it (RFC 4231 case 5)
  std::string section;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : load_vectors("hmac_sha256.vec")) {
      c.push_back({v.bytes("Key"), v.bytes("In"), v.text("Out"), v.section});
    }
    return c;
  }();
  return all;
}

Variant variant(const Case& c) {
  return c.section.find("SHA-224") != std::string::npos ? Variant::sha224 : Variant::sha256;
}

template <class H>
std::string mac_hex_of(const sha256::Kernel& k, const Case& c, std::size_t split) {
  Keyed<H> keyed;
  hmac::key<H>(keyed, k, c.key);
  absorb<H>(keyed, std::span(c.in).first(split));
  absorb<H>(keyed, std::span(c.in).subspan(split));
  std::vector<std::uint8_t> mac(H::size);
  finish<H>(keyed, mac);
  wipe<H>(keyed);
  return to_hex(mac).substr(0, c.out.size());
}

std::string mac_hex(const sha256::Kernel& k, const Case& c, std::size_t split) {
  return variant(c) == Variant::sha256 ? mac_hex_of<sha256::Sha256>(k, c, split)
                                       : mac_hex_of<sha256::Sha224>(k, c, split);
}

// The splits of a short message that the split tests run. Streaming in
// HMAC is its hash's absorb on the inner chain, which starts a block in
// (after the key's block), so the ways a split can go are the hash's, which
// the hash's own tests run split by split; what HMAC adds is the key, whose
// block comes first. So every split of every message length is still run,
// each on one of the keys in turn (of the m cases of a section with that
// message length, the t-th takes the splits s with s mod m = t), and every
// key takes the splits 0, 1, a block and the whole message (the first
// update empty, one byte, ending on the block boundary; the second empty):
// every key length (0, 1, around the block size, over it) meets every
// message length in two updates. Running every split on every key ran each
// split 7 or 8 times over, once per key.
struct Turn {
  std::size_t turn, keys;  // this case is the turn-th of `keys` with its section and message length
};

std::vector<Turn> turns(const std::vector<Case>& all) {
  std::map<std::pair<std::string, std::size_t>, std::size_t> keys;
  std::vector<Turn> t;
  for (const Case& c : all) t.push_back({keys[{c.section, c.in.size()}]++, 0});
  for (std::size_t i = 0; i < all.size(); ++i) t[i].keys = keys[{all[i].section, all[i].in.size()}];
  return t;
}

std::vector<std::size_t> hmac_splits(std::size_t n, Turn t, std::size_t block_size) {
  std::vector<std::size_t> splits;
  for (std::size_t s = 0; s <= n; ++s) {
    if (s % t.keys == t.turn || s <= 1 || s == block_size || s == n) splits.push_back(s);
  }
  return splits;
}

class HmacKernel : public ::testing::TestWithParam<const sha256::Kernel*> {
 protected:
  const sha256::Kernel& kernel() const { return *GetParam(); }
};

TEST_P(HmacKernel, VectorsAndRfc4231) {
  std::size_t rfc = 0, keys_longer_than_a_block = 0;
  for (const Case& c : cases()) {
    EXPECT_EQ(mac_hex(kernel(), c, c.in.size()), c.out) << c.section << " key " << c.key.size() << " length "
                                                        << c.in.size();
    rfc += c.section.starts_with("RFC4231");
    keys_longer_than_a_block += c.key.size() > sha256::block_size;
  }
  EXPECT_EQ(rfc, 14u);
  EXPECT_GT(keys_longer_than_a_block, 100u);
}

// Every split of every message up to 130 bytes (two blocks and a bit), each
// on one of the keys in turn, and the splits at 0, 1, a block and the end
// on every key (hmac_splits).
TEST_P(HmacKernel, EverySplitOfShortMessages) {
  const std::vector<Turn> turn = turns(cases());
  for (std::size_t i = 0; i < cases().size(); ++i) {
    const Case& c = cases()[i];
    if (c.in.size() > 130) continue;
    for (std::size_t split : hmac_splits(c.in.size(), turn[i], sha256::block_size)) {
      ASSERT_EQ(mac_hex(kernel(), c, split), c.out) << c.section << " key " << c.key.size() << " length "
                                                    << c.in.size() << " split " << split;
    }
  }
}

TEST_P(HmacKernel, SumDoesNotChangeTheStateAndResetKeepsTheKey) {
  const Case& c = cases().at(200);
  ASSERT_EQ(variant(c), Variant::sha256);
  using H = sha256::Sha256;
  Keyed<H> h;
  hmac::key<H>(h, kernel(), c.key);
  const auto sum = [&] {
    std::array<std::uint8_t, H::size> out;
    finish<H>(h, out);
    return out;
  };
  absorb<H>(h, std::span(c.in).first(10));
  const auto early = sum();
  EXPECT_EQ(sum(), early);
  absorb<H>(h, std::span(c.in).subspan(10));
  EXPECT_EQ(to_hex(sum()), c.out);
  restart<H>(h);
  absorb<H>(h, c.in);
  EXPECT_EQ(to_hex(sum()), c.out);
  wipe<H>(h);
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacKernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

// The SHA-512 family (128-byte blocks) on every usable SHA-512 kernel: one
// vector file per hash, RFC 4231's cases for SHA-384 and SHA-512.
struct Family {
  const char* file;
  std::size_t rfc;  // RFC 4231 cases in the file
  std::string (*mac_hex)(const sha512::Kernel&, const Case&, std::size_t split);
};

template <class H>
std::string wide_mac_hex(const sha512::Kernel& k, const Case& c, std::size_t split) {
  Keyed<H> keyed;
  hmac::key<H>(keyed, k, c.key);
  absorb<H>(keyed, std::span(c.in).first(split));
  absorb<H>(keyed, std::span(c.in).subspan(split));
  std::vector<std::uint8_t> mac(H::size);
  finish<H>(keyed, mac);
  wipe<H>(keyed);
  return to_hex(mac).substr(0, c.out.size());
}

const Family kWide[] = {
    {"hmac_sha512.vec", 7, &wide_mac_hex<sha512::Sha512>},
    {"hmac_sha384.vec", 7, &wide_mac_hex<sha512::Sha384>},
    {"hmac_sha512_224.vec", 0, &wide_mac_hex<sha512::Sha512_224>},
    {"hmac_sha512_256.vec", 0, &wide_mac_hex<sha512::Sha512_256>},
};

std::vector<Case> load_cases(const char* file) {
  std::vector<Case> c;
  for (const testing::Vector& v : load_vectors(file)) c.push_back({v.bytes("Key"), v.bytes("In"), v.text("Out"), v.section});
  return c;
}

const std::vector<Case>& wide_cases(const Family& f) {
  static std::map<std::string, std::vector<Case>> loaded;
  auto it = loaded.find(f.file);
  if (it == loaded.end()) it = loaded.emplace(f.file, load_cases(f.file)).first;
  return it->second;
}

class HmacSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {
 protected:
  const sha512::Kernel& kernel() const { return *GetParam(); }
};

TEST_P(HmacSha512Kernel, VectorsAndRfc4231) {
  for (const Family& f : kWide) {
    std::size_t rfc = 0, keys_longer_than_a_block = 0, checked = 0;
    for (const Case& c : wide_cases(f)) {
      EXPECT_EQ(f.mac_hex(kernel(), c, c.in.size()), c.out)
          << f.file << " " << c.section << " key " << c.key.size() << " length " << c.in.size();
      rfc += c.section.starts_with("RFC4231");
      keys_longer_than_a_block += c.key.size() > sha512::block_size;
      ++checked;
    }
    EXPECT_EQ(rfc, f.rfc) << f.file;
    EXPECT_GT(keys_longer_than_a_block, 100u) << f.file;
    EXPECT_GT(checked, 1000u) << f.file;
  }
}

// Every split of every message up to 130 bytes (a block and a bit), each on
// one of the keys in turn, and the splits at 0, 1, a block and the end on
// every key (hmac_splits), for each hash of the family.
TEST_P(HmacSha512Kernel, EverySplitOfShortMessages) {
  for (const Family& f : kWide) {
    const std::vector<Case>& all = wide_cases(f);
    const std::vector<Turn> turn = turns(all);
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Case& c = all[i];
      if (c.in.size() > 130) continue;
      for (std::size_t split : hmac_splits(c.in.size(), turn[i], sha512::block_size)) {
        ASSERT_EQ(f.mac_hex(kernel(), c, split), c.out)
            << f.file << " " << c.section << " key " << c.key.size() << " length " << c.in.size() << " split " << split;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

const Case& first_rfc(Variant v) {
  for (const Case& c : cases()) {
    if (c.section.starts_with("RFC4231") && variant(c) == v) return c;
  }
  throw std::runtime_error("no RFC 4231 case");
}

TEST(Hmac, CppApiOneShotAndStreaming) {
  // RFC 4231 test case 1 ("Hi There" under twenty 0x0b bytes), named here
  // as the RFC prints it.
  const std::string key(20, '\x0b');
  EXPECT_EQ(to_hex(HmacSha256(key).sum()), to_hex(sum_sha256(std::span(reinterpret_cast<const std::uint8_t*>(key.data()), key.size()), {})));
  HmacSha256 h(key);
  h.update(std::string_view("Hi "));
  h.update(std::string_view("There"));
  EXPECT_EQ(to_hex(h.sum()), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  HmacSha224 g(key);
  g.update(std::string_view("Hi There"));
  EXPECT_EQ(to_hex(g.sum()), "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22");
  for (Variant v : {Variant::sha256, Variant::sha224}) {
    const Case& c = first_rfc(v);
    const std::string got = v == Variant::sha256 ? to_hex(sum_sha256(c.key, c.in)) : to_hex(sum_sha224(c.key, c.in));
    EXPECT_EQ(got, c.out);
  }
  // RFC 4231 test case 1 for the SHA-512 family, as the RFC prints it,
  // streamed and one-shot; SHA-512/224 and SHA-512/256 against their files.
  const std::string sha384_case1 =
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6";
  const std::string sha512_case1 =
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854";
  Hmac<sha384::Digest> h384(key);
  h384.update(std::string_view("Hi "));
  h384.update(std::string_view("There"));
  EXPECT_EQ(to_hex(h384.sum()), sha384_case1);
  Hmac<sha512::Digest> h512(key);
  h512.update(std::string_view("Hi There"));
  EXPECT_EQ(to_hex(h512.sum()), sha512_case1);
  const std::string_view hi = "Hi There";
  const std::span<const std::uint8_t> kb(reinterpret_cast<const std::uint8_t*>(key.data()), key.size());
  const std::span<const std::uint8_t> hb(reinterpret_cast<const std::uint8_t*>(hi.data()), hi.size());
  EXPECT_EQ(to_hex(sum_sha384(kb, hb)), sha384_case1);
  EXPECT_EQ(to_hex(sum_sha512(kb, hb)), sha512_case1);
  const Case& c224 = wide_cases(kWide[2]).at(300);
  const Case& c256 = wide_cases(kWide[3]).at(300);
  EXPECT_EQ(to_hex(sum_sha512_224(c224.key, c224.in)), c224.out);
  EXPECT_EQ(to_hex(sum_sha512_256(c256.key, c256.in)), c256.out);
  Hmac<sha512_256::Digest> h256(c256.key);
  h256.update(c256.in);
  EXPECT_EQ(to_hex(h256.sum()), c256.out);
  h256.reset();
  h256.update(c256.in);
  EXPECT_EQ(to_hex(h256.sum()), c256.out);

  HmacSha256 copy = h;
  copy.update(std::string_view("more"));
  EXPECT_NE(copy.sum(), h.sum());
  EXPECT_EQ(to_hex(h.sum()), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
}

// The zeroisation test hook: an Hmac built in a buffer we own, destroyed
// there, and the buffer read afterwards. Every byte the object occupied
// (key-derived chaining words, the inner state, the kernel pointer) must be
// zero; before destruction they must not be, or the test proves nothing.
template <class Hash>
void expect_destroyed_context_is_zero() {
  alignas(Hmac<Hash>) unsigned char storage[sizeof(Hmac<Hash>)];
  std::fill(std::begin(storage), std::end(storage), 0xa5);
  const Bytes key(200, 0x42);  // longer than a block (64 or 128 bytes): hashed first
  auto* h = new (storage) Hmac<Hash>(key);
  h->update(std::string_view("a message of a few bytes"));
  const auto mac = h->sum();
  EXPECT_NE(mac, decltype(mac){});
  std::size_t nonzero = 0;
  for (unsigned char b : storage) nonzero += b != 0;
  EXPECT_GT(nonzero, sizeof storage / 2) << "the live context should hold key-derived bytes";
  std::destroy_at(h);
  for (std::size_t i = 0; i < sizeof storage; ++i) ASSERT_EQ(storage[i], 0) << "byte " << i << " after destruction";
}

TEST(HmacZeroisation, DestroyedContextHoldsOnlyZeros) {
  expect_destroyed_context_is_zero<sha256::Digest>();
  expect_destroyed_context_is_zero<sha224::Digest>();
  expect_destroyed_context_is_zero<sha512::Digest>();
  expect_destroyed_context_is_zero<sha384::Digest>();
  expect_destroyed_context_is_zero<sha512_224::Digest>();
  expect_destroyed_context_is_zero<sha512_256::Digest>();
}

// What every kernel's known answer exercises: a message of more than one
// block with a partial final block, after the key.
void expect_answer_exercises_the_kernels(const char* name, std::size_t size, std::size_t block_size) {
  SCOPED_TRACE(name);
  const internal::Algorithm* hmac = internal::find_algorithm(name);
  ASSERT_NE(hmac, nullptr);
  const internal::KnownAnswer& a = hmac->answer;
  EXPECT_EQ(a.expected.size(), size);
  ASSERT_GT(a.input.size(), kat_key_size);
  const std::size_t message = a.input.size() - kat_key_size;
  EXPECT_GT(message, 2 * block_size) << "more than one block";
  EXPECT_NE(message % block_size, 0u) << "a partial final block";
}

TEST(HmacKnownAnswers, ExerciseTheKernels) {
  expect_answer_exercises_the_kernels("hmac_sha256", sha256::size, sha256::block_size);
  expect_answer_exercises_the_kernels("hmac_sha512", sha512::size, sha512::block_size);
}

// One known answer per hash family: the variants answer with their
// family's kernel (fipsmod_impl_name) and run its test.
TEST(HmacKnownAnswers, OnePerHashFamily) {
  for (const char* name : {"hmac_sha224", "hmac_sha256"}) {
    EXPECT_EQ(internal::find_algorithm(name), internal::find_algorithm("hmac_sha256")) << name;
  }
  for (const char* name : {"hmac_sha384", "hmac_sha512", "hmac_sha512_224", "hmac_sha512_256"}) {
    EXPECT_EQ(internal::find_algorithm(name), internal::find_algorithm("hmac_sha512")) << name;
  }
}

}  // namespace
}  // namespace fipsmod::hmac
