// The noise source of the entropy source (SP 800-90B §2.2): CPU jitter,
// the time a short walk over a scratch buffer takes, read with the finest
// clock the architecture has. Internal to module/entropy.
#pragma once

#include <cstddef>
#include <cstdint>

#pragma GCC visibility push(hidden)

namespace fipsmod::entropy::noise {

// The clock a sample is read with, and its name (Report::source).
struct Clock {
  std::uint64_t (*read)() noexcept;
  const char* name;
};
// The finest clock this build's architecture offers, chosen once: rdtsc on
// amd64; on arm64 cntvct_el0, or clock_gettime in ns where that is finer
// (under an emulator); rdtime on riscv64; clock_gettime elsewhere.
const Clock& chosen_clock() noexcept;

// The scratch walk's length, in dependent memory steps a sample: chosen
// once (calibrate) so that a sample spans enough ticks of the clock.
inline constexpr unsigned min_steps = 4, max_steps = 1u << 12;

// A noise source: the walk's scratch buffer and its length. Not
// thread-safe; the entropy source holds one behind its mutex.
class Source {
 public:
  // One raw sample: the low 8 bits of the clock's delta over one walk.
  std::uint8_t sample() noexcept;
  unsigned steps() const noexcept { return steps_; }
  // Chooses the walk's length (once; later calls keep it): noise.cpp.
  void calibrate() noexcept;
  // Fixes the walk's length (measurement and tests only); 0 has the next
  // sample calibrate again.
  void set_steps(unsigned steps) noexcept { steps_ = steps; }

 private:
  static constexpr std::size_t buffer_words = (256 * 1024) / 8;  // 256 KiB: past L1, inside L2
  std::uint64_t buffer_[buffer_words] = {};
  std::uint64_t at_ = 0;
  unsigned steps_ = 0;
  std::uint64_t walk(unsigned steps) noexcept;
};

}  // namespace fipsmod::entropy::noise

#pragma GCC visibility pop
