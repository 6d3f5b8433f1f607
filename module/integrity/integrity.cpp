#include "integrity.hpp"

#include <cstring>

#include "../sha256/sha256_kernel.hpp"
#include "integrity_format.hpp"

// The markers and the record (integrity_lead.S, integrity_tail.S). Declared
// here without their contents, so the compiler cannot fold the check.
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

std::uint64_t le64(const std::uint8_t* p) noexcept {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
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
  const auto value = integrity::value(*k, range(fipsmod_text_start, fipsmod_text_end),
                                      range(fipsmod_rodata_start, fipsmod_rodata_end));
  computed.assign(value.begin(), value.end());
  const std::uint8_t* record = fipsmod_integrity_record;
  if (std::memcmp(record, kMagic.data(), kMagic.size()) != 0) return false;
  if (le64(record + kStateField) != kStateRecorded) return false;  // no value: linked without the tool
  expected.assign(record + kValueField, record + kValueField + kValueSize);
  return expected == computed;
}

}  // namespace fipsmod::integrity
