// NIST SP 800-90B §6.3 non-IID estimators, written from the standard's
// text (each step numbered as there). Plain and unhurried where that keeps
// them easy to check against the standard; linear in the sample size
// except where noted.
#include "testing/sp800_90b.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace fipsmod::testing::sp800_90b {

namespace {

// The 99% (one-sided: 2.576 is the spec's constant) upper bound on a
// proportion p̂ from n samples, capped at 1.
double upper_bound(double p, double n) { return std::min(1.0, p + 2.576 * std::sqrt(p * (1.0 - p) / (n - 1.0))); }

// The p in [lo, hi] where f (monotone over the range) equals target, by
// bisection; nullopt-like: returns -1 when target is outside f's range there.
double solve(const std::function<double(double)>& f, double target, double lo, double hi) {
  double flo = f(lo), fhi = f(hi);
  const bool decreasing = flo > fhi;
  if (decreasing ? (target > flo || target < fhi) : (target < flo || target > fhi)) return -1.0;
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (lo + hi);
    const double fm = f(mid);
    if ((fm > target) == decreasing) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

}  // namespace

std::vector<std::uint8_t> to_bits(std::span<const std::uint8_t> samples, unsigned width) {
  std::vector<std::uint8_t> bits;
  bits.reserve(samples.size() * width);
  for (const std::uint8_t s : samples) {
    for (unsigned b = width; b-- > 0;) bits.push_back((s >> b) & 1);
  }
  return bits;
}

double most_common_value(std::span<const std::uint8_t> samples) {
  std::array<std::size_t, 256> count{};
  for (const std::uint8_t s : samples) ++count[s];
  const double n = static_cast<double>(samples.size());
  const double p = static_cast<double>(*std::max_element(count.begin(), count.end())) / n;
  return -std::log2(upper_bound(p, n));
}

double collision(std::span<const std::uint8_t> bits) {
  // Steps 1-2: the times to the first repeated value, from each index on:
  // with two symbols, 2 when the next bit repeats this one, else 3.
  std::vector<double> t;
  const std::size_t L = bits.size();
  std::size_t index = 0;
  while (index + 1 < L) {
    if (bits[index] == bits[index + 1]) {
      t.push_back(2);
      index += 2;
    } else if (index + 2 < L) {
      t.push_back(3);
      index += 3;
    } else {
      break;
    }
  }
  // Step 3: their mean and standard deviation; step 4: the lower bound.
  const double v = static_cast<double>(t.size());
  double sum = 0, sq = 0;
  for (const double x : t) sum += x;
  const double mean = sum / v;
  for (const double x : t) sq += (x - mean) * (x - mean);
  const double sigma = std::sqrt(sq / (v - 1));
  const double lower = mean - 2.576 * sigma / std::sqrt(v);
  // Step 5: solve lower = p q^-2 (1 + (p^-1 - q^-1) / 2) F(q) - p q^-1 (p^-1 - q^-1) / 2
  // for p in [0.5, 1], where F(q) = Γ(3, 1/q) q^-3 e^(1/q) = 2q^3 + 2q^2 + q.
  // The right-hand side simplifies to 2 + 2pq (the mean collision time of
  // bits that are 1 with probability p: 2 with probability p^2 + q^2, else
  // 3), computed so, without the standard's form's cancellation near p = 1
  // (CollisionFormulaIsTheStandards checks the two agree). It falls from
  // 2.5 at p = 0.5 to 2 at p = 1. Above 2.5 there is no solution and the
  // standard's estimate is 1 bit; below 2 (more repeats than even a
  // constant source makes, by the bound) none either, and the estimate
  // here is 0, the conservative end.
  if (lower >= 2.5) return 1.0;
  if (lower <= 2.0) return 0.0;
  // 2 + 2p(1-p) = lower, p >= 0.5.
  const double p = 0.5 + std::sqrt(0.25 - (lower - 2) / 2);
  return -std::log2(p);
}

double collision_expected_time(double p) {
  const double q = 1 - p;
  const double F = 2 * q * q * q + 2 * q * q + q;
  return p / (q * q) * (1 + 0.5 * (1 / p - 1 / q)) * F - p / q * 0.5 * (1 / p - 1 / q);
}

double markov(std::span<const std::uint8_t> bits) {
  const std::size_t L = bits.size();
  // Step 1: the initial probabilities; step 2: the transition probabilities.
  double ones = 0;
  for (const std::uint8_t b : bits) ones += b;
  const double P1 = ones / static_cast<double>(L), P0 = 1 - P1;
  double o[2][2] = {};
  for (std::size_t i = 0; i + 1 < L; ++i) o[bits[i]][bits[i + 1]] += 1;
  const auto ratio = [](double a, double b) { return a + b == 0 ? 0.0 : a / (a + b); };
  const double P00 = ratio(o[0][0], o[0][1]), P01 = 1 - P00;
  const double P11 = ratio(o[1][1], o[1][0]), P10 = 1 - P11;
  // Step 3: the most likely 128-bit sequences (log2 of each probability).
  const auto lg = [](double x) { return x <= 0 ? -INFINITY : std::log2(x); };
  const double candidates[] = {
      lg(P0) + 127 * lg(P00),                 // 00...0
      lg(P0) + 64 * lg(P01) + 63 * lg(P10),   // 0101...01
      lg(P0) + lg(P01) + 126 * lg(P11),       // 011...1
      lg(P1) + lg(P10) + 126 * lg(P00),       // 100...0
      lg(P1) + 64 * lg(P10) + 63 * lg(P01),   // 1010...10
      lg(P1) + 127 * lg(P11),                 // 11...1
  };
  const double most = *std::max_element(std::begin(candidates), std::end(candidates));
  // Step 4.
  return std::min(-most / 128, 1.0);
}

double compression(std::span<const std::uint8_t> bits) {
  constexpr unsigned b = 6;
  constexpr std::size_t d = 1000;
  // Step 1: 6-bit blocks.
  const std::size_t blocks = bits.size() / b;
  if (blocks <= d + 1) return 1.0;
  std::vector<std::uint8_t> s(blocks);
  for (std::size_t i = 0; i < blocks; ++i) {
    unsigned x = 0;
    for (unsigned j = 0; j < b; ++j) x = (x << 1) | bits[i * b + j];
    s[i] = static_cast<std::uint8_t>(x);
  }
  // Steps 2-4: the dictionary (last index of each block value, 1-based),
  // then the distances D_i for the v test blocks.
  const std::size_t v = blocks - d;
  std::array<std::size_t, 1u << b> dict{};
  for (std::size_t i = 1; i <= d; ++i) dict[s[i - 1]] = i;
  double sum = 0, sq = 0;
  for (std::size_t i = d + 1; i <= d + v; ++i) {
    const std::size_t last = dict[s[i - 1]];
    const double D = static_cast<double>(last != 0 ? i - last : i);
    dict[s[i - 1]] = i;
    const double l = std::log2(D);
    sum += l;
    sq += l * l;
  }
  // Step 5: mean and (scaled) standard deviation; step 6: the lower bound.
  const double vv = static_cast<double>(v);
  const double mean = sum / vv;
  const double sigma = 0.5907 * std::sqrt(std::max(0.0, sq / (vv - 1) - mean * mean));
  const double lower = mean - 2.576 * sigma / std::sqrt(vv);
  // Step 7: G(z) = (1/v) sum_{t=d+1}^{d+v} sum_{u=1}^{t} log2(u) F(z, t, u),
  // F = z^2 (1-z)^(u-1) for u < t, z (1-z)^(t-1) for u = t. The inner sums
  // regrouped by u: the u < t terms count once for each t in
  // (max(d, u), d+v]; terms stop when (1-z)^(u-1) no longer matters.
  const std::size_t last_t = d + v;
  std::vector<double> log2_of;  // log2(u), filled as far as the sums reach
  const auto lg = [&](std::size_t u) {
    while (log2_of.size() <= u) log2_of.push_back(std::log2(static_cast<double>(log2_of.size())));
    return log2_of[u];
  };
  const auto G = [&](double z) {
    double total = 0;
    double w = 1;  // (1-z)^(u-1)
    for (std::size_t u = 1; u < last_t && w > 1e-25; ++u) {
      const double times = static_cast<double>(last_t - std::max(d, u));
      total += lg(u) * z * z * w * times;
      w *= 1 - z;
    }
    w = std::exp(static_cast<double>(d) * std::log1p(-z));  // (1-z)^d, for t = d+1
    for (std::size_t t = d + 1; t <= last_t && w > 1e-25; ++t) {
      total += lg(t) * z * w;
      w *= 1 - z;
    }
    return total / vv;
  };
  const double k = static_cast<double>(1u << b);
  const auto expected = [&](double p) { return G(p) + (k - 1) * G((1 - p) / (k - 1)); };
  // No solution above the range (more spread than uniform blocks): 1 bit,
  // as the standard says; below it (fewer than a constant source): 0.
  if (lower >= expected(1 / k)) return 1.0;
  if (lower <= expected(1 - 1e-9)) return 0.0;
  const double p = solve(expected, lower, 1 / k, 1 - 1e-9);
  return -std::log2(p) / b;
}

namespace {

// The count of the most common t-tuple of `samples` (t consecutive
// symbols), exactly: an open-addressing table of the tuples' first
// positions, found by a hash and compared whole.
std::size_t most_common_tuple(std::span<const std::uint8_t> samples, std::size_t t) {
  const std::size_t n = samples.size() - t + 1;
  std::size_t size = 1;
  while (size < 2 * n) size *= 2;
  constexpr std::size_t empty = ~std::size_t{0};
  std::vector<std::size_t> first(size, empty);
  std::vector<std::uint32_t> count(size);
  std::size_t most = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t h = 0xcbf29ce484222325u;  // FNV-1a
    for (std::size_t j = 0; j < t; ++j) h = (h ^ samples[i + j]) * 0x100000001b3u;
    std::size_t at = static_cast<std::size_t>(h ^ (h >> 29)) & (size - 1);
    while (first[at] != empty &&
           !std::equal(samples.begin() + i, samples.begin() + i + t, samples.begin() + first[at])) {
      at = (at + 1) & (size - 1);
    }
    if (first[at] == empty) first[at] = i;
    most = std::max<std::size_t>(most, ++count[at]);
  }
  return most;
}

}  // namespace

