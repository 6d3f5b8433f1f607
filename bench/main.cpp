// fipsmod_bench: every benchmark for every usable kernel and every peer, in
// one run. Google Benchmark's flags apply (--benchmark_filter,
// --benchmark_repetitions, --benchmark_format=json, ...).
#include <benchmark/benchmark.h>

#include <fipsmod/module.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "peers.hpp"
#include "power_on/packages.hpp"

namespace fipsmod::bench {
namespace {

std::vector<void (*)()>& suites() {
  static std::vector<void (*)()> all;
  return all;
}

}  // namespace

Suite::Suite(void (*register_benchmarks)()) { suites().push_back(register_benchmarks); }

void Suite::register_all() {
  for (auto register_benchmarks : suites()) register_benchmarks();
}

}  // namespace fipsmod::bench

int main(int argc, char** argv) {
  benchmark::AddCustomContext("fipsmod_version", std::string(fipsmod::version()));
  for (const fipsmod::internal::Algorithm* a : fipsmod::internal::algorithms()) {
    benchmark::AddCustomContext("fipsmod_" + std::string(a->name) + "_selected", a->kernels->selected().name);
  }
  fipsmod::bench::Suite::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  // Out without running static destructors: the registered benchmarks hold
  // the peers' objects (Botan's AEADs, OpenSSL's contexts), and the order
  // in which the registry and those libraries' own exit-time clean-up are
  // torn down depends on which suite registered first; freeing a Botan
  // object after Botan's allocator is gone crashed the run once the DRBG
  // suite registered ahead of GCM's. Nothing here needs destroying.
  std::fflush(nullptr);
  std::_Exit(0);
}
