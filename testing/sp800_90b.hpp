// NIST SP 800-90B §6.3: the non-IID min-entropy estimators, as test support
// (not in the module). Each returns the estimated min-entropy per sample in
// bits. `samples` holds one symbol a byte; `bits` (binary estimators) holds
// one bit a byte (0 or 1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace fipsmod::testing::sp800_90b {

// §6.3.1: the most common value, with the upper 99% confidence bound on
// its probability.
double most_common_value(std::span<const std::uint8_t> samples);
// §6.3.2: the collision estimate (binary input), and the standard's
// expected collision time for bits that are 1 with probability p, as it
// writes it (collision() uses its closed form).
double collision(std::span<const std::uint8_t> bits);
double collision_expected_time(double p);
// §6.3.3: the Markov estimate (binary input): the most likely 128-bit
// sequence of a first-order Markov model fitted to the input, per bit.
double markov(std::span<const std::uint8_t> bits);
// §6.3.4: the compression estimate (binary input): Maurer's universal
// statistic over 6-bit blocks, with a 1,000-block dictionary.
double compression(std::span<const std::uint8_t> bits);
// §6.3.5: the t-tuple estimate on symbols, with t at most max_tuple: a
// sample whose most common 16-tuple still occurs 35 times in L samples
// already estimates at most -log2((35/L)^(1/16)) bits (0.92 at L = 10^6,
// below any claim the tests accept), and a longer t could only lower it;
// the cap keeps a constant source from taking the search to t = L - 34.
inline constexpr std::size_t max_tuple = 16;
double t_tuple(std::span<const std::uint8_t> samples);

// §6.1 step 3 / §3.1.3: a sample of `width`-bit symbols as a bitstring,
// each symbol most significant bit first.
std::vector<std::uint8_t> to_bits(std::span<const std::uint8_t> samples, unsigned width = 8);

// Every estimate above, on the symbols and on their bitstring, and the
// §3.1.3 result: min(H_original, width * H_bitstring).
struct Estimates {
  double mcv, t_tuple;                                          // on the symbols
  double bits_mcv, bits_collision, bits_markov, bits_compression, bits_t_tuple;  // per bit
  double h_original, h_bitstring, h;                            // h per symbol
};
Estimates estimate(std::span<const std::uint8_t> samples, unsigned width = 8);

}  // namespace fipsmod::testing::sp800_90b
