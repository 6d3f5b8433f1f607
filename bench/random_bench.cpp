// The module's DRBG against OpenSSL's RAND_bytes and getrandom(2), in one
// run: RandomBytes/<n>/<column> for n = 16, 32 and 4096 bytes, one call an
// iteration, on one thread and on two (Google Benchmark's /threads:2, each
// thread with its own DRBG here, OpenSSL's per-thread DRBGs there).
// Columns: fipsmod (fipsmod_random_bytes: gate, indicator, the thread's
// CTR_DRBG), openssl (RAND_bytes, its default public DRBG), getrandom (the
// system call, flags 0). And RandomFirstSeed/32: the cost of a first seed,
// each iteration with a fresh entropy source and fresh DRBGs
// (entropy::reset_for_testing, drbg::process::reset_for_testing): the
// source's start-up health test, the parent's and the thread's
// instantiation and the first 32 bytes, in microseconds.
#include <benchmark/benchmark.h>

#include <openssl/rand.h>
#include <sys/random.h>

#include <functional>
#include <string>
#include <vector>

#include <fipsmod/random.h>

#include "drbg/random.hpp"
#include "entropy/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

using Fill = std::function<bool(std::uint8_t* out, std::size_t n)>;

struct RandomColumn {
  std::string name;
  Fill fill;
};

std::vector<RandomColumn> random_columns() {
  return {
      {"fipsmod", [](std::uint8_t* out, std::size_t n) { return fipsmod_random_bytes(out, n) == FIPSMOD_OK; }},
      {"openssl", [](std::uint8_t* out, std::size_t n) { return RAND_bytes(out, static_cast<int>(n)) == 1; }},
      {"getrandom",
       [](std::uint8_t* out, std::size_t n) { return ::getrandom(out, n, 0) == static_cast<ssize_t>(n); }},
  };
}

void register_random_benchmarks() {
  for (const RandomColumn& c : random_columns()) {
    for (const std::size_t n : {16u, 32u, 4096u}) {
      const std::string name = "RandomBytes/" + std::to_string(n) + "/" + c.name;
      const Fill fill = c.fill;
      auto* b = benchmark::RegisterBenchmark(name.c_str(), [fill, n](benchmark::State& state) {
        std::vector<std::uint8_t> out(n);
        if (!fill(out.data(), n)) {  // seeded before the clock starts, as a long-running program is
          state.SkipWithError("the first call failed");
          return;
        }
        for (auto _ : state) {
          if (!fill(out.data(), n)) [[unlikely]] {
            state.SkipWithError("a call failed");
            break;
          }
          benchmark::DoNotOptimize(out.data());
          benchmark::ClobberMemory();
        }
        state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
      });
      b->Threads(1)->Threads(2)->UseRealTime();
    }
  }
  benchmark::RegisterBenchmark("RandomFirstSeed/32/fipsmod", [](benchmark::State& state) {
    std::uint8_t out[32];
    for (auto _ : state) {
      state.PauseTiming();
      entropy::reset_for_testing();
      drbg::process::reset_for_testing();
      state.ResumeTiming();
      if (fipsmod_random_bytes(out, sizeof out) != FIPSMOD_OK) {
        state.SkipWithError("the first request failed");
        break;
      }
      benchmark::DoNotOptimize(out);
    }
  })->Unit(benchmark::kMicrosecond)->Iterations(50);
}

const Suite suite(register_random_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
