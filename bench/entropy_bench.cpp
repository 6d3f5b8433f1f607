// The entropy source's cost: the first seed of a process (the noise
// source's calibration, the 1,024-sample start-up test, then 32 bytes of
// seed material, 320 tested samples through SHA-256), a later seed of 32
// and of 48 bytes (the DRBG's entropy input and nonce), and one raw sample.
// The first seed is measured by resetting the source (a test hook) before
// each iteration, which puts it back as a new process has it.
#include <benchmark/benchmark.h>

#include <array>
#include <vector>

#include "entropy/internal.hpp"
#include "peers.hpp"

namespace fipsmod::bench {
namespace {

void first_seed(benchmark::State& state) {
  std::array<std::uint8_t, 32> out{};
  for (auto _ : state) {
    entropy::reset_for_testing();
    if (entropy::seed(out) != internal::Status::ok) state.SkipWithError("the entropy source failed");
    benchmark::DoNotOptimize(out);
  }
  entropy::reset_for_testing();
}

void next_seed(benchmark::State& state) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(state.range(0)));
  if (entropy::seed(out) != internal::Status::ok) state.SkipWithError("the entropy source failed");
  for (auto _ : state) {
    if (entropy::seed(out) != internal::Status::ok) state.SkipWithError("the entropy source failed");
    benchmark::DoNotOptimize(out.data());
  }
}

void raw_samples(benchmark::State& state) {
  std::vector<std::uint8_t> out(1024);
  for (auto _ : state) {
    entropy::raw_samples(out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * out.size()));
}

void register_entropy_benchmarks() {
  benchmark::RegisterBenchmark("EntropySeed/StartUpAndFirst32/fipsmod", first_seed)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("EntropySeed/Next32/fipsmod", next_seed)->Arg(32)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("EntropySeed/Next48/fipsmod", next_seed)->Arg(48)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("EntropyRawSamples/1024/fipsmod", raw_samples)->Unit(benchmark::kMicrosecond);
}

const Suite suite(register_entropy_benchmarks);

}  // namespace
}  // namespace fipsmod::bench
