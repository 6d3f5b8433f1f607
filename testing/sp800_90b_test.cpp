// The SP 800-90B estimators (sp800_90b.cpp) on sources whose min-entropy is
// known: worked examples small enough to check by hand, IID sources drawn
// from a seeded generator (uniform bytes; bits that are 1 with probability
// 0.8), and a Markov chain whose most likely sequence is known.
#include "testing/sp800_90b.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace fipsmod::testing::sp800_90b {
namespace {

std::vector<std::uint8_t> uniform_bytes(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(g() >> 56);
  return v;
}

std::vector<std::uint8_t> biased_bits(std::size_t n, double p_one, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::bernoulli_distribution one(p_one);
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = one(g) ? 1 : 0;
  return v;
}

TEST(Sp80090b, MostCommonValueWorkedExample) {
  // §6.3.1's shape on 20 samples: the mode (1) 8 times, p̂ = 0.4,
  // p_u = 0.4 + 2.576 sqrt(0.4 * 0.6 / 19) = 0.68952, H = 0.53634.
  const std::vector<std::uint8_t> s = {0, 1, 1, 2, 0, 1, 2, 2, 0, 1, 0, 1, 1, 0, 2, 2, 1, 0, 2, 1};
  EXPECT_NEAR(most_common_value(s), 0.53634, 1e-4);
}

TEST(Sp80090b, ToBitsIsMostSignificantFirst) {
  const std::vector<std::uint8_t> s = {0x81, 0x02};
  EXPECT_EQ(to_bits(s), (std::vector<std::uint8_t>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0}));
  EXPECT_EQ(to_bits(s, 2), (std::vector<std::uint8_t>{0, 1, 1, 0}));
}

TEST(Sp80090b, CollisionWorkedExample) {
  // Collision times from the start: (1,1) -> 2; (0,1,0) -> 3; (0,0) -> 2;
  // (1,0,0) -> 3, over 11 0 1 0 00 1 0 0 1 (the last bit unused). Mean
  // 2.5, sample sd sqrt(1/3) = 0.57735, lower bound 2.5 - 2.576 * 0.57735 / 2
  // = 1.75633: below 2, no solution on the low side: 0 bits.
  const std::vector<std::uint8_t> few = {1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1};
  EXPECT_DOUBLE_EQ(collision(few), 0.0);
  // Alternating bits: every time is 3, sd 0, bound 3 > 2.5: 1 bit.
  std::vector<std::uint8_t> alternating;
  for (int i = 0; i < 300; ++i) alternating.push_back(i % 2);
  EXPECT_DOUBLE_EQ(collision(alternating), 1.0);
  // 2,3 in turn 1,000 times (11 010 repeated): mean 2.5, sd 0.50013,
  // bound 2.5 - 2.576 * 0.50013 / sqrt(2000) = 2.47119; 2 + 2p(1-p) =
  // 2.47119 at p = 0.5 + sqrt(0.25 - 0.235595) = 0.62002: H = 0.68962.
  std::vector<std::uint8_t> pairs;
  for (int i = 0; i < 1000; ++i) pairs.insert(pairs.end(), {1, 1, 0, 1, 0});
  EXPECT_NEAR(collision(pairs), 0.68962, 1e-4);
}

TEST(Sp80090b, CollisionFormulaIsTheStandards) {
  // The standard's expression for the expected collision time equals the
  // closed form 2 + 2p(1-p) collision() solves.
  for (double p = 0.5; p < 0.999; p += 0.01) EXPECT_NEAR(collision_expected_time(p), 2 + 2 * p * (1 - p), 1e-9) << p;
}

TEST(Sp80090b, CollisionOnBiasedBits) {
  // IID bits, 1 with p = 0.8: the mean collision time is 2 + 2pq = 2.32;
  // the estimate solves for p from a lower bound on it, so it lands at or
  // a little below -log2(0.8) = 0.3219 (n = 10^6: within 0.02).
  const double h = collision(biased_bits(1000000, 0.8, 1));
  EXPECT_LE(h, 0.3219 + 0.005);
  EXPECT_GE(h, 0.3219 - 0.02);
}

TEST(Sp80090b, MarkovWorkedExample) {
  // 0,0,0,1 repeated 25 times (100 bits): P1 = 0.25, P0 = 0.75;
  // transitions 0->0: 50, 0->1: 25, 1->0: 24, 1->1: 0, so P00 = 2/3,
  // P01 = 1/3, P10 = 1, P11 = 0. The most likely 128-bit sequence is all
  // zeros, P0 * P00^127 (log2: -0.41504 - 127 * 0.58496 = -74.70523), or
  // 1 then zeros, P1 * P10 * P00^126 (-2 - 73.70527 = -75.70527): the
  // first, so H = 74.70523 / 128 = 0.58363.
  std::vector<std::uint8_t> bits;
  for (int i = 0; i < 25; ++i) bits.insert(bits.end(), {0, 0, 0, 1});
  EXPECT_NEAR(markov(bits), 0.58363, 1e-4);
}