double t_tuple(std::span<const std::uint8_t> samples) {
  // Steps 1-2: Q[t], the count of the most common t-tuple, for t = 1, 2, ...
  // while it is at least 35, up to max_tuple (sp800_90b.hpp: why).
  const std::size_t L = samples.size();
  double best = 0;
  for (std::size_t t = 1; t <= L && t <= max_tuple; ++t) {
    const std::size_t most = most_common_tuple(samples, t);
    if (most < 35) break;
    // Step 3: P[t] = Q[t] / (L - t + 1), P_max[t] = P[t]^(1/t).
    const double P = static_cast<double>(most) / static_cast<double>(L - t + 1);
    best = std::max(best, std::pow(P, 1.0 / static_cast<double>(t)));
  }
  if (best == 0) return 8.0;
  // Steps 4-5.
  return -std::log2(upper_bound(best, static_cast<double>(L)));
}

Estimates estimate(std::span<const std::uint8_t> samples, unsigned width) {
  Estimates e{};
  const auto bits = to_bits(samples, width);
  e.mcv = most_common_value(samples);
  e.t_tuple = t_tuple(samples);
  e.bits_mcv = most_common_value(bits);
  e.bits_collision = collision(bits);
  e.bits_markov = markov(bits);
  e.bits_compression = compression(bits);
  e.bits_t_tuple = 1.0;  // not run on the bitstring (docs/entropy.md)
  e.h_original = std::min({e.mcv, e.t_tuple, static_cast<double>(width)});
  e.h_bitstring = std::min({e.bits_mcv, e.bits_collision, e.bits_markov, e.bits_compression, 1.0});
  e.h = std::min(e.h_original, width * e.h_bitstring);
  return e;
}

}  // namespace fipsmod::testing::sp800_90b
