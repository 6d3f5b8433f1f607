// SHA-512, SHA-384, SHA-512/224 and SHA-512/256 on every usable kernel: the
// vectors and the FIPS 180-4 examples one-shot, in every kind of split, byte
// by byte and from every offset; guard pages; copies and resets; the
// constants of FIPS 180-4, and the assembly kernels' copy of K.
#include <gtest/gtest.h>

#include <numeric>
#include <variant>
#include <vector>

#include <fipsmod/sha512.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/hash_splits.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::sha512 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;
using internal::hash::OnKernel;

// The four variants, in this order everywhere below.
enum Variant : std::size_t { v512, v384, v512_224, v512_256 };
constexpr Variant kAll[] = {v512, v384, v512_224, v512_256};
constexpr const char* kNames[] = {"SHA-512", "SHA-384", "SHA-512/224", "SHA-512/256"};
constexpr const char* kFiles[] = {"sha512.vec", "sha384.vec", "sha512_224.vec", "sha512_256.vec"};

struct Case {
  Bytes in;
  std::string out;  // hex
};

const std::vector<Case>& cases(Variant v) {
  static const auto all = [] {
    std::array<std::vector<Case>, 4> c;
    for (Variant w : kAll) {
      for (const testing::Vector& vec : load_vectors(kFiles[w])) c[w].push_back({vec.bytes("In"), vec.text("Out")});
    }
    return c;
  }();
  return all[v];
}

// A digest of any variant on one kernel, driven the same way.
class AnyDigest {
 public:
  AnyDigest(const Kernel& k, Variant v) : d_(make(k, v)) {}
  void update(std::span<const std::uint8_t> data) {
    std::visit([&](auto& d) { d.update(data); }, d_);
  }
  std::string hex() const {
    return std::visit([](const auto& d) { return to_hex(d.sum()); }, d_);
  }

 private:
  using Any = std::variant<OnKernel<Sha512>, OnKernel<Sha384>, OnKernel<Sha512_224>, OnKernel<Sha512_256>>;
  static Any make(const Kernel& k, Variant v) {
    switch (v) {
      case v384: return Any(std::in_place_index<1>, k);
      case v512_224: return Any(std::in_place_index<2>, k);
      case v512_256: return Any(std::in_place_index<3>, k);
      default: return Any(std::in_place_index<0>, k);
    }
  }
  Any d_;
};

std::string hash_hex(const Kernel& k, Variant v, std::span<const std::uint8_t> data) {
  AnyDigest d(k, v);
  d.update(data);
  return d.hex();
}

class Sha512Kernel : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

TEST_P(Sha512Kernel, VectorsOneShot) {
  for (Variant v : kAll) {
    ASSERT_GT(cases(v).size(), 300u);
    for (const Case& c : cases(v)) {
      EXPECT_EQ(hash_hex(kernel(), v, c.in), c.out) << kNames[v] << " length " << c.in.size();
    }
  }
}

