// MD5 over many messages at once: every usable lanes kernel through the
// dispatcher (lanes::sum_many_on that kernel, with the selected
// single-stream kernel for what the lanes leave), against OpenSSL's
// single-stream MD5() and fipsmod's selected single-stream kernel hashing
// the same messages one after another.
// MD5Lanes/<case>/<column>; bytes processed are all the messages' bytes, so
// MB/s is the aggregate throughput (docs/md5-lanes.md).
#define OPENSSL_SUPPRESS_DEPRECATED  // MD5(): the shortest path to its assembly
#include <benchmark/benchmark.h>
#include <openssl/md5.h>

#include <array>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "md5/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

struct Case {
  std::string name;
  std::vector<std::size_t> lengths;
};

std::vector<Case> cases() {
  std::vector<Case> out = {
      {"Equal16x8K", std::vector<std::size_t>(16, 8192)},
      {"Equal32x8K", std::vector<std::size_t>(32, 8192)},
      {"Equal32x32K", std::vector<std::size_t>(32, 32768)},
      {"Equal64x8K", std::vector<std::size_t>(64, 8192)},
      {"Equal4x8K", std::vector<std::size_t>(4, 8192)},
  };
  // Messages of 1 KiB to 64 KiB (mean 32.5 KiB, as the Equal..x32K cases),
  // fixed seed: as many as the widest kernel has lanes, and eight times as
  // many, where lanes freed by short messages take on waiting ones.
  std::mt19937_64 rng(1321);
  for (int count : {32, 256}) {
    Case unequal{"Unequal" + std::to_string(count) + "x1Kto64K", {}};
    for (int i = 0; i < count; ++i) unequal.lengths.push_back(1024 + rng() % (63 * 1024 + 1));
    out.push_back(unequal);
  }
  out.push_back({"Equal256x32K", std::vector<std::size_t>(256, 32768)});
  return out;
}

const std::vector<std::uint8_t>& buffer() {
  static const std::vector<std::uint8_t> b = [] {
    std::vector<std::uint8_t> v(256 * 65536);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::uint8_t>(i * 13 + (i >> 11));
    return v;
  }();
  return b;
}

// The messages of a case: consecutive pieces of one buffer.
std::vector<std::span<const std::uint8_t>> messages(const Case& c) {
  std::vector<std::span<const std::uint8_t>> out;
  std::size_t at = 0;
  for (std::size_t n : c.lengths) {
    out.push_back(std::span(buffer()).subspan(at, n));
    at += n;
  }
  return out;
}

void register_lanes_benchmarks() {
  for (const Case& c : cases()) {
    const auto msgs = messages(c);
    std::int64_t total = 0;
    for (auto m : msgs) total += static_cast<std::int64_t>(m.size());
    for (const md5::lanes::Kernel* k : md5::lanes::kernels().usable()) {
      const std::string name = "MD5Lanes/" + c.name + "/" + k->name;
      benchmark::RegisterBenchmark(name.c_str(), [msgs, total, k](benchmark::State& state) {
        std::vector<std::uint8_t> out(msgs.size() * md5::Md5::size);
        const internal::lanes::Messages all{msgs.size(),
                                [](const void* self, std::size_t i) noexcept {
                                  return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                                },
                                msgs.data()};
        for (auto _ : state) {
          internal::lanes::sum_many_on<md5::Md5>(*k, md5::kernels().selected(), all, out.data());
          benchmark::DoNotOptimize(out.data());
          benchmark::ClobberMemory();
        }
        state.SetBytesProcessed(state.iterations() * total);
      });
    }
    benchmark::RegisterBenchmark(("MD5Lanes/" + c.name + "/openssl").c_str(), [msgs, total](benchmark::State& state) {
      unsigned char out[MD5_DIGEST_LENGTH];
      for (auto _ : state) {
        for (auto m : msgs) {
          MD5(m.data(), m.size(), out);
          benchmark::DoNotOptimize(out);
        }
      }
      state.SetBytesProcessed(state.iterations() * total);
    });
    benchmark::RegisterBenchmark(("MD5Lanes/" + c.name + "/single-" + md5::kernels().selected().name).c_str(),
                                 [msgs, total](benchmark::State& state) {
                                   const md5::Kernel& selected = md5::kernels().selected();
                                   std::array<std::uint8_t, md5::Md5::size> out;
                                   for (auto _ : state) {
                                     for (auto m : msgs) {
                                       internal::hash::digest<md5::Md5>(selected, m, out);
                                       benchmark::DoNotOptimize(out);
                                     }
                                   }
                                   state.SetBytesProcessed(state.iterations() * total);
                                 });
  }
}

const Suite suite(register_lanes_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
