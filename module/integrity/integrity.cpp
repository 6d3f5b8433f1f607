#include "integrity.hpp"

#include <algorithm>

#include "core/compare.hpp"
#include "core/package.hpp"
#include "integrity_format.hpp"

// The markers and the record (integrity_lead.S, integrity_tail.S), declared
// without their contents, so the compiler cannot fold the check; hidden, so
// their addresses are computed PC-relative, not read from a GOT slot.
#pragma GCC visibility push(hidden)
extern "C" {
extern const std::uint8_t fipsmod_text_start[], fipsmod_text_end[];
extern const std::uint8_t fipsmod_rodata_start[], fipsmod_rodata_end[];
extern const std::uint8_t fipsmod_integrity_record[];
}
#pragma GCC visibility pop

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

// Whether the record's field at `offset` holds the distance from itself to
// `marker`, as the assembler wrote it (modulo 2^64, an int64 in the file).
bool distance_is(std::span<const std::uint8_t> record, std::size_t offset, const std::uint8_t* marker) noexcept {
  const auto field = reinterpret_cast<std::uintptr_t>(record.data() + offset);
  const auto distance = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(marker) - field);
  return le64(record.subspan(offset, field_size)) == distance;
}

}  // namespace

bool check(const sha256::Kernel& kernel, std::vector<std::uint8_t>& expected,
           std::vector<std::uint8_t>& computed, Record* what) {
  expected.clear();
  computed.clear();
  Record dummy;
  Record& out = what ? *what : dummy;
  out = Record::damaged;
  const Value value = compute(kernel, range(fipsmod_text_start, fipsmod_text_end),
                              range(fipsmod_rodata_start, fipsmod_rodata_end));
  computed.assign(value.begin(), value.end());
  const std::span<const std::uint8_t> record(fipsmod_integrity_record, record_size);
  if (!std::ranges::equal(record.subspan(magic_offset, magic_size), magic)) return false;
  if (!distance_is(record, text_start_offset, fipsmod_text_start) ||
      !distance_is(record, text_end_offset, fipsmod_text_end) ||
      !distance_is(record, rodata_start_offset, fipsmod_rodata_start) ||
      !distance_is(record, rodata_end_offset, fipsmod_rodata_end)) {
    return false;
  }
  const std::uint64_t state = le64(record.subspan(state_offset, state_size));
  if (state == state_missing) out = Record::missing;  // linked without the tool
  if (state != state_recorded) return false;
  out = Record::recorded;
  const auto recorded = record.subspan(value_offset, value_size);
  expected.assign(recorded.begin(), recorded.end());
  return internal::equal(expected, computed);
}

namespace {

// The pre-operational test: on the SHA-256 kernel HMAC-SHA-256 selected.
bool run(const internal::KernelInfo& kernel, internal::TestRecord& r) {
  const sha256::Kernel* k = sha256::kernels().find(kernel);
  if (k == nullptr) return false;
  Record what = Record::damaged;
  const bool passed = check(*k, r.expected, r.computed, &what);
  // No value: a program linked with libfipsmod.a without the post-link
  // step, which the failure names wherever it is shown (stderr, the record
  // a caller reads, fipsmod info).
  r.absent = what == Record::missing
                 ? "(no value recorded: run 'fipsmod-integrity inject PROGRAM' after linking; in CMake, "
                   "fipsmod_add_integrity)"
                 : "(record damaged)";
  return passed;
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  // A module built without the test (FIPSMOD_INTEGRITY=OFF) registers none.
  if (FIPSMOD_INTEGRITY) out.pre_operational.push_back({"integrity", "hmac_sha256", &sha256::kernels(), &run});
}

}  // namespace fipsmod::integrity
