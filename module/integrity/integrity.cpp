#include "integrity.hpp"

#include <algorithm>

#include "../integrity_format.hpp"
#include "../sha256/sha256_kernel.hpp"

// The markers and the record (integrity_lead.S, integrity_tail.S), declared
// without their contents, so the compiler cannot fold the check.
extern "C" {
extern const std::uint8_t fipsmod_text_start[], fipsmod_text_end[];
extern const std::uint8_t fipsmod_rodata_start[], fipsmod_rodata_end[];
extern const std::uint8_t fipsmod_integrity_record[];
}

namespace fipsmod::integrity {
namespace {

std::span<const std::uint8_t> range(const std::uint8_t* start, const std::uint8_t* end) noexcept {
  const auto size = reinterpret_cast<std::uintptr_t>(end) - reinterpret_cast<std::uintptr_t>(start);
  return {start, static_cast<std::size_t>(size)};
}

std::uint64_t le64(std::span<const std::uint8_t> bytes) noexcept {
  std::uint64_t v = 0;
  for (auto it = bytes.rbegin(); it != bytes.rend(); ++it) v = (v << 8) | *it;
  return v;
}

}  // namespace

bool built_in() noexcept { return FIPSMOD_INTEGRITY != 0; }

bool check(const internal::KernelInfo& kernel, std::vector<std::uint8_t>& expected,
           std::vector<std::uint8_t>& computed) {
  expected.clear();
  computed.clear();
  const sha256::Kernel* k = sha256::kernels().find(kernel);
  if (k == nullptr) return false;
  const Value value = compute(*k, range(fipsmod_text_start, fipsmod_text_end),
                              range(fipsmod_rodata_start, fipsmod_rodata_end));
  computed.assign(value.begin(), value.end());
  const std::span<const std::uint8_t> record(fipsmod_integrity_record, record_size);
  if (!std::ranges::equal(record.subspan(magic_offset, magic_size), magic)) return false;
  if (le64(record.subspan(state_offset, state_size)) != state_recorded) return false;  // linked without the tool
  const auto recorded = record.subspan(value_offset, value_size);
  expected.assign(recorded.begin(), recorded.end());
  return expected == computed;
}

}  // namespace fipsmod::integrity
