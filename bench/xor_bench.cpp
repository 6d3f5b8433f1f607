// XOR benchmarks, named as Go's crypto/subtle ones: XORBytes/<n>Bytes on
// separate aligned buffers, and XORBytesAlignment/<n>Bytes<k>Offset with dst
// and x both k bytes past alignment and y aligned.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "peers.hpp"

namespace fipsmod::bench {
namespace {

struct Buffers {
  std::vector<std::uint64_t> dst, x, y;  // uint64_t storage: 8-aligned starts
  explicit Buffers(std::size_t bytes) : dst(bytes / 8 + 2), x(bytes / 8 + 2), y(bytes / 8 + 2) {
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] = 0x9e3779b97f4a7c15 * (i + 1);
      y[i] = 0xbf58476d1ce4e5b9 * (i + 3);
    }
  }
  std::uint8_t* bytes(std::vector<std::uint64_t>& v, std::size_t offset) {
    return reinterpret_cast<std::uint8_t*>(v.data()) + offset;
  }
};

void add(const std::string& name, XorOnce run, std::size_t size, std::size_t offset) {
  benchmark::RegisterBenchmark(name.c_str(), [run, size, offset](benchmark::State& state) {
    Buffers b(size + 8);
    std::uint8_t* dst = b.bytes(b.dst, offset);
    const std::uint8_t* x = b.bytes(b.x, offset);
    const std::uint8_t* y = b.bytes(b.y, 0);
    for (auto _ : state) {
      run(dst, x, y, size);
      benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
  });
}

}  // namespace

namespace {

void register_xor_benchmarks() {
  const std::vector<XorColumn> columns = xor_columns();
  for (std::size_t size : {8, 128, 2048, 8192, 32768}) {
    for (const XorColumn& c : columns) add("XORBytes/" + std::to_string(size) + "Bytes/" + c.name, c.run, size, 0);
  }
  for (std::size_t size : {8, 128, 2048}) {
    for (std::size_t offset = 0; offset < 8; ++offset) {
      for (const XorColumn& c : columns) {
        add("XORBytesAlignment/" + std::to_string(size) + "Bytes" + std::to_string(offset) + "Offset/" + c.name,
            c.run, size, offset);
      }
    }
  }
}

const Suite suite(register_xor_benchmarks);

}  // namespace

}  // namespace fipsmod::bench
