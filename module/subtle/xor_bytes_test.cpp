// XORBytes on every usable kernel: Botan vectors, every length 0..1024 at
// alignments of dst, x and y, guard bytes and guard pages, the exact
// aliases, and the two errors.
#include <gtest/gtest.h>

#include <fipsmod/subtle.hpp>

#include <numeric>
#include <stdexcept>
#include <vector>

#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"
#include <fipsmod/subtle.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"

namespace fipsmod::subtle {
namespace {

using Bytes = std::vector<std::uint8_t>;

// XORBytes with Go's checks on one kernel, as the service runs it, throwing
// what the service would return.
std::size_t xor_on(const Kernel& k, std::span<std::uint8_t> dst, std::span<const std::uint8_t> x,
                   std::span<const std::uint8_t> y) {
  std::size_t n = 0;
  const internal::Status s = xor_bytes(k, dst.data(), dst.size(), x.data(), x.size(), y.data(), y.size(), n);
  if (s != internal::Status::ok) fipsmod::detail::throw_status(static_cast<int>(s));
  return n;
}

struct Case {
  Bytes x, y, out;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const auto& v : testing::load_vectors("xor_bytes.vec")) c.push_back({v.bytes("X"), v.bytes("Y"), v.bytes("Out")});
    return c;
  }();
  return all;
}

// Deterministic filler, different for each buffer.
Bytes pattern(std::size_t n, std::uint8_t salt) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 131 + salt * 17 + (i >> 8));
  return b;
}

class KernelTest : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
};

TEST_P(KernelTest, Vectors) {
  ASSERT_GT(cases().size(), 300u);
  for (const Case& c : cases()) {
    Bytes dst(c.out.size() + 1, 0xa5);
    EXPECT_EQ(xor_on(kernel(), dst, c.x, c.y), c.out.size());
    EXPECT_EQ(Bytes(dst.begin(), dst.end() - 1), c.out) << "length " << c.out.size();
    EXPECT_EQ(dst.back(), 0xa5);
  }
}

// Whether EveryLengthAtEveryAlignment runs length n with dst, x and y at
// offsets od, ox and oy. Every length up to 320 (the widest kernel's
// 256-byte loop once, with its up to 64 bytes of head and every tail;
// the 128-byte loops twice) runs at all 512 offset triples, and so do the
// lengths within a byte of a multiple of 64 (where a loop's iteration
// count changes) and 1024. Each other length up to 1024 runs at the 64
// triples with od + 3 ox + 5 oy = c(n) mod 8: every pair of offsets of
// two of the pointers once (3 and 5 are invertible mod 8), and as c(n) =
// (n xor n / 8) mod 8 runs through every value for each n mod 8, every
// triple meets lengths of every remainder mod 8 past 320. Every triple at
// every length repeated the same loop counts and tails four times over.
bool runs_at(std::size_t n, std::size_t od, std::size_t ox, std::size_t oy) {
  const std::size_t r = n % 64;
  if (n <= 320 || r <= 1 || r == 63 || n == 1024) return true;
  return (od + 3 * ox + 5 * oy) % 8 == (n ^ (n / 8)) % 8;
}

