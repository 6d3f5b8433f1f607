// The module's own DRBG (random.hpp, docs/random.md): a locked parent
// CTR_DRBG seeded from the entropy source, a child per thread seeded from
// the parent, the fork detectors and the zeroisation at thread and process
// end.
#include "random.hpp"

#include <sys/mman.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/random.h>
#endif
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <mutex>

#include "core/secure_zero.hpp"
#include "ctr_drbg.hpp"
#include "entropy/internal.hpp"

// Linux >= 4.14; the value is the kernel's ABI, for older headers.
#if defined(__linux__) && !defined(MADV_WIPEONFORK)
#define MADV_WIPEONFORK 18
#endif

namespace fipsmod::drbg::process {

namespace {

using internal::Status;

// Seed material a (re)seed takes: entropy input of 32 bytes (the security
// strength) and a nonce of 16 (half of it) when instantiating, one input
// of 48 bytes when reseeding; either way 384 bits from the source.
constexpr std::size_t seed_material_size = seed_size;
constexpr std::size_t entropy_size = security_strength, nonce_size = seed_material_size - entropy_size;
static_assert(seed_material_size <= entropy::max_seed_size);
// What getrandom adds to each (re)seed, uncredited.
constexpr std::size_t os_input_size = 32;

// getrandom(2) output, never blocking: uncredited input, so a kernel whose
// pool is not ready yet (early boot), a seccomp filter or an old kernel
// without the call gives fewer bytes, or none; the count it gave.
std::size_t os_random(std::span<std::uint8_t> out) noexcept {
  std::size_t got = 0;
#if defined(__linux__)
  while (got < out.size()) {
    const ssize_t n = ::getrandom(out.data() + got, out.size() - got, GRND_NONBLOCK);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
#endif
  return got;
}

// ---- fork detection --------------------------------------------------------
//
// The process's fork generation: every instance notes the generation it
// was seeded under and reseeds when it changes. Two detectors move it, each
// enough alone: the generation page, mapped MADV_WIPEONFORK, whose word
// the kernel zeroes in a child (it holds 1 otherwise), which sees every
// fork, even one made by a raw clone(2) that runs no atfork handler; and a
// pthread_atfork child handler, where the page cannot be had (a kernel
// older than 4.14, another OS, an emulator that ignores the advice).

std::atomic<std::uint64_t> fork_generation{0};
std::atomic<std::uint64_t*> wipe_word{nullptr};
std::atomic<bool> armed{false};
std::atomic<bool> use_wipe_on_fork{true}, use_at_fork{true};
std::mutex generation_lock;  // arming, and the move after a wiped page

// The parent, behind its lock.
struct Parent {
  drbg::State state;
  std::uint64_t generation;
  std::uint64_t requests;  // seeds and reseeds served since its last (re)seed
  std::uint64_t reseeds;
  bool seeded;
};
std::mutex parent_lock;
constinit Parent parent{};

void prepare_fork() noexcept {
  // No other thread holds either lock while the process is copied: the
  // child's copies start unlocked, whatever the other threads were doing.
  generation_lock.lock();
  parent_lock.lock();
}
void after_fork_in_parent() noexcept {
  parent_lock.unlock();
  generation_lock.unlock();
}
void after_fork_in_child() noexcept {
  if (use_at_fork.load(std::memory_order_relaxed)) fork_generation.fetch_add(1, std::memory_order_acq_rel);
  parent_lock.unlock();
  generation_lock.unlock();
}

#if defined(__linux__)
// Whether madvise means what it says about MADV_WIPEONFORK here. Linux
// refuses the advice on a shared mapping (EINVAL: only private anonymous
// memory can be wiped); a system that accepts it there ignores the advice
// (qemu-user answers every madvise with success and wipes nothing), so its
// success on the generation page proves nothing.
bool wipe_on_fork_is_honoured(long page) noexcept {
  void* shared = ::mmap(nullptr, static_cast<std::size_t>(page), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return false;
  const bool refused = ::madvise(shared, static_cast<std::size_t>(page), MADV_WIPEONFORK) != 0;
  ::munmap(shared, static_cast<std::size_t>(page));
  return refused;
}
#endif

void arm_fork_detection() noexcept {
  std::lock_guard<std::mutex> hold(generation_lock);
  if (armed.load(std::memory_order_relaxed)) return;
#if defined(__linux__)
  const long page = ::sysconf(_SC_PAGESIZE);
  void* p = ::mmap(nullptr, static_cast<std::size_t>(page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p != MAP_FAILED) {
    if (::madvise(p, static_cast<std::size_t>(page), MADV_WIPEONFORK) == 0 && wipe_on_fork_is_honoured(page)) {
      auto* word = static_cast<std::uint64_t*>(p);
      __atomic_store_n(word, 1, __ATOMIC_RELEASE);
      wipe_word.store(word, std::memory_order_release);
    } else {
      ::munmap(p, static_cast<std::size_t>(page));
    }
  }
#endif
  ::pthread_atfork(&prepare_fork, &after_fork_in_parent, &after_fork_in_child);
  armed.store(true, std::memory_order_release);
}

// The current generation: a load of the page's word and of the generation
// when nothing happened.
std::uint64_t current_generation() noexcept {
  if (!armed.load(std::memory_order_acquire)) [[unlikely]] arm_fork_detection();
  std::uint64_t* word = wipe_word.load(std::memory_order_acquire);
  if (word != nullptr && __atomic_load_n(word, __ATOMIC_ACQUIRE) == 0 &&
      use_wipe_on_fork.load(std::memory_order_relaxed)) [[unlikely]] {
    // Wiped: this process is a fork. The first thread here moves the
    // generation, then marks the page, so that a thread that reads the mark
    // reads the new generation too.
    std::lock_guard<std::mutex> hold(generation_lock);
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) == 0) {
      fork_generation.fetch_add(1, std::memory_order_acq_rel);
      __atomic_store_n(word, 1, __ATOMIC_RELEASE);
    }
  }
  return fork_generation.load(std::memory_order_acquire);
}

// ---- the reseed policy and the test hooks ---------------------------------

std::atomic<std::uint64_t> child_interval_override{0}, parent_interval_override{0};
std::atomic<std::uint64_t> threads_cleansed{0};

std::uint64_t child_interval() noexcept {
  const std::uint64_t v = child_interval_override.load(std::memory_order_relaxed);
  return v != 0 ? v : child_reseed_interval;
}
std::uint64_t parent_interval() noexcept {
  const std::uint64_t v = parent_interval_override.load(std::memory_order_relaxed);
  return v != 0 ? v : parent_reseed_interval;
}

// ---- the parent ------------------------------------------------------------

// Zeroises the parent when the process exits (armed at its first seed).
struct ParentCleanse {
  ~ParentCleanse() {
    std::lock_guard<std::mutex> hold(parent_lock);
    cleanse(parent.state);
    parent.seeded = false;
  }
};

constexpr std::uint8_t parent_label[] = {'f', 'i', 'p', 's', 'm', 'o', 'd', ' ', 'p', 'a', 'r', 'e', 'n', 't'};
constexpr std::uint8_t child_label[] = {'f', 'i', 'p', 's', 'm', 'o', 'd', ' ', 't', 'h', 'r', 'e', 'a', 'd'};

// Seeds (or reseeds) the parent from the entropy source, under its lock.
Status seed_parent_locked(std::uint64_t generation) noexcept {
  std::uint8_t material[seed_material_size];
  std::uint8_t os[os_input_size + sizeof parent_label];
  internal::WipedAtExit<decltype(material)> wipe_material(material);
  internal::WipedAtExit<decltype(os)> wipe_os(os);
  if (entropy::seed(material) != Status::ok) return Status::entropy_source;
  const std::size_t got = os_random(std::span(os, os_input_size));
  std::copy(std::begin(parent_label), std::end(parent_label), os + got);
  const std::span<const std::uint8_t> extra(os, got + sizeof parent_label);
  Status s;
  if (!parent.seeded) {
    s = instantiate(parent.state, true, std::span(material, entropy_size), std::span(material + entropy_size, nonce_size),
                    extra);
    if (s == Status::ok) {
      static ParentCleanse at_exit;
      (void)at_exit;
    }
  } else {
    s = reseed(parent.state, material, extra);
    if (s == Status::ok) ++parent.reseeds;
  }
  if (s != Status::ok) return s;
  parent.seeded = true;
  parent.generation = generation;
  parent.requests = 0;
  return Status::ok;
}

// Seed material for a thread's DRBG from the parent, which is seeded or
// reseeded first when it must be.
Status parent_output(std::span<std::uint8_t> out, std::uint64_t generation) noexcept {
  std::lock_guard<std::mutex> hold(parent_lock);
  if (!parent.seeded || parent.generation != generation || parent.requests >= parent_interval()) {
    if (const Status s = seed_parent_locked(generation); s != Status::ok) return s;
  }
  if (const Status s = drbg::generate(parent.state, out, {}); s != Status::ok) return s;
  ++parent.requests;
  return Status::ok;
}

// ---- the thread's DRBG -----------------------------------------------------

struct Child {
  drbg::State state;
  std::uint64_t generation;
  std::uint64_t requests;  // since its last (re)seed
  std::uint64_t reseeds;
  bool seeded;
};
thread_local constinit Child child{};

// Zeroises the thread's DRBG when the thread ends (armed at its first
// seed; the main thread's at exit, before the parent's).
struct ChildCleanse {
  ~ChildCleanse() {
    cleanse(child.state);
    child.seeded = false;
    threads_cleansed.fetch_add(1, std::memory_order_relaxed);
  }
};

// Seeds or reseeds the thread's DRBG from `material` (from the parent or
// the source) with getrandom output and the thread's label.
Status seed_child_with(std::span<const std::uint8_t, seed_material_size> material, std::uint64_t generation) noexcept {
  std::uint8_t os[os_input_size + sizeof child_label];
  internal::WipedAtExit<decltype(os)> wipe_os(os);
  const std::size_t got = os_random(std::span(os, os_input_size));
  std::copy(std::begin(child_label), std::end(child_label), os + got);
  const std::span<const std::uint8_t> extra(os, got + sizeof child_label);
  Status s;
  if (!child.seeded) {
    s = instantiate(child.state, true, material.first(entropy_size), material.subspan(entropy_size), extra);
    if (s == Status::ok) {
      static thread_local ChildCleanse at_thread_end;
      (void)at_thread_end;
    }
  } else {
    s = reseed(child.state, material, extra);
    if (s == Status::ok) ++child.reseeds;
  }
  if (s != Status::ok) return s;
  child.seeded = true;
  child.generation = generation;
  child.requests = 0;
  return Status::ok;
}

Status seed_child_from_parent(std::uint64_t generation) noexcept {
  std::uint8_t material[seed_material_size];
  internal::WipedAtExit<decltype(material)> wipe(material);
  if (const Status s = parent_output(material, generation); s != Status::ok) return s;
  return seed_child_with(material, generation);
}

Status reseed_child_from_source(std::uint64_t generation) noexcept {
  std::uint8_t material[seed_material_size];
  internal::WipedAtExit<decltype(material)> wipe(material);
  {
    // Every call into the source is made under the parent's lock, which
    // the atfork handler holds across a fork: no fork copies the source
    // mid-seed, whatever locks it keeps.
    std::lock_guard<std::mutex> hold(parent_lock);
    if (entropy::seed(material) != Status::ok) return Status::entropy_source;
  }
  return seed_child_with(material, generation);
}

}  // namespace

Status generate(std::span<std::uint8_t> out, std::span<const std::uint8_t> additional,
                bool prediction_resistance) noexcept {
  // Less than 2^32 bytes (the derivation function's L is 32 bits; ctr_drbg
  // would refuse 2^32 only after the (re)seeds below).
  if (additional.size() >= max_input) return Status::invalid_argument;
  if (out.empty()) return Status::ok;
  const std::uint64_t generation = current_generation();
  // Every (re)seed first, so that a failure writes nothing.
  if (!child.seeded || child.generation != generation || child.requests >= child_interval()) [[unlikely]] {
    if (const Status s = seed_child_from_parent(generation); s != Status::ok) return s;
  }
  if (prediction_resistance) {
    if (const Status s = reseed_child_from_source(generation); s != Status::ok) return s;
  }
  std::size_t done = 0;
  do {
    const std::size_t n = std::min(out.size() - done, max_request);
    const Status s = drbg::generate(child.state, out.subspan(done, n), done == 0 ? additional : std::span<const std::uint8_t>{});
    if (s != Status::ok) [[unlikely]] {
      // Not reached: a call's 2^48 requests would be 2^64 bytes.
      internal::secure_zero(out.data(), done);
      return s;
    }
    ++child.requests;
    done += n;
  } while (done < out.size());
  return Status::ok;
}

Info info() noexcept {
  Info i{};
  i.fork_detection_armed = armed.load(std::memory_order_acquire);
  i.thread_seeded = child.seeded;
  i.thread_reseeds = child.reseeds;
  i.thread_requests = child.requests;
  {
    std::lock_guard<std::mutex> hold(parent_lock);
    i.parent_seeded = parent.seeded;
    i.parent_reseeds = parent.reseeds;
    i.parent_requests = parent.requests;
  }
  i.fork_generation = fork_generation.load(std::memory_order_acquire);
  i.wipe_on_fork = wipe_word.load(std::memory_order_acquire) != nullptr;
  return i;
}

void describe_services(internal::PackageBuilder& out) {
  out.services.push_back({"Random bytes (CTR_DRBG AES-256), with or without additional input or prediction resistance",
                          "one-shot", approval});
}

void set_reseed_intervals_for_testing(std::uint64_t c, std::uint64_t p) noexcept {
  child_interval_override.store(c, std::memory_order_relaxed);
  parent_interval_override.store(p, std::memory_order_relaxed);
}

void set_fork_detection_for_testing(bool wipe_on_fork, bool at_fork) noexcept {
  use_wipe_on_fork.store(wipe_on_fork, std::memory_order_relaxed);
  use_at_fork.store(at_fork, std::memory_order_relaxed);
}

std::uint64_t threads_cleansed_for_testing() noexcept { return threads_cleansed.load(std::memory_order_relaxed); }

void reset_for_testing() noexcept {
  {
    std::lock_guard<std::mutex> hold(parent_lock);
    cleanse(parent.state);
    parent = Parent{};
  }
  cleanse(child.state);
  child = Child{};
}

}  // namespace fipsmod::drbg::process
