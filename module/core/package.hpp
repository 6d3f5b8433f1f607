// What an algorithm's folder (a package) tells the rest of the module about
// itself, without the rest knowing its types: its algorithms (each with its
// kernel list and the known answer every kernel must compute), its
// services as the security policy lists them, and, for the integrity
// package, the test that runs before all others.
//
// Each package defines `void fipsmod::<package>::describe(internal::PackageBuilder&)`;
// the registration list (module/packages.def) names the packages and what
// each depends on, and the power-on driver (module/power_on/) builds the
// table from it, at run time (nothing here is relocated data: see
// registry.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "registry.hpp"
#include "service.hpp"

namespace fipsmod::internal {

// What one self-test compared: the expected and the computed bytes, and,
// where there is no expected value, what a failure shows instead.
struct TestRecord {
  std::vector<std::uint8_t> expected;
  std::vector<std::uint8_t> computed;
  const char* absent = "(none)";
};

// A known answer: what every kernel of an algorithm must compute from a
// fixed input (vectors/gen_vectors.cpp writes them from Botan).
struct KnownAnswer {
  std::span<const std::uint8_t> input;
  std::span<const std::uint8_t> expected;
};

// Built at run time, as ServiceRow below.
struct Algorithm {
  Algorithm(const char* name_, const char* cast_prefix_, const KernelSet* kernels_, KnownAnswer answer_,
            void (*compute_)(const KernelInfo&, std::span<const std::uint8_t>, std::vector<std::uint8_t>&),
            const char* also_ = nullptr) noexcept
      : name(at_run_time(name_)),
        cast_prefix(at_run_time(cast_prefix_)),
        kernels(kernels_),
        answer(answer_),
        compute(at_run_time(compute_)),
        also(also_ == nullptr ? nullptr : at_run_time(also_)) {}
  const char* name;           // fipsmod_impl_name's and `fipsmod info`'s name
  const char* cast_prefix;    // its self-tests are "<cast_prefix>/<kernel>"
  const KernelSet* kernels;
  KnownAnswer answer;
  // The self-test's computation: `kernel` (one of `kernels`) on the known
  // answer's input, without the gate (it runs before the module may
  // answer). Leaves `out` empty when `kernel` is not one of its own.
  void (*compute)(const KernelInfo& kernel, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out);
  // Other names fipsmod_impl_name answers for with this algorithm's kernel
  // (a variant that runs on the same kernels), comma-separated; null for none.
  const char* also;
};

// A test that runs before every other (the integrity test): on the kernel
// `kernels` selects, after only the known answers of the selected kernels
// of the packages it depends on. If it fails, nothing else runs.
struct PreOperationalTest {
  PreOperationalTest(const char* name_, const char* algorithm_, const KernelSet* kernels_,
                     bool (*run_)(const KernelInfo&, TestRecord&)) noexcept
      : name(at_run_time(name_)), algorithm(at_run_time(algorithm_)), kernels(kernels_), run(at_run_time(run_)) {}
  const char* name;       // "integrity"
  const char* algorithm;  // the Algorithm::name it computes with
  const KernelSet* kernels;
  bool (*run)(const KernelInfo& kernel, TestRecord& record);
};

// A service as `fipsmod info` and the security policy list it, with the
// approval its checked layer runs it as (the same constant, so the list
// cannot say one thing and the code do another).
//
// Built at run time, as every table of the package list is: the strings'
// addresses are computed by instructions inside the hashed code, never
// stored in data the integrity test does not cover (a constant row could
// become one: docs/integrity.md).
struct ServiceRow {
  ServiceRow(const char* name_, const char* calls_, Approval approval_) noexcept
      : name(at_run_time(name_)), calls(at_run_time(calls_)), approval(approval_) {}
  const char* name;   // the service and its condition, as docs/services.md names it
  const char* calls;  // "one-shot, streaming"
  Approval approval;
};

struct PackageBuilder {
  std::vector<Algorithm> algorithms;
  std::vector<ServiceRow> services;
  std::vector<PreOperationalTest> pre_operational;
};

// The known answer's computation for an algorithm whose kernel list is
// `list` and whose computation on one of its kernels is `on`.
template <auto list, auto on>
void compute_on(const KernelInfo& kernel, std::span<const std::uint8_t> input, std::vector<std::uint8_t>& out) {
  out.clear();
  if (const auto* k = list().find(kernel)) on(*k, input, out);
}

// The registration list, as data: each package's place and the places of
// those it depends on. Plain integers, checked at compile time.
inline constexpr std::size_t kMaxDependencies = 4;
struct Registration {
  int id;
  int depends[kMaxDependencies];
  std::size_t depend_count;

  template <class Id>
  constexpr Registration(Id package, std::initializer_list<Id> on) : id(static_cast<int>(package)), depends{}, depend_count(0) {
    for (Id d : on) {
      if (depend_count < kMaxDependencies) depends[depend_count] = static_cast<int>(d);
      ++depend_count;
    }
  }
};

// The index of the first registration that depends on a package not
// registered before it (or names too many), or -1 when every dependency
// comes first: the power-on order is the list's order, so a package's
// known answers run after those of everything it is built on.
constexpr int first_out_of_order(std::span<const Registration> list) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].id != static_cast<int>(i) || list[i].depend_count > kMaxDependencies) return static_cast<int>(i);
    for (std::size_t d = 0; d < list[i].depend_count; ++d) {
      if (list[i].depends[d] < 0 || list[i].depends[d] >= static_cast<int>(i)) return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace fipsmod::internal

namespace fipsmod::internal {

// A known answer as an algorithm's *_kat.inc holds it (vectors/gen_vectors.cpp
// writes them): FIPSMOD_KNOWN_ANSWER(input, expected), two string literals,
// which keep the expected answer in the binary as plain bytes, where
// selftest/break-kat can find and corrupt it (the macro below passes them
// here). Views them through pointers the compiler cannot see through: it
// must not fold a known-answer computation into a constant.
template <std::size_t In, std::size_t Out>
KnownAnswer known_answer(const char (&input)[In], const char (&expected)[Out]) noexcept {
  const auto* in = at_run_time(reinterpret_cast<const std::uint8_t*>(input));
  const auto* out = at_run_time(reinterpret_cast<const std::uint8_t*>(expected));
  return {{in, In - 1}, {out, Out - 1}};
}

}  // namespace fipsmod::internal

// A known-answer file (<name>_kat.inc, written by vectors/gen_vectors.cpp)
// is one FIPSMOD_KNOWN_ANSWER(input, expected) of two string literals;
// included where an expression goes, it is that KnownAnswer:
//   internal::KnownAnswer known_answer() noexcept {
//     return
//   #include "<name>_kat.inc"
//         ;
//   }
#define FIPSMOD_KNOWN_ANSWER(input, expected) ::fipsmod::internal::known_answer(input, expected)
