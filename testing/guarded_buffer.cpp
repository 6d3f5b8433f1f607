#include "guarded_buffer.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <stdexcept>

namespace fipsmod::testing {

GuardedBuffer::GuardedBuffer(std::size_t size, GuardSide side) : size_(size) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t data_pages = (size + page - 1) / page;
  map_size_ = (data_pages + 2) * page;
  map_ = mmap(nullptr, map_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map_ == MAP_FAILED) throw std::runtime_error("mmap failed");
  auto* base = static_cast<std::uint8_t*>(map_);
  std::uint8_t* last_guard = base + map_size_ - page;
  if (mprotect(base, page, PROT_NONE) != 0 || mprotect(last_guard, page, PROT_NONE) != 0) {
    munmap(map_, map_size_);
    throw std::runtime_error("mprotect failed");
  }
  data_ = side == GuardSide::before ? base + page : last_guard - size;
}

GuardedBuffer::~GuardedBuffer() { munmap(map_, map_size_); }

}  // namespace fipsmod::testing
