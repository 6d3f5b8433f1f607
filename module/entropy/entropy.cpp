// The entropy source (SP 800-90B): the noise source (noise.cpp), the
// health tests on every sample the seeding path takes (health.hpp), and the
// conditioning, SHA-256, a vetted function (§3.1.5.1.1): each 32-byte block
// of seed material is the SHA-256 of raw samples whose claimed min-entropy
// is at least 8 * 32 + 64 = 320 bits, which makes its output full entropy
// (SP 800-90C §3.3.2's rule: n_out + 64 bits in for n_out bits out). A
// request for fewer than 32 bytes takes the first bytes of one block.
#include <mutex>

#include "core/hash.hpp"
#include "core/secure_zero.hpp"
#include "health.hpp"
#include "internal.hpp"
#include "noise.hpp"
#include "sha256/internal.hpp"

namespace fipsmod::entropy {

namespace {

using internal::Status;

// Raw samples a 32-byte block is conditioned from: 320 bits of claimed
// min-entropy.
constexpr std::size_t block_bits = 8 * 32 + 64;
constexpr std::size_t samples_per_block = (block_bits * 1000 + claim_millibits - 1) / claim_millibits;

// The source and everything it keeps, behind one mutex.
struct Shared {
  std::mutex mutex;
  noise::Source source;
  HealthTests tests;
  Health health = Health::not_started;
  std::uint64_t samples = 0;
  std::uint64_t seeds = 0;
  bool stuck = false;
  std::uint8_t (*hooked)() noexcept = nullptr;
};
constinit Shared shared;

// One sample, from the noise source or a test hook.
std::uint8_t draw() noexcept {
  if (shared.stuck) return 0x5a;
  if (shared.hooked != nullptr) return shared.hooked();
  return shared.source.sample();
}

// One sample through both health tests; false (and the source failed for
// good) when one fails. Holds shared.mutex.
bool tested(std::uint8_t& sample, bool startup) noexcept {
  sample = draw();
  ++shared.samples;
  switch (shared.tests.check(sample)) {
    case Verdict::pass: return true;
    case Verdict::repetition: shared.health = startup ? Health::failed_startup : Health::failed_repetition; break;
    case Verdict::proportion: shared.health = startup ? Health::failed_startup : Health::failed_proportion; break;
  }
  return false;
}

// The start-up test (§4.3): startup_samples samples through both tests,
// none used. Holds shared.mutex.
bool start_up() noexcept {
  shared.source.calibrate();  // the walk's length, first (noise.cpp)
  std::uint8_t sample;
  for (unsigned i = 0; i < startup_samples; ++i) {
    if (!tested(sample, true)) return false;
  }
  shared.health = Health::operational;
  return true;
}

bool operational() noexcept {
  if (shared.health == Health::not_started) return start_up();
  return shared.health == Health::operational;
}

// One full-entropy block: SHA-256 over samples_per_block tested samples.
bool conditioned_block(std::span<std::uint8_t, 32> out) noexcept {
  std::uint8_t raw[samples_per_block];
  bool ok = true;
  for (auto& r : raw) {
    if (!tested(r, false)) {
      ok = false;
      break;
    }
  }
  if (ok) internal::hash::digest<sha256::Sha256>(sha256::kernels().selected(), raw, out);
  internal::secure_zero(raw, sizeof raw);
  return ok;
}

}  // namespace

Status seed(std::span<std::uint8_t> out) noexcept {
  if (out.size() > max_seed_size) return Status::invalid_argument;
  std::lock_guard lock(shared.mutex);
  if (!operational()) return Status::entropy_source;
  std::uint8_t material[max_seed_size];
  bool ok = true;
  for (std::size_t at = 0; at < out.size() && ok; at += 32) {
    ok = conditioned_block(std::span(material).subspan(at).first<32>());
  }
  if (ok) {
    std::copy_n(material, out.size(), out.begin());
    ++shared.seeds;
  }
  internal::secure_zero(material, sizeof material);
  return ok ? Status::ok : Status::entropy_source;
}

Report report() noexcept {
  std::lock_guard lock(shared.mutex);
  return Report{shared.health, shared.samples, shared.seeds, claimed_bits, noise::chosen_clock().name};
}

void raw_samples(std::span<std::uint8_t> out) noexcept {
  std::lock_guard lock(shared.mutex);
  for (auto& b : out) b = draw();
}

void set_stuck_for_testing(bool stuck) noexcept {
  std::lock_guard lock(shared.mutex);
  shared.stuck = stuck;
}

void set_source_for_testing(std::uint8_t (*source)() noexcept) noexcept {
  std::lock_guard lock(shared.mutex);
  shared.hooked = source;
}

void reset_for_testing() noexcept {
  std::lock_guard lock(shared.mutex);
  shared.tests = HealthTests{};
  shared.source.set_steps(0);  // calibrated again, as in a new process
  shared.health = Health::not_started;
  shared.samples = 0;
  shared.seeds = 0;
  shared.stuck = false;
  shared.hooked = nullptr;
}

}  // namespace fipsmod::entropy
