// The noise source: CPU jitter. A sample times a walk over a 256 KiB
// scratch buffer, each step a load whose address depends on the value the
// step before loaded, and a store back: the walk leaves L1, so its time
// depends on the caches' and TLB's state, the pipeline, the memory system
// and whatever else the machine runs (interrupts, the other hyperthread),
// none of which the walk controls. The sample is the low 8 bits of the
// clock's delta over the walk: the bits that vary from walk to walk; the
// high bits of a delta are nearly constant and add nothing the low ones
// do not (docs/entropy.md has the measurements).
#include "noise.hpp"

#include <time.h>

#include <algorithm>
#include <array>

namespace fipsmod::entropy::noise {

namespace {

[[maybe_unused]] std::uint64_t monotonic_ns() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

#if defined(__x86_64__)
// The time-stamp counter, after every earlier instruction has completed
// (lfence), so the walk is inside the interval.
std::uint64_t tsc() noexcept {
  std::uint32_t lo, hi;
  __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
  return (std::uint64_t{hi} << 32) | lo;
}
#elif defined(__aarch64__)
std::uint64_t cntvct() noexcept {
  std::uint64_t v;
  __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
  return v;
}
std::uint64_t cntfrq() noexcept {
  std::uint64_t v;
  __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(v));
  return v;
}
#elif defined(__riscv) && __riscv_xlen == 64
// rdtime, not rdcycle: Linux 6.6 and later trap rdcycle in user space.
std::uint64_t rdtime() noexcept {
  std::uint64_t v;
  __asm__ __volatile__("fence\n\trdtime %0" : "=r"(v) : : "memory");
  return v;
}
#endif

#if defined(__aarch64__)
// The smallest nonzero step, in ns, between successive reads of a clock
// whose ticks are `ns_per_tick` ns: its effective resolution.
template <class Read>
double resolution_ns(Read read, double ns_per_tick) noexcept {
  std::uint64_t best = ~std::uint64_t{0};
  std::uint64_t prev = read();
  for (int i = 0, changes = 0; i < 4096 && changes < 64; ++i) {
    const std::uint64_t now = read();
    if (now != prev) {
      best = std::min(best, now - prev);
      ++changes;
    }
    prev = now;
  }
  return static_cast<double>(best) * ns_per_tick;
}
#endif

Clock choose() noexcept {
#if defined(__x86_64__)
  return {&tsc, "rdtsc"};
#elif defined(__aarch64__)
  // The generic timer runs at cntfrq_el0 Hz (24 MHz to 1 GHz). Linux's
  // clock_gettime reads the same counter through the vDSO, so on hardware it
  // is never finer; under an emulator (qemu-user steps the counter by about
  // 1 us) it can be, and then it is the one used.
  const std::uint64_t hz = cntfrq();
  if (hz == 0) return {&monotonic_ns, "clock_gettime"};
  const double counter = resolution_ns(&cntvct, 1e9 / static_cast<double>(hz));
  const double gettime = resolution_ns(&monotonic_ns, 1.0);
  if (gettime < counter) return {&monotonic_ns, "clock_gettime"};
  return {&cntvct, "cntvct_el0"};
#elif defined(__riscv) && __riscv_xlen == 64
  return {&rdtime, "rdtime"};
#else
  return {&monotonic_ns, "clock_gettime"};
#endif
}

}  // namespace

const Clock& chosen_clock() noexcept {
  static const Clock c = choose();
  return c;
}

std::uint64_t Source::walk(unsigned steps) noexcept {
  constexpr unsigned shift = 64 - 15;  // buffer_words = 2^15
  static_assert(buffer_words == std::size_t{1} << 15);
  std::uint64_t x = at_;
  for (unsigned i = 0; i < steps; ++i) {
    const std::size_t j = static_cast<std::size_t>(x >> shift);
    const std::uint64_t v = buffer_[j];
    buffer_[j] = v + x + i;
    x = (x ^ v) * 0x9e3779b97f4a7c15u + 0x632be59bd9b4e019u;
  }
  // The compiler must not drop the walk: its state is kept.
  __asm__ __volatile__("" : : "r"(x) : "memory");
  return x;
}

std::uint8_t Source::sample() noexcept {
  if (steps_ == 0) calibrate();
  const Clock& c = chosen_clock();
  const std::uint64_t t0 = c.read();
  at_ = walk(steps_);
  const std::uint64_t delta = c.read() - t0;
  at_ ^= delta;
  return static_cast<std::uint8_t>(delta);
}

// The walk's length: the shortest (from min_steps, doubling) whose
// samples vary enough that the most common of `batch` samples makes up at
// most a twelfth of them (a most-common-value min-entropy of about 3.6
// bits a sample by that rough count; the full SP 800-90B estimate comes
// out near half that, docs/entropy.md, still well above the claim), up to
// max_steps. A coarse clock
// (or a fast machine) gets a longer walk, so the low 8 bits of a delta see
// the jitter; the health tests and the estimate test judge the result.
void Source::calibrate() noexcept {
  if (steps_ != 0) return;
  constexpr std::size_t batch = 512, most = batch / 12;
  const Clock& c = chosen_clock();
  unsigned steps = min_steps;
  for (;; steps *= 2) {
    std::array<std::uint16_t, 256> count{};  // of each low byte
    std::uint16_t top = 0;
    for (std::size_t i = 0; i < batch; ++i) {
      const std::uint64_t t0 = c.read();
      at_ = walk(steps);
      const std::uint64_t delta = c.read() - t0;
      at_ ^= delta;
      top = std::max<std::uint16_t>(top, ++count[static_cast<std::uint8_t>(delta)]);
    }
    if (top <= most || steps >= max_steps) break;
  }
  steps_ = steps;
}

}  // namespace fipsmod::entropy::noise
