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

// A family of benchmarks registers itself from its own file, so that a new
// one is a new file: `const Suite md5_suite(register_md5_benchmarks);` at
// namespace scope. main() registers every suite's benchmarks, in no
// particular order (bench/compare and the JSON output go by name).
class Suite {
 public:
  explicit Suite(void (*register_benchmarks)());
  static void register_all();
};

}  // namespace fipsmod::bench