// Every n in 0..1024 with dst, x and y each at offsets 0..7 from an
// 8-aligned address (runs_at: every triple up to 320 bytes, pairs past
// it); 32 guard bytes on each side of dst[:n] must survive.
TEST_P(KernelTest, EveryLengthAtEveryAlignment) {
  constexpr std::size_t kMax = 1024, kGuard = 32, kCanary = 0xc3;
  const Bytes px = pattern(kMax, 1), py = pattern(kMax, 2);
  Bytes expected(kMax);
  for (std::size_t i = 0; i < kMax; ++i) expected[i] = px[i] ^ py[i];

  // uint64_t storage makes the base addresses 8-aligned.
  std::vector<std::uint64_t> xs(kMax / 8 + 2), ys(kMax / 8 + 2), ds((kMax + 2 * kGuard) / 8 + 2);
  auto* xbase = reinterpret_cast<std::uint8_t*>(xs.data());
  auto* ybase = reinterpret_cast<std::uint8_t*>(ys.data());
  auto* dbase = reinterpret_cast<std::uint8_t*>(ds.data());
  for (std::size_t ox = 0; ox < 8; ++ox) {
    std::copy(px.begin(), px.end(), xbase + ox);
    for (std::size_t oy = 0; oy < 8; ++oy) {
      std::copy(py.begin(), py.end(), ybase + oy);
      for (std::size_t od = 0; od < 8; ++od) {
        std::uint8_t* dst = dbase + kGuard + od;
        for (std::size_t n = 0; n <= kMax; ++n) {
          if (!runs_at(n, od, ox, oy)) continue;
          std::fill(dst - kGuard, dst + n + kGuard, kCanary);
          const std::size_t got = xor_on(kernel(), std::span(dst, n), std::span(xbase + ox, n), std::span(ybase + oy, n));
          ASSERT_EQ(got, n);
          ASSERT_TRUE(std::equal(dst, dst + n, expected.begin()))
              << "n " << n << " offsets dst " << od << " x " << ox << " y " << oy;
          ASSERT_TRUE(std::all_of(dst - kGuard, dst, [](std::uint8_t b) { return b == kCanary; }))
              << "wrote before dst: n " << n << " offsets " << od << ox << oy;
          ASSERT_TRUE(std::all_of(dst + n, dst + n + kGuard, [](std::uint8_t b) { return b == kCanary; }))
              << "wrote past dst[:n]: n " << n << " offsets " << od << ox << oy;
        }
      }
    }
  }
}

TEST_P(KernelTest, UsesTheShorterOfXAndY) {
  const Case& c = cases().at(200);
  const Bytes longer = pattern(300, 9);
  for (bool x_longer : {true, false}) {
    Bytes dst(300, 0x5a);
    const std::size_t n = x_longer ? xor_on(kernel(), dst, longer, c.y) : xor_on(kernel(), dst, c.x, longer);
    ASSERT_EQ(n, 200u);
    for (std::size_t i = 0; i < 200; ++i) {
      ASSERT_EQ(dst[i], (x_longer ? c.y[i] : c.x[i]) ^ longer[i]) << i;
    }
    EXPECT_TRUE(std::all_of(dst.begin() + 200, dst.end(), [](std::uint8_t b) { return b == 0x5a; }));
  }
}

TEST_P(KernelTest, ExactAliases) {
  for (const Case& c : cases()) {
    Bytes a = c.x;
    EXPECT_EQ(xor_on(kernel(), a, a, c.y), c.out.size());  // dst == x
    EXPECT_EQ(a, c.out);
    Bytes b = c.y;
    EXPECT_EQ(xor_on(kernel(), b, c.x, b), c.out.size());  // dst == y
    EXPECT_EQ(b, c.out);
    Bytes all = c.x;
    xor_on(kernel(), all, all, all);  // dst == x == y
    EXPECT_TRUE(std::all_of(all.begin(), all.end(), [](std::uint8_t v) { return v == 0; }));
  }
}

TEST_P(KernelTest, BuffersFlushAgainstGuardPages) {
  for (const Case& c : cases()) {
    const std::size_t n = c.out.size();
    if (n > 256) continue;
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer dst(n, side), x(n, side), y(n, side);
      std::copy(c.x.begin(), c.x.end(), x.bytes().begin());
      std::copy(c.y.begin(), c.y.end(), y.bytes().begin());
      ASSERT_EQ(xor_on(kernel(), dst.bytes(), x.bytes(), y.bytes()), n);
      ASSERT_TRUE(std::equal(c.out.begin(), c.out.end(), dst.bytes().begin())) << "length " << n;
    }
  }
}