// The NIST examples (FIPS 180-4's "abc" and the 896-bit two-block message)
// are the last two records of each file; their digests are also checked
// here as NIST prints them (csrc.nist.gov, "Examples with Intermediate
// Values": SHA512.pdf, SHA384.pdf, SHA512_224.pdf, SHA512_256.pdf), so the
// test does not rest on the generator.
TEST_P(Sha512Kernel, NistExamples) {
  const std::string two =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  const auto in = [](const std::string& s) { return Bytes(s.begin(), s.end()); };
  const std::pair<const char*, const char*> printed[] = {
      {"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
       "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
      {"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
       "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"},
      {"4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
       "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
      {"53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
       "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
  };
  for (Variant v : kAll) {
    EXPECT_EQ(hash_hex(kernel(), v, in("abc")), printed[v].first) << kNames[v];
    EXPECT_EQ(hash_hex(kernel(), v, in(two)), printed[v].second) << kNames[v];
    const auto& all = cases(v);
    EXPECT_EQ(all[all.size() - 2].in, in("abc"));
    EXPECT_EQ(all.back().in, in(two));
  }
}

// Every vector up to 4097 bytes in two updates, split in every way the
// streaming path can see it (testing/hash_splits.hpp): every split of the
// vectors of up to three blocks (all those up to 300 bytes: every buffer
// fill, the first update hashing 0, 1 or 2 whole blocks, every length mod
// 128 and both padding cases); for longer ones every split in the first and
// the last block and one byte either side of every block boundary. The
// four hashes stream through the same code and take those splits in turn
// (each of them those around a block boundary). Every split of every vector
// in every hash hashed 11x the bytes for the same cases.
TEST_P(Sha512Kernel, VectorsInEverySplitOfTwoUpdates) {
  for (Variant v : kAll) {
    for (const Case& c : cases(v)) {
      if (c.in.size() > 4097) continue;  // see the next test
      for (std::size_t split : testing::two_update_splits(c.in.size(), block_size, v, std::size(kAll))) {
        AnyDigest d(kernel(), v);
        d.update(std::span(c.in).first(split));
        d.update(std::span(c.in).subspan(split));
        ASSERT_EQ(d.hex(), c.out) << kNames[v] << " length " << c.in.size() << " split " << split;
      }
    }
  }
}

// The 64 KiB vector (512 blocks) in two updates, split one byte either
// side of a block boundary: the first update hashing 0 to 16 whole blocks,
// the second 0 to 16, and the middle (testing/hash_splits.hpp), so each
// side sees every block count modulo 16 and a long run; every one of the
// 512 boundaries repeated those counts 15 times.
TEST_P(Sha512Kernel, LongVectorsSplitAroundEveryBlockBoundary) {
  std::size_t checked = 0;
  for (const Case& c : cases(v512)) {
    if (c.in.size() <= 4097) continue;
    for (std::size_t boundary : testing::long_message_boundaries(c.in.size(), block_size)) {
      for (std::size_t split = boundary > 0 ? boundary - 1 : 0; split <= std::min(boundary + 1, c.in.size()); ++split) {
        AnyDigest d(kernel(), v512);
        d.update(std::span(c.in).first(split));
        d.update(std::span(c.in).subspan(split));
        ASSERT_EQ(d.hex(), c.out) << "length " << c.in.size() << " split " << split;
        ++checked;
      }
    }
  }
  // The 65536-byte vector alone: 35 boundaries, three splits each, less
  // the ones before 0 and past the end; a longer vector adds more.
  EXPECT_GE(checked, 3u * 35 - 2);
}

TEST_P(Sha512Kernel, VectorsByteByByte) {
  for (Variant v : kAll) {
    for (const Case& c : cases(v)) {
      AnyDigest d(kernel(), v);
      for (std::uint8_t b : c.in) d.update(std::span(&b, 1));
      ASSERT_EQ(d.hex(), c.out) << kNames[v] << " length " << c.in.size();
    }
  }
}

TEST_P(Sha512Kernel, VectorsFromEveryOffset) {
  for (Variant v : kAll) {
    for (const Case& c : cases(v)) {
      for (std::size_t offset = 0; offset < 8; ++offset) {
        Bytes buffer(offset + c.in.size());
        std::copy(c.in.begin(), c.in.end(), buffer.begin() + static_cast<std::ptrdiff_t>(offset));
        ASSERT_EQ(hash_hex(kernel(), v, std::span(buffer).subspan(offset)), c.out)
            << kNames[v] << " length " << c.in.size() << " offset " << offset;
      }
    }
  }
}

TEST_P(Sha512Kernel, InputFlushAgainstGuardPages) {
  for (Variant v : kAll) {
    for (const Case& c : cases(v)) {
      if (c.in.size() > 300) continue;
      for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
        testing::GuardedBuffer buffer(c.in.size(), side);
        std::copy(c.in.begin(), c.in.end(), buffer.bytes().begin());
        ASSERT_EQ(hash_hex(kernel(), v, buffer.bytes()), c.out) << kNames[v] << " length " << c.in.size();
      }
    }
  }
}

// The block function alone, on whole blocks straight against a guard page:
// a kernel must read exactly blocks * 128 bytes, and 0 blocks is nothing.
TEST_P(Sha512Kernel, BlocksFlushAgainstGuardPages) {
  const Case& c = cases(v512).at(300);
  for (std::size_t blocks = 0; blocks <= 2; ++blocks) {
    std::uint64_t expected[8], got[8];
    std::copy(Sha512::iv.begin(), Sha512::iv.end(), expected);
    std::copy(expected, expected + 8, got);
    kernels().generic().block(expected, c.in.data(), blocks);
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer buffer(blocks * block_size, side);
      std::copy_n(c.in.begin(), blocks * block_size, buffer.bytes().begin());
      std::uint64_t s[8];
      std::copy(got, got + 8, s);
      kernel().block(s, buffer.bytes().data(), blocks);
      EXPECT_TRUE(std::equal(s, s + 8, expected)) << blocks << " blocks";
    }
  }
}

TEST_P(Sha512Kernel, SumDoesNotChangeTheState) {
  for (Variant v : kAll) {
    const Case& c = cases(v).at(290);
    AnyDigest d(kernel(), v);
    d.update(std::span(c.in).first(140));
    const std::string early = d.hex();
    EXPECT_EQ(d.hex(), early);
    d.update(std::span(c.in).subspan(140));
    EXPECT_EQ(d.hex(), c.out) << kNames[v];
  }
}

TEST_P(Sha512Kernel, CopyIsIndependent) {
  const Case& c = cases(v512).at(250);
  OnKernel<Sha512> original(kernel());
  original.update(std::span(c.in).first(130));
  OnKernel<Sha512> copy = original;
  copy.update(std::string_view("something else"));
  original.update(std::span(c.in).subspan(130));
  EXPECT_EQ(to_hex(original.sum()), c.out);
  EXPECT_NE(copy.sum(), original.sum());
  EXPECT_EQ(&copy.kernel(), &kernel());
}

template <class H>
void expect_reset_starts_over(const Kernel& k, Variant v) {
  const std::string garbage(150, 'g');  // more than one block, to be forgotten
  OnKernel<H> d(k);
  d.update(garbage);
  d.reset();
  d.update(cases(v).at(77).in);
  EXPECT_EQ(to_hex(d.sum()), cases(v).at(77).out) << kNames[v];
}

TEST_P(Sha512Kernel, ResetStartsOverAsItsOwnVariant) {
  expect_reset_starts_over<Sha512>(kernel(), v512);
  expect_reset_starts_over<Sha384>(kernel(), v384);
  expect_reset_starts_over<Sha512_224>(kernel(), v512_224);
  expect_reset_starts_over<Sha512_256>(kernel(), v512_256);
}

// The kernel preserves the callee-saved registers and the stack pointer,
// called through the ABI harness, and still computes the right state.
TEST_P(Sha512Kernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
  std::vector<std::uint8_t> data(3 * 128 + 8);
  std::iota(data.begin(), data.end(), std::uint8_t{5});
  for (std::size_t offset : {0u, 3u}) {
    std::uint64_t state[8] = {1, 2, 3, 4, 5, 6, 7, 8}, expected[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    kernels().generic().block(expected, data.data() + offset, 3);
    const auto changed = testing::abi_violations(reinterpret_cast<const void*>(kernel().block),
                                                 reinterpret_cast<std::uint64_t>(state),
                                                 reinterpret_cast<std::uint64_t>(data.data() + offset), 3, 0);
    EXPECT_TRUE(changed.empty()) << ::testing::PrintToString(changed);
    EXPECT_TRUE(std::equal(state, state + 8, expected)) << "offset " << offset;
  }
}

#ifndef FIPSMOD_TEST_ASAN
// The kernel leaves nothing of the message schedule on the stack: no W[t]
// and no W[t] + K[t] of any block, native-endian 64-bit words
// (testing/hash_zeroisation.hpp, which first checks that it would see a
// dead frame's bytes). The last sixteen words of a block run the schedule
// backwards to the block: after HMAC's key blocks (hmac::key) that is
// K0 ^ opad, the key. Three blocks: the AVX2 kernel's pair of blocks and
// its lone last one. Called from a frame below the test's.
TEST_P(Sha512Kernel, LeavesNoScheduleOnTheStack) {
  testing::zeroisation::expect_block_leaves_no_schedule(kernel().name, kernel().block, kernels().generic().block,
                                                        Sha512::iv, fips180_k, 0x5348412d35313201);
}
#endif

INSTANTIATE_TEST_SUITE_P(Usable, Sha512Kernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// Unsigned integers of 256 bits, enough for the roots below (a cube of up
// to 2^73, a square of up to 2^69): little-endian 32-bit limbs in 64-bit
// words, so that a product of two limbs and a carry fits.
using Big = std::array<std::uint64_t, 8>;
__extension__ typedef unsigned __int128 u128;  // GCC and Clang have it on every target here
Big big(u128 v) {
  Big b{};
  for (std::size_t i = 0; i < 4; ++i) b[i] = static_cast<std::uint64_t>(v >> (32 * i)) & 0xffffffff;
  return b;
}
Big mul(const Big& a, const Big& b) {
  Big r{};
  for (std::size_t i = 0; i < 8; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; i + j < 8; ++j) {
      const std::uint64_t t = r[i + j] + a[i] * b[j] + carry;  // < 2^64: each term < 2^32 * 2^32
      r[i + j] = t & 0xffffffff;
      carry = t >> 32;
    }
  }
  return r;
}
Big shifted(std::uint64_t p, int bits) {  // p * 2^bits
  Big r{};
  const std::size_t limb = static_cast<std::size_t>(bits / 32);
  const u128 v = static_cast<u128>(p) << (bits % 32);
  for (std::size_t i = 0; i < 3 && limb + i < 8; ++i) r[limb + i] = static_cast<std::uint64_t>(v >> (32 * i)) & 0xffffffff;
  return r;
}
bool less_equal(const Big& a, const Big& b) {
  for (std::size_t i = 8; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return true;
}
// The first 64 bits of the fraction of the k-th root of p: floor(root of
// p * 2^(64k)) mod 2^64, by bisection over exact integers.
std::uint64_t root_fraction(std::uint64_t p, int k) {
  const Big n = shifted(p, 64 * k);
  u128 lo = 0, hi = static_cast<u128>(1) << 80;
  while (lo < hi) {
    const u128 mid = (lo + hi + 1) / 2;
    Big pow = big(mid);
    for (int i = 1; i < k; ++i) pow = mul(pow, big(mid));
    if (less_equal(pow, n)) lo = mid;
    else hi = mid - 1;
  }
  return static_cast<std::uint64_t>(lo);
}

// FIPS 180-4 §4.2.3, §5.3.4 and §5.3.5 recomputed from the primes: K[t] is
// the first 64 bits of the fraction of the cube root of the t-th prime,
// SHA-512's H0[i] those of the square root of the i-th, SHA-384's of the
// (i+8)-th; exact integer roots, no floating point.
TEST(Sha512, ConstantsComeFromThePrimes) {
  std::vector<std::uint64_t> primes;
  for (std::uint64_t n = 2; primes.size() < 80; ++n) {
    bool prime = true;
    for (std::uint64_t p : primes) prime = prime && n % p != 0;
    if (prime) primes.push_back(n);
  }
  for (std::size_t t = 0; t < 80; ++t) EXPECT_EQ(fips180_k[t], root_fraction(primes[t], 3)) << "K[" << t << "]";
  EXPECT_EQ(fips180_k[0], 0x428a2f98d728ae22u);  // as the standard prints them
  EXPECT_EQ(fips180_k[79], 0x6c44198c4a475817u);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(Sha512::iv[i], root_fraction(primes[i], 2)) << "SHA-512 H0[" << i << "]";
    EXPECT_EQ(Sha384::iv[i], root_fraction(primes[i + 8], 2)) << "SHA-384 H0[" << i << "]";
  }
}

// §5.3.6: the SHA-512/t initial values are SHA-512, started from SHA-512's
// initial value with every word xored with a5a5a5a5a5a5a5a5, over the
// ASCII string "SHA-512/t".
TEST(Sha512, TruncatedInitialValuesComeFromTheIvGenerationFunction) {
  const auto generated = [](std::string_view name) {
    internal::hash::Chain<Sha512> c = internal::hash::initial_chain<Sha512>();
    for (auto& w : c.h) w ^= 0xa5a5a5a5a5a5a5a5;
    internal::hash::absorb<Sha512>(kernels().generic(), c,
                                   std::span(reinterpret_cast<const std::uint8_t*>(name.data()), name.size()));
    std::array<std::uint8_t, 64> out;
    internal::hash::finish<Sha512>(kernels().generic(), c, out);
    std::array<std::uint64_t, 8> iv;
    for (std::size_t i = 0; i < 8; ++i) iv[i] = internal::load_be<std::uint64_t>(out.data() + 8 * i);
    return iv;
  };
  EXPECT_EQ(generated("SHA-512/224"), Sha512_224::iv);
  EXPECT_EQ(generated("SHA-512/256"), Sha512_256::iv);
}

// The assembly kernels' K (asm/sha512_k.inc) is this one, entry by entry.
TEST(Sha512, TheAssemblyTableIsTheSameK) {
  struct Entry {
    int t;
    std::uint64_t k;
  };
  const Entry table[] = {
#define FIPSMOD_SHA512_K(t, k) {t, k},
#include "asm/sha512_k.inc"
#undef FIPSMOD_SHA512_K
  };
  ASSERT_EQ(std::size(table), fips180_k.size());
  for (std::size_t i = 0; i < std::size(table); ++i) {
    EXPECT_EQ(table[i].t, static_cast<int>(i));
    EXPECT_EQ(table[i].k, fips180_k[i]) << "K[" << i << "]";
  }
}

TEST(Sha512, OneShotUsesTheSelectedKernel) {
  for (const Case& c : cases(v512)) EXPECT_EQ(to_hex(sum(c.in)), c.out);
  for (const Case& c : cases(v384)) EXPECT_EQ(to_hex(sha384::sum(c.in)), c.out);
  for (const Case& c : cases(v512_224)) EXPECT_EQ(to_hex(sha512_224::sum(c.in)), c.out);
  for (const Case& c : cases(v512_256)) EXPECT_EQ(to_hex(sha512_256::sum(c.in)), c.out);
  for (const char* name : {"sha512", "sha384", "sha512_224", "sha512_256"}) {
    EXPECT_EQ(fipsmod::impl_name(name), kernels().selected().name) << name;
  }
}

TEST(Sha512, StringViewOverloads) {
  const std::string abc512 = cases(v512)[cases(v512).size() - 2].out;
  const std::string abc384 = cases(v384)[cases(v384).size() - 2].out;
  EXPECT_EQ(to_hex(sum(std::string_view("abc"))), abc512);
  EXPECT_EQ(to_hex(sha384::sum(std::string_view("abc"))), abc384);
  EXPECT_EQ(to_hex(sha512_224::sum(std::string_view("abc"))), "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa");
  EXPECT_EQ(to_hex(sha512_256::sum(std::string_view("abc"))),
            "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
  Digest d;
  d.update(std::string_view("a"));
  d.update(std::string_view("bc"));
  EXPECT_EQ(to_hex(d.sum()), abc512);
  sha384::Digest e;
  e.update(std::string_view("ab"));
  e.update(std::string_view("c"));
  EXPECT_EQ(to_hex(e.sum()), abc384);
}

// What every kernel's known answer exercises: more than one block in one
// call, and a partial final block.
TEST(Sha512KnownAnswers, ExerciseTheKernels) {
  const internal::Algorithm* sha512 = internal::find_algorithm("sha512");
  ASSERT_NE(sha512, nullptr);
  const internal::KnownAnswer& a = sha512->answer;
  EXPECT_EQ(a.expected.size(), size);
  EXPECT_GT(a.input.size(), 2 * block_size) << "more than one block";
  EXPECT_NE(a.input.size() % block_size, 0u) << "a partial final block";
  // The variants share it: each finds SHA-512's algorithm.
  for (const char* name : {"sha384", "sha512_224", "sha512_256"}) EXPECT_EQ(internal::find_algorithm(name), sha512);
}

// A destroyed or reset digest, a cleansed C context, and _marshal and
// _unmarshal keep nothing of the message, for the four hashes.
TEST(Sha512Zeroisation, NothingOfTheMessageIsLeft) {
  testing::zeroisation::expect_hash_zeroisation<sha512::Digest>("fipsmod_sha512");
  testing::zeroisation::expect_hash_zeroisation<sha384::Digest>("fipsmod_sha384");
  testing::zeroisation::expect_hash_zeroisation<sha512_224::Digest>("fipsmod_sha512_224");
  testing::zeroisation::expect_hash_zeroisation<sha512_256::Digest>("fipsmod_sha512_256");
}

}  // namespace
}  // namespace fipsmod::sha512
