// Reading a fuzzer's input as fields: a few control bytes, then the rest.
// Reading past the end gives zeros, so every input is a valid one.
#pragma once

#include <fipsmod/hex.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include <fipsmod/fipsmod.h>

namespace fipsmod::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : rest_(data, size) {}

  std::uint8_t byte() {
    if (rest_.empty()) return 0;
    const std::uint8_t b = rest_[0];
    rest_ = rest_.subspan(1);
    return b;
  }
  std::uint16_t u16() { return static_cast<std::uint16_t>(byte() | (byte() << 8)); }
  std::span<const std::uint8_t> rest() const { return rest_; }

 private:
  std::span<const std::uint8_t> rest_;
};

using ::fipsmod::hex;

// Ends the run with a report naming the two sides that disagree, and the
// input (libFuzzer, or the replay driver, then saves or prints it).
[[noreturn]] inline void differ(const std::string& what, const std::uint8_t* data, std::size_t size) {
  std::fprintf(stderr, "DIFFERENCE: %s\ninput (%zu bytes):", what.c_str(), size);
  for (std::size_t i = 0; i < size; ++i) std::fprintf(stderr, "%s%02x", i % 32 ? "" : "\n  ", data[i]);
  std::fprintf(stderr, "\n");
  std::abort();
}

// The module must have passed its power-on self-tests; a kernel so wrong
// that its known-answer test fails is reported here, on the first input.
inline void module_must_work(const std::uint8_t* data, std::size_t size) {
  static const int status = fipsmod_selftest();
  if (status != FIPSMOD_OK) {
    const char* why = fipsmod_selftest_failure();
    differ(std::string("the module is in its error state: ") + (why ? why : "?"), data, size);
  }
}

}  // namespace fipsmod::fuzz
