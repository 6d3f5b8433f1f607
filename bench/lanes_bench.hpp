// A hash over many messages at once, written once for every hash with
// lanes kernels (md5_lanes_bench.cpp, sha256_lanes_bench.cpp): every usable
// lanes kernel through the dispatcher (lanes::sum_many_on that kernel, with
// the selected single-stream kernel for what the lanes leave), the
// module's own path ("module": the services' chain, the selected lanes
// kernel and down the list as lanes drain, lanes::KernelChain::selected,
// without the gate), against OpenSSL's single-stream one-shot and
// fipsmod's selected single-stream kernel hashing the same messages one
// after another.
// <Prefix>/<case>/<column>; bytes processed are all the messages' bytes,
// so MB/s is the aggregate throughput (docs/md5-lanes.md,
// docs/sha256-lanes.md).
#pragma once

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/lanes.hpp"

namespace fipsmod::bench::lanes {

struct Case {
  std::string name;
  std::vector<std::size_t> lengths;
};

// count messages of `size` bytes: "Equal<count>x<size / 1024>K".
inline Case equal(std::size_t count, std::size_t size) {
  return {"Equal" + std::to_string(count) + "x" + std::to_string(size / 1024) + "K", std::vector<std::size_t>(count, size)};
}

// `count` messages of 1 KiB to 64 KiB (mean 32.5 KiB) from `rng` (a fixed
// seed, 1321).
inline Case unequal(std::mt19937_64& rng, int count) {
  Case c{"Unequal" + std::to_string(count) + "x1Kto64K", {}};
  for (int i = 0; i < count; ++i) c.lengths.push_back(1024 + rng() % (63 * 1024 + 1));
  return c;
}

inline const std::vector<std::uint8_t>& buffer() {
  static const std::vector<std::uint8_t> b = [] {
    std::vector<std::uint8_t> v(256 * 65536);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::uint8_t>(i * 13 + (i >> 11));
    return v;
  }();
  return b;
}

// The messages of a case: consecutive pieces of one buffer.
inline std::vector<std::span<const std::uint8_t>> messages(const Case& c) {
  std::vector<std::span<const std::uint8_t>> out;
  std::size_t at = 0;
  for (std::size_t n : c.lengths) {
    out.push_back(std::span(buffer()).subspan(at, n));
    at += n;
  }
  return out;
}

// Registers <prefix>/<case>/<lanes kernel> for every usable lanes kernel,
// <prefix>/<case>/module (the chain the services run),
// <prefix>/<case>/openssl (`openssl` on each message) and
// <prefix>/<case>/single-<selected single-stream kernel>.
template <class H, class OpenSsl>
void register_benchmarks(const std::string& prefix, const std::vector<Case>& cases,
                         const internal::KernelList<internal::lanes::KernelOf<H>>& lanes, OpenSsl openssl) {
  for (const Case& c : cases) {
    const auto msgs = messages(c);
    std::int64_t total = 0;
    for (auto m : msgs) total += static_cast<std::int64_t>(m.size());
    for (const auto* k : lanes.usable()) {
      const std::string name = prefix + "/" + c.name + "/" + k->name;
      benchmark::RegisterBenchmark(name.c_str(), [msgs, total, k](benchmark::State& state) {
        std::vector<std::uint8_t> out(msgs.size() * H::size);
        const internal::lanes::Messages all{msgs.size(),
                                            [](const void* self, std::size_t i) noexcept {
                                              return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                                            },
                                            msgs.data()};
        for (auto _ : state) {
          internal::lanes::sum_many_on<H>(*k, H::kernels().selected(), all, out.data());
          benchmark::DoNotOptimize(out.data());
          benchmark::ClobberMemory();
        }
        state.SetBytesProcessed(state.iterations() * total);
      });
    }
    const std::string module = prefix + "/" + c.name + "/module";
    benchmark::RegisterBenchmark(module.c_str(), [msgs, total, list = &lanes](benchmark::State& state) {
      std::vector<std::uint8_t> out(msgs.size() * H::size);
      const internal::lanes::Messages all{msgs.size(),
                                          [](const void* self, std::size_t i) noexcept {
                                            return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                                          },
                                          msgs.data()};
      for (auto _ : state) {
        internal::lanes::sum_many_on<H>(internal::lanes::KernelChain<H>::selected(*list), H::kernels().selected(), all,
                                        out.data());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
      }
      state.SetBytesProcessed(state.iterations() * total);
    });
    benchmark::RegisterBenchmark((prefix + "/" + c.name + "/openssl").c_str(), [msgs, total, openssl](benchmark::State& state) {
      std::array<std::uint8_t, H::size> out;
      for (auto _ : state) {
        for (auto m : msgs) {
          openssl(m.data(), m.size(), out.data());
          benchmark::DoNotOptimize(out);
        }
      }
      state.SetBytesProcessed(state.iterations() * total);
    });
    benchmark::RegisterBenchmark((prefix + "/" + c.name + "/single-" + H::kernels().selected().name).c_str(),
                                 [msgs, total](benchmark::State& state) {
                                   const auto& selected = H::kernels().selected();
                                   std::array<std::uint8_t, H::size> out;
                                   for (auto _ : state) {
                                     for (auto m : msgs) {
                                       internal::hash::digest<H>(selected, m, out);
                                       benchmark::DoNotOptimize(out);
                                     }
                                   }
                                   state.SetBytesProcessed(state.iterations() * total);
                                 });
  }
}

}  // namespace fipsmod::bench::lanes
