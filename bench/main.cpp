// fipsmod_bench: every benchmark for every usable kernel and every peer, in
// one run. Google Benchmark's flags apply (--benchmark_filter,
// --benchmark_repetitions, --benchmark_format=json, ...).
#include <benchmark/benchmark.h>

#include <fipsmod/module.hpp>

#include <string>

#include "peers.hpp"

int main(int argc, char** argv) {
  benchmark::AddCustomContext("fipsmod_version", std::string(fipsmod::version()));
  benchmark::AddCustomContext("fipsmod_md5_selected", std::string(fipsmod::impl_name("md5")));
  benchmark::AddCustomContext("fipsmod_xor_bytes_selected", std::string(fipsmod::impl_name("xor_bytes")));
  fipsmod::bench::register_md5_benchmarks();
  fipsmod::bench::register_xor_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
