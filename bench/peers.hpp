// The implementations a benchmark compares: every usable fipsmod kernel and
// the peers (OpenSSL, Botan, and plain-code baselines), each a named
// "column". A benchmark name is FAMILY/CASE/COLUMN so that bench/compare can
// set any two columns side by side.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fipsmod::bench {

// Hashes n bytes at p from a fresh state and writes the 16-byte digest: one
// "reset, write, sum" as Go's crypto/md5 benchmarks do it.
using HashOnce = std::function<void(const std::uint8_t* p, std::size_t n, std::uint8_t* out)>;
struct Md5Column {
  std::string name;
  HashOnce hash;
};
std::vector<Md5Column> md5_columns();

// dst[i] = x[i] ^ y[i] for i < n.
using XorOnce = std::function<void(std::uint8_t* dst, const std::uint8_t* x, const std::uint8_t* y, std::size_t n)>;
struct XorColumn {
  std::string name;
  XorOnce run;
};
std::vector<XorColumn> xor_columns();

void register_md5_benchmarks();
void register_xor_benchmarks();

}  // namespace fipsmod::bench
