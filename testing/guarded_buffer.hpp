// A buffer placed flush against an inaccessible (PROT_NONE) page, so that
// reading or writing one byte past its end, or before its start, crashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace fipsmod::testing {

enum class GuardSide { before, after };

class GuardedBuffer {
 public:
  // size bytes, touching a PROT_NONE page on the given side.
  GuardedBuffer(std::size_t size, GuardSide side);
  ~GuardedBuffer();
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;

  std::span<std::uint8_t> bytes() const { return {data_, size_}; }

 private:
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace fipsmod::testing