TEST(Sp80090b, MarkovOnAKnownChain) {
  // A chain that stays on its bit with probability 0.9: the most likely
  // sequences are the constant ones, 0.5 * 0.9^127: H = 0.19527 (+0.0078
  // for the start), within sampling error at n = 10^6.
  std::mt19937_64 g(2);
  std::bernoulli_distribution stay(0.9);
  std::vector<std::uint8_t> bits(1000000);
  std::uint8_t b = 0;
  for (auto& x : bits) {
    if (!stay(g)) b ^= 1;
    x = b;
  }
  const double expected = -(std::log2(0.5) + 127 * std::log2(0.9)) / 128;
  EXPECT_NEAR(markov(bits), expected, 0.005);
}

TEST(Sp80090b, TTupleWorkedExample) {
  // The symbols 1,2,3 repeated 37 times (111 samples): the most common
  // t-tuple occurs once every three positions, at least 35 times up to
  // t = 9 (positions 0, 3, ..., 102 of the 103: 35 times), 34 at t = 10,
  // where the search stops. P[t]^(1/t) grows with t: at t = 9 it is
  // (35/103)^(1/9) = 0.88698, the largest; p_u = 0.88698 + 2.576
  // sqrt(0.88698 * 0.11302 / 110) = 0.96475, H = 0.05178.
  std::vector<std::uint8_t> s;
  for (int i = 0; i < 37; ++i) s.insert(s.end(), {1, 2, 3});
  EXPECT_NEAR(t_tuple(s), 0.05178, 1e-5);
  // Past t = 16 the search stops (sp800_90b.hpp): 1,2,3 120 times would
  // take it to t = 18 and 0.00421 bits; capped, (35/105)^(1/16) = 0.93364,
  // H = 0.01098, as far below any claim.
  std::vector<std::uint8_t> longer;
  for (int i = 0; i < 40; ++i) longer.insert(longer.end(), {1, 2, 3});
  EXPECT_NEAR(t_tuple(longer), 0.01098, 1e-5);
}

TEST(Sp80090b, CompressionIsTheStandardsDoubleSum) {
  // compression() regroups step 7's double sum by u and stops where the
  // terms vanish; on 2,200 blocks of bits that are 1 with probability 0.8
  // it gives what the sum as the standard writes it gives (0.172003,
  // computed once by a plain double loop, which takes seconds).
  std::mt19937_64 g(7);
  std::vector<std::uint8_t> bits(6 * 2200);
  for (auto& x : bits) x = g() % 5 != 0;
  EXPECT_NEAR(compression(bits), 0.172003, 1e-6);
}

TEST(Sp80090b, UniformBytesEstimateNearEightBits) {
  const auto e = estimate(uniform_bytes(200000, 3));
  // The most common of 256 values in 2 x 10^5 samples (kept small for
  // qemu), with its upper bound: about 7.74 bits. (At 10^6: 7.88.)
  EXPECT_GT(e.mcv, 7.6);
  // Pairs: the most common of 65,536 occurs fewer than 35 times in
  // 2 x 10^5, so t stops at 1 and the estimate is MCV's. (At 10^6 pairs
  // reach 35, P[2]^(1/2) is about sqrt(35e-6): 7.4 bits.)
  EXPECT_GT(e.t_tuple, 7.2);
  EXPECT_GT(e.bits_mcv, 0.99);
  EXPECT_GT(e.bits_markov, 0.99);
  EXPECT_GT(e.bits_collision, 0.9);
  // The compression estimate is the standard's most conservative, and
  // near full entropy its noisiest (its expected value peaks there, so a
  // small change in the statistic moves p a lot): 0.78 to 0.98 a bit on
  // full-entropy input of 1.2 x 10^5 to 8 x 10^6 bits.
  EXPECT_GT(e.bits_compression, 0.75);
  EXPECT_GT(e.h, 6.8);
  EXPECT_LE(e.h, 8.0);
}

TEST(Sp80090b, BiasedBitsEstimateNearTheirMinEntropy) {
  // IID bits, 1 with p = 0.8: min-entropy -log2(0.8) = 0.3219 a bit. Every
  // estimator comes out near it (the bounds make them a little lower);
  // none above.
  const auto bits = biased_bits(1000000, 0.8, 4);
  const double h = -std::log2(0.8);
  EXPECT_NEAR(most_common_value(bits), h, 0.01);
  EXPECT_LE(most_common_value(bits), h);
  EXPECT_NEAR(markov(bits), h, 0.01);
  // The compression estimate fits a model (one likely 6-bit block, the
  // rest equally likely) these blocks do not follow: it comes out lower,
  // about 0.19.
  EXPECT_LE(compression(bits), h);
  EXPECT_GE(compression(bits), 0.15);
  // As 8-bit symbols (eight of those bits each): 8 * 0.32 = 2.58 bits, by
  // the compression estimate about 1.5.
  std::vector<std::uint8_t> symbols(bits.size() / 8);
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    for (int j = 0; j < 8; ++j) symbols[i] = static_cast<std::uint8_t>(symbols[i] << 1 | bits[8 * i + j]);
  }
  const auto e = estimate(symbols);
  EXPECT_LE(e.h, 8 * h + 0.05);
  EXPECT_GE(e.h, 8 * 0.15);
}

TEST(Sp80090b, ConstantSourceEstimatesZero) {
  const std::vector<std::uint8_t> s(100000, 0x5a);
  const auto e = estimate(s);
  EXPECT_NEAR(e.mcv, 0.0, 1e-3);
  EXPECT_NEAR(e.h, 0.0, 1e-2);
}

}  // namespace
}  // namespace fipsmod::testing::sp800_90b