// Expects xor_bytes to throw `message` and leave all of `memory` as it was.
template <class Call>
void expect_error(const std::string& message, std::span<const std::uint8_t> memory, Call call) {
  const Bytes before(memory.begin(), memory.end());
  try {
    call();
    ADD_FAILURE() << "no error; expected " << message;
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
  EXPECT_EQ(Bytes(memory.begin(), memory.end()), before);
}

TEST_P(KernelTest, DstTooShortWritesNothing) {
  for (std::size_t n : {1u, 7u, 8u, 33u, 100u}) {
    Bytes memory = pattern(3 * n, 3);
    const auto x = std::span(memory).first(n), y = std::span(memory).subspan(n, n);
    const auto dst = std::span(memory).subspan(2 * n, n - 1);
    expect_error("dst too short", memory, [&] { xor_on(kernel(), dst, x, y); });
  }
}

TEST_P(KernelTest, InexactOverlapWritesNothing) {
  Bytes memory = pattern(400, 4);
  const auto at = [&](std::size_t offset, std::size_t n) { return std::span(memory).subspan(offset, n); };
  // dst starting just after, or just before, x or y; dst inside a longer
  // input; and the last byte of dst on the first byte of the input.
  expect_error("invalid overlap", memory, [&] { xor_on(kernel(), at(1, 100), at(0, 100), at(200, 100)); });
  expect_error("invalid overlap", memory, [&] { xor_on(kernel(), at(0, 100), at(1, 100), at(200, 100)); });
  expect_error("invalid overlap", memory, [&] { xor_on(kernel(), at(200, 100), at(0, 100), at(299, 100)); });
  expect_error("invalid overlap", memory, [&] { xor_on(kernel(), at(201, 100), at(0, 100), at(200, 100)); });
  expect_error("invalid overlap", memory, [&] { xor_on(kernel(), at(99, 100), at(0, 100), at(200, 100)); });
  // Overlap counts only within the first n bytes: these are fine.
  EXPECT_EQ(xor_on(kernel(), at(100, 50), at(0, 100), at(200, 50)), 50u);
  EXPECT_EQ(xor_on(kernel(), at(0, 100), at(100, 100), at(200, 100)), 100u);
}

TEST_P(KernelTest, EmptyInputsTouchNothing) {
  Bytes x = pattern(10, 5);
  EXPECT_EQ(xor_on(kernel(), {}, x, {}), 0u);
  EXPECT_EQ(xor_on(kernel(), {}, {}, x), 0u);
  EXPECT_EQ(xor_on(kernel(), std::span(x).subspan(1), x, {}), 0u);  // would overlap, but n == 0
}

// The kernel preserves the callee-saved registers and the stack pointer,
// called through the ABI harness, at every loop shape it may have.
TEST_P(KernelTest, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
  // dst from the allocator is 16-byte aligned.
  Bytes x(1100), y(1100), dst(1100), expected(1100);
  std::iota(x.begin(), x.end(), std::uint8_t{7});
  std::iota(y.begin(), y.end(), std::uint8_t{99});
  // Offsets of x and y from an aligned dst: both aligned, one off, both off
  // by the same or by different amounts.
  const std::pair<std::size_t, std::size_t> offsets[] = {{0, 0}, {5, 0}, {0, 6}, {3, 3}, {5, 2}};
  const auto addr = [](const void* p) { return reinterpret_cast<std::uint64_t>(p); };
  for (std::size_t n : {1u, 31u, 100u, 1000u}) {
    for (const auto& [xo, yo] : offsets) {
      for (std::size_t i = 0; i < n; ++i) expected[i] = x[xo + i] ^ y[yo + i];
      const auto changed = testing::abi_violations(reinterpret_cast<const void*>(kernel().xor_bytes),
                                                   addr(dst.data()), addr(x.data() + xo), addr(y.data() + yo), n);
      EXPECT_TRUE(changed.empty()) << "n " << n << " offsets " << xo << "," << yo << ": "
                                   << ::testing::PrintToString(changed);
      EXPECT_TRUE(std::equal(dst.begin(), dst.begin() + static_cast<std::ptrdiff_t>(n), expected.begin()));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, KernelTest, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

TEST(XorBytes, PublicEntryUsesTheSelectedKernel) {
  const Case& c = cases().at(77);
  Bytes dst(77);
  EXPECT_EQ(fipsmod::subtle::xor_bytes(dst, c.x, c.y), 77u);
  EXPECT_EQ(dst, c.out);
  Bytes shorter(76);
  EXPECT_THROW(fipsmod::subtle::xor_bytes(shorter, c.x, c.y), fipsmod::error);
}

// What every kernel's known answer exercises: an odd length past every
// kernel's main loop (the input is x then y, each as long as the answer).
TEST(XorBytesKnownAnswers, ExerciseTheKernels) {
  const internal::Algorithm* xor_bytes = internal::find_algorithm("xor_bytes");
  ASSERT_NE(xor_bytes, nullptr);
  const internal::KnownAnswer& a = xor_bytes->answer;
  EXPECT_EQ(a.input.size(), 2 * a.expected.size());
  EXPECT_EQ(a.expected.size() % 2, 1u) << "an unaligned length";
  EXPECT_GT(a.expected.size(), 256u) << "long enough for every kernel's main loop";
}

}  // namespace
}  // namespace fipsmod::subtle
