// SHA-256 and SHA-224 on every usable kernel: the Botan vectors and the
// FIPS 180-4 examples one-shot, in every kind of split, byte by byte and
// from every offset; guard pages; copies and resets; the constants of
// FIPS 180-4.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include <fipsmod/sha256.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/hash_splits.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::sha256 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;
enum class Variant { sha256, sha224 };
using Hash256 = internal::hash::OnKernel<Sha256>;
using Hash224 = internal::hash::OnKernel<Sha224>;
const std::array<std::uint32_t, 8>& initial_hash(Variant v) { return v == Variant::sha256 ? Sha256::iv : Sha224::iv; }

struct Case {
  Bytes in;
  std::string out;  // hex
};

const std::vector<Case>& cases(Variant v) {
  static const auto load = [](const char* file) {
    std::vector<Case> c;
    for (const testing::Vector& vec : load_vectors(file)) c.push_back({vec.bytes("In"), vec.text("Out")});
    return c;
  };
  static const std::vector<Case> c256 = load("sha256.vec"), c224 = load("sha224.vec");
  return v == Variant::sha256 ? c256 : c224;
}

// A digest of either variant, driven the same way.
struct AnyDigest {
  AnyDigest(const Kernel& k, Variant which) : v(which), d256(k), d224(k) {}
  void update(std::span<const std::uint8_t> data) {
    if (v == Variant::sha256) d256.update(data);
    else d224.update(data);
  }
  std::string hex() const { return v == Variant::sha256 ? to_hex(d256.sum()) : to_hex(d224.sum()); }
  Variant v;
  Hash256 d256;
  Hash224 d224;
};

std::string hash_hex(const Kernel& k, Variant v, std::span<const std::uint8_t> data) {
  AnyDigest d(k, v);
  d.update(data);
  return d.hex();
}

const char* name(Variant v) { return v == Variant::sha256 ? "SHA-256" : "SHA-224"; }

class Sha256Kernel : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
  static constexpr Variant kBoth[] = {Variant::sha256, Variant::sha224};
};

TEST_P(Sha256Kernel, VectorsOneShot) {
  for (Variant v : kBoth) {
    ASSERT_GT(cases(v).size(), 300u);
    for (const Case& c : cases(v)) {
      EXPECT_EQ(hash_hex(kernel(), v, c.in), c.out) << name(v) << " length " << c.in.size();
    }
  }
}

