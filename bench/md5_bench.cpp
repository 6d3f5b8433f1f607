// MD5 benchmarks, named as Go's crypto/md5 ones so the figures line up with
// the Go tables: each iteration resets, writes `size` bytes and sums;
// "Unaligned" reads from one byte past an aligned buffer.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <vector>

#include "peers.hpp"

namespace fipsmod::bench {

namespace {

void register_md5_benchmarks() {
  struct Case {
    const char* name;
    std::size_t size;
    std::size_t offset;
  };
  static constexpr Case kCases[] = {
      {"Hash8Bytes", 8, 0},         {"Hash64", 64, 0},          {"Hash128", 128, 0},
      {"Hash256", 256, 0},          {"Hash512", 512, 0},        {"Hash1K", 1024, 0},
      {"Hash8K", 8192, 0},          {"Hash1M", 1 << 20, 0},     {"Hash8M", 8 << 20, 0},
      {"Hash8BytesUnaligned", 8, 1}, {"Hash1KUnaligned", 1024, 1}, {"Hash8KUnaligned", 8192, 1},
  };
  // One buffer for all: 8 MiB and the offset byte, filled with a pattern.
  static std::vector<std::uint8_t> buffer = [] {
    std::vector<std::uint8_t> b((8 << 20) + 1);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<std::uint8_t>(i * 7 + (i >> 9));
    return b;
  }();
  for (const Case& c : kCases) {
    for (const Md5Column& column : md5_columns()) {
      const std::string name = std::string(c.name) + "/" + column.name;
      benchmark::RegisterBenchmark(name.c_str(), [c, hash = column.hash](benchmark::State& state) {
        std::array<std::uint8_t, 16> out{};
        const std::uint8_t* p = buffer.data() + c.offset;
        for (auto _ : state) {
          hash(p, c.size, out.data());
          benchmark::DoNotOptimize(out);
          benchmark::ClobberMemory();
        }
        state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.size));
      });
    }
  }
}

const Suite suite(register_md5_benchmarks);

}  // namespace

}  // namespace fipsmod::bench
