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
  // The registered benchmarks hold peers' objects (Botan's GCM, whose
  // memory comes from Botan's own pool): destroyed here, while that pool is
  // alive, not at exit, where static destruction order depends on which
  // suite registered first (entropy's registers before gcm's and made
  // Botan's pool go first: a crash in ~GCM_Mode at exit). Then out without
  // running static destructors, whose order between the peers' own
  // exit-time clean-up is not ours either (the DRBG suite's registration
  // crashed a run the same way). Nothing here needs destroying.
  benchmark::ClearRegisteredBenchmarks();
  std::fflush(nullptr);
  std::_Exit(0);
}