// The NIST examples (FIPS 180-4's "abc" and the 448-bit two-block message)
// are the last two records of each file; their digests are also checked
// here as printed by NIST, so the test does not rest on the generator.
TEST_P(Sha256Kernel, NistExamples) {
  const std::string two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  const auto in = [](const std::string& s) { return Bytes(s.begin(), s.end()); };
  EXPECT_EQ(hash_hex(kernel(), Variant::sha256, in("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hash_hex(kernel(), Variant::sha256, in(two)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hash_hex(kernel(), Variant::sha224, in("abc")), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  EXPECT_EQ(hash_hex(kernel(), Variant::sha224, in(two)), "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525");
  for (Variant v : kBoth) {
    const auto& all = cases(v);
    EXPECT_EQ(all[all.size() - 2].in, in("abc"));
    EXPECT_EQ(all.back().in, in(two));
  }
}

// Every vector up to 4097 bytes in two updates, split in every way the
// streaming path can see it (testing/hash_splits.hpp): every split of the
// vectors of up to three blocks (every buffer fill, the first update
// hashing 0, 1 or 2 whole blocks, every length mod 64 and both padding
// cases); for longer ones every split in the first and the last block and
// one byte either side of every block boundary. SHA-256 and SHA-224 stream
// through the same code and take those splits in turn (each of them those
// around a block boundary). Every split of every vector in both hashes
// hashed 8x the bytes for the same cases.
TEST_P(Sha256Kernel, VectorsInEverySplitOfTwoUpdates) {
  for (Variant v : kBoth) {
    for (const Case& c : cases(v)) {
      if (c.in.size() > 4097) continue;  // see the next test
      for (std::size_t split : testing::two_update_splits(c.in.size(), block_size, static_cast<std::size_t>(v), 2)) {
        AnyDigest d(kernel(), v);
        d.update(std::span(c.in).first(split));
        d.update(std::span(c.in).subspan(split));
        ASSERT_EQ(d.hex(), c.out) << name(v) << " length " << c.in.size() << " split " << split;
      }
    }
  }
}

// The 64 KiB vector (1024 blocks) in two updates, split one byte either
// side of a block boundary: the first update hashing 0 to 16 whole blocks,
// the second 0 to 16, and the middle (testing/hash_splits.hpp), so each
// side sees every block count modulo 16 and a long run; every one of the
// 1024 boundaries repeated those counts 30 times.
TEST_P(Sha256Kernel, LongVectorsSplitAroundEveryBlockBoundary) {
  std::size_t checked = 0;
  for (const Case& c : cases(Variant::sha256)) {
    if (c.in.size() <= 4097) continue;
    for (std::size_t boundary : testing::long_message_boundaries(c.in.size(), block_size)) {
      for (std::size_t split = boundary > 0 ? boundary - 1 : 0; split <= std::min(boundary + 1, c.in.size()); ++split) {
        AnyDigest d(kernel(), Variant::sha256);
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

TEST_P(Sha256Kernel, VectorsByteByByte) {
  for (Variant v : kBoth) {
    for (const Case& c : cases(v)) {
      AnyDigest d(kernel(), v);
      for (std::uint8_t b : c.in) d.update(std::span(&b, 1));
      ASSERT_EQ(d.hex(), c.out) << name(v) << " length " << c.in.size();
    }
  }
}

TEST_P(Sha256Kernel, VectorsFromEveryOffset) {
  for (Variant v : kBoth) {
    for (const Case& c : cases(v)) {
      for (std::size_t offset = 0; offset < 8; ++offset) {
        Bytes buffer(offset + c.in.size());
        std::copy(c.in.begin(), c.in.end(), buffer.begin() + static_cast<std::ptrdiff_t>(offset));
        ASSERT_EQ(hash_hex(kernel(), v, std::span(buffer).subspan(offset)), c.out)
            << name(v) << " length " << c.in.size() << " offset " << offset;
      }
    }
  }
}

TEST_P(Sha256Kernel, InputFlushAgainstGuardPages) {
  for (Variant v : kBoth) {
    for (const Case& c : cases(v)) {
      if (c.in.size() > 300) continue;
      for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
        testing::GuardedBuffer buffer(c.in.size(), side);
        std::copy(c.in.begin(), c.in.end(), buffer.bytes().begin());
        ASSERT_EQ(hash_hex(kernel(), v, buffer.bytes()), c.out) << name(v) << " length " << c.in.size();
      }
    }
  }
}

// The block function alone, on whole blocks straight against a guard page:
// a kernel must read exactly blocks * 64 bytes.
TEST_P(Sha256Kernel, BlocksFlushAgainstGuardPages) {
  const Case& c = cases(Variant::sha256).at(256);
  for (std::size_t blocks = 1; blocks <= 4; ++blocks) {
    std::uint32_t expected[8], got[8];
    std::copy(initial_hash(Variant::sha256).begin(), initial_hash(Variant::sha256).end(), expected);
    std::copy(expected, expected + 8, got);
    kernels().generic().block(expected, c.in.data(), blocks);
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer buffer(blocks * block_size, side);
      std::copy_n(c.in.begin(), blocks * block_size, buffer.bytes().begin());
      std::uint32_t s[8];
      std::copy(got, got + 8, s);
      kernel().block(s, buffer.bytes().data(), blocks);
      EXPECT_TRUE(std::equal(s, s + 8, expected)) << blocks << " blocks";
    }
  }
}

TEST_P(Sha256Kernel, SumDoesNotChangeTheState) {
  for (Variant v : kBoth) {
    const Case& c = cases(v).at(200);
    AnyDigest d(kernel(), v);
    d.update(std::span(c.in).first(100));
    const std::string early = d.hex();
    EXPECT_EQ(d.hex(), early);
    d.update(std::span(c.in).subspan(100));
    EXPECT_EQ(d.hex(), c.out);
  }
}

TEST_P(Sha256Kernel, CopyIsIndependent) {
  const Case& c = cases(Variant::sha256).at(150);
  Hash256 original(kernel());
  original.update(std::span(c.in).first(70));
  Hash256 copy = original;
  copy.update(std::string_view("something else"));
  original.update(std::span(c.in).subspan(70));
  EXPECT_EQ(to_hex(original.sum()), c.out);
  EXPECT_NE(copy.sum(), original.sum());
  EXPECT_EQ(&copy.kernel(), &kernel());
}

TEST_P(Sha256Kernel, ResetStartsOverAsItsOwnVariant) {
  const std::string garbage = "garbage that must be forgotten, longer than one block of sixty-four bytes";
  Hash256 d(kernel());
  d.update(garbage);
  d.reset();
  d.update(cases(Variant::sha256).at(77).in);
  EXPECT_EQ(to_hex(d.sum()), cases(Variant::sha256).at(77).out);
  Hash224 e(kernel());
  e.update(garbage);
  e.reset();
  e.update(cases(Variant::sha224).at(77).in);
  EXPECT_EQ(to_hex(e.sum()), cases(Variant::sha224).at(77).out);
}

// The kernel preserves the callee-saved registers and the stack pointer,
// called through the ABI harness, and still computes the right state.
TEST_P(Sha256Kernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
  std::vector<std::uint8_t> data(3 * 64 + 8);
  std::iota(data.begin(), data.end(), std::uint8_t{5});
  for (std::size_t offset : {0u, 3u}) {
    std::uint32_t state[8] = {1, 2, 3, 4, 5, 6, 7, 8}, expected[8] = {1, 2, 3, 4, 5, 6, 7, 8};
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
// and no W[t] + K[t] of any block, alone or two side by side, as a ring in
// order holds them (testing/hash_zeroisation.hpp, which first checks that
// it would see a dead frame's bytes). The last sixteen words of a block
// run the schedule backwards to the block: after HMAC's key blocks
// (hmac::key) that is K0 ^ opad, the key. Three blocks, called from a
// frame below the test's.
TEST_P(Sha256Kernel, LeavesNoScheduleOnTheStack) {
  testing::zeroisation::expect_block_leaves_no_schedule(kernel().name, kernel().block, kernels().generic().block,
                                                        Sha256::iv, fips180_k, 0x5348412d32353601);
}
#endif

INSTANTIATE_TEST_SUITE_P(Usable, Sha256Kernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// FIPS 180-4 §4.2.2 and §5.3.3 recomputed from the primes: K[t] is the
// first 32 bits of the fraction of the cube root of the t-th prime, H0[i]
// those of the square root of the i-th; exact integer roots, no floating
// point.
TEST(Sha256, ConstantsComeFromThePrimes) {
  std::vector<unsigned> primes;
  for (unsigned n = 2; primes.size() < 64; ++n) {
    bool prime = true;
    for (unsigned p : primes) prime = prime && n % p != 0;
    if (prime) primes.push_back(n);
  }
  __extension__ typedef unsigned __int128 u128;  // GCC and Clang have it on every target here
  const auto root = [](u128 n, int k) {  // floor(n^(1/k))
    u128 lo = 0, hi = std::uint64_t{1} << 40;
    while (lo < hi) {
      const u128 mid = (lo + hi + 1) / 2;
      u128 pow = 1;
      for (int i = 0; i < k; ++i) pow *= mid;
      if (pow <= n) lo = mid;
      else hi = mid - 1;
    }
    return static_cast<std::uint32_t>(lo);  // mod 2^32: the fraction's bits
  };
  for (std::size_t t = 0; t < 64; ++t) {
    EXPECT_EQ(fips180_k[t], root(static_cast<u128>(primes[t]) << 96, 3)) << "K[" << t << "]";
  }
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(initial_hash(Variant::sha256)[i], root(static_cast<u128>(primes[i]) << 64, 2)) << i;
  }
}

TEST(Sha256, OneShotUsesTheSelectedKernel) {
  for (const Case& c : cases(Variant::sha256)) EXPECT_EQ(to_hex(sum(c.in)), c.out);
  for (const Case& c : cases(Variant::sha224)) EXPECT_EQ(to_hex(sha224::sum(c.in)), c.out);
  EXPECT_EQ(fipsmod::impl_name("sha256"), kernels().selected().name);
  EXPECT_EQ(fipsmod::impl_name("sha224"), kernels().selected().name);
}

TEST(Sha256, StringViewOverloads) {
  EXPECT_EQ(to_hex(sum(std::string_view("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(sha224::sum(std::string_view("abc"))), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  Digest d;
  d.update(std::string_view("a"));
  d.update(std::string_view("bc"));
  EXPECT_EQ(to_hex(d.sum()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  sha224::Digest e;
  e.update(std::string_view("ab"));
  e.update(std::string_view("c"));
  EXPECT_EQ(to_hex(e.sum()), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
}

// What every kernel's known answer exercises: more than one block and a
// partial final block.
TEST(Sha256KnownAnswers, ExerciseTheKernels) {
  const internal::Algorithm* sha256 = internal::find_algorithm("sha256");
  ASSERT_NE(sha256, nullptr);
  const internal::KnownAnswer& a = sha256->answer;
  EXPECT_EQ(a.expected.size(), size);
  EXPECT_GT(a.input.size(), 2 * block_size) << "more than one block";
  EXPECT_NE(a.input.size() % block_size, 0u) << "a partial final block";
}

// A destroyed or reset digest, a cleansed C context, and _marshal and
// _unmarshal keep nothing of the message, for both hashes.
TEST(Sha256Zeroisation, NothingOfTheMessageIsLeft) {
  testing::zeroisation::expect_hash_zeroisation<sha256::Digest>("fipsmod_sha256");
  testing::zeroisation::expect_hash_zeroisation<sha224::Digest>("fipsmod_sha224");
}

}  // namespace
}  // namespace fipsmod::sha256
