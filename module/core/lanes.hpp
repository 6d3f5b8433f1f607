// A hash over many independent messages at once: the multi-buffer
// ("lanes") kernel record, and the dispatcher that feeds such a kernel whole
// blocks from many running computations of the hash core (hash.hpp). It
// tops up each computation's partial block, then runs the lanes kernel over
// the whole blocks of as many computations at a time as the kernel is wide,
// for as many blocks as the shortest of them has left, drops the ones that
// are done and takes on waiting ones, and buffers each computation's tail
// as a lone update would (the lanes note in docs/ measures it). When fewer
// lanes have data than the kernel pays from, what is left goes down the
// kernel's list (KernelChain): to the next kernel whose threshold it
// meets, and below every threshold to each computation's own single-stream
// kernel.
//
// Overlap (docs/design.md, "Overlapping arguments"): the services on many
// computations are defined as the one-computation service on each item in
// list order, each reading its input as it was before that item. A batch
// reads its messages while it writes its computations, so a batch in which
// a message shares bytes with a computation it writes (or with a digest an
// earlier item of it writes) runs item by item instead; between batches
// the order is already the list's.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "context.hpp"
#include "hash.hpp"
#include "lanes_kat.hpp"
#include "registry.hpp"
#include "secure_zero.hpp"

namespace fipsmod::internal::lanes {

// The widest a kernel may be: the dispatcher's state and pointer arrays
// are on its stack, sized for it. A wider kernel (an RVV machine with VLEN
// over 2048) is never called: every lane then runs on its own kernel.
inline constexpr std::size_t max_lanes = 64;

// Hashes `blocks` blocks of each of width() messages. `state` holds the
// chaining words transposed: state[j * width + i] is word j of lane i. Lane
// i reads data[i][0, block_size * blocks), at any alignment; several lanes
// may share a pointer. The same count of blocks for every lane.
template <class H>
using LanesFn = void (*)(hash::Word<H>* state, const std::uint8_t* const* data, std::size_t blocks);

template <class H>
struct Kernel : KernelInfo {
  std::size_t (*width)() noexcept = nullptr;  // lanes a call hashes, 1 to max_lanes
  LanesFn<H> blocks = nullptr;
  // The fewest busy lanes with which a call beats the single-stream kernel
  // hashing them one after another: a call costs about as much however
  // many lanes are busy, W / S blocks of the single-stream kernel, S the
  // kernel's speed-up at full width W.
  std::size_t pays_from = 3;
};

// The hash whose lanes kernels run H: H itself, or the one H names as
// H::Lanes (SHA-224 runs SHA-256's kernels on other initial values, so the
// two share one list, as they share the single-stream one).
template <class H>
struct LanesHash {
  using type = H;
};
template <class H>
  requires requires { typename H::Lanes; }
struct LanesHash<H> {
  using type = typename H::Lanes;
};
template <class H>
using KernelOf = Kernel<typename LanesHash<H>::type>;

// One computation the dispatcher feeds: `r` takes `data` as if by an
// update alone.
template <class H>
struct Job {
  hash::Running<H>* r;
  std::span<const std::uint8_t> data;
};

// A list as the API holds it (a C array of items, C++ spans): element i of
// `size`, read through `at`, without copying the list.
template <class T>
struct Indexed {
  std::size_t size;
  T (*at)(const void* self, std::size_t i) noexcept;
  const void* self;
};
using Messages = Indexed<std::span<const std::uint8_t>>;

// Jobs are taken this many at a time (the batch lives on the stack), and a
// batch ends early at a computation it already holds, so a computation
// named twice takes its data in order.
inline constexpr std::size_t kBatch = 4 * max_lanes;

// The lanes kernels the dispatcher may run, best first, each with the
// fewest busy lanes it runs with (its threshold). The dispatcher runs the
// first whose threshold the computations left meet; when fewer lanes than
// that have data, what is left goes on to the next link whose threshold it
// meets, and below every threshold to each computation's own single-stream
// kernel. A chain is built per call, on the stack.
template <class H>
class KernelChain {
 public:
  struct Link {
    const KernelOf<H>* kernel;
    std::size_t width;      // the kernel's, 1 to max_lanes
    std::size_t threshold;  // 1 to width; SIZE_MAX: never runs (too wide for the dispatcher)
  };

  // `kernel` alone (the explicit-kernel forms: known answers, tests, the
  // fuzzer, the benchmark). min_active 0 picks the kernel's own threshold
  // (pays_from, or the width if smaller); 1 runs it on every block.
  KernelChain(const KernelOf<H>& kernel, std::size_t min_active) noexcept { add(kernel, min_active); }

  // `first`, then every kernel after it in `list` that selection could
  // choose on this CPU (usable, not slow here) and that is more than one
  // lane wide, each on its own threshold. A one-lane record (the list's
  // "single-stream") ends the list's lanes: below every threshold each
  // computation runs on its own single-stream kernel anyway.
  KernelChain(const internal::KernelList<KernelOf<H>>& list, const KernelOf<H>& first) noexcept {
    add(first, 0);
    bool after = false;
    for (const KernelOf<H>& k : list.kernels()) {
      if (after && k.usable() && !k.slow_here()) {
        const std::size_t w = k.width();
        if (w >= 2 && w <= max_lanes) add(k, 0);
      }
      after = after || &k == &first;
    }
  }

  // The module's path: the list's selected kernel and the ones after it.
  static KernelChain selected(const internal::KernelList<KernelOf<H>>& list) noexcept {
    return KernelChain(list, list.selected());
  }

  std::span<const Link> links() const noexcept { return {links_.data(), count_}; }

 private:
  void add(const KernelOf<H>& k, std::size_t min_active) noexcept {
    if (count_ == links_.size()) return;
    const std::size_t w = k.width();
    const bool fits = w >= 1 && w <= max_lanes;
    links_[count_++] = {&k, fits ? w : 1,
                        fits ? std::min(w, min_active != 0 ? min_active : std::max<std::size_t>(k.pays_from, 1))
                             : SIZE_MAX};
  }

  std::array<Link, internal::kMaxKernels> links_{};
  std::size_t count_ = 0;
};

template <class H>
class Dispatcher {
 public:
  explicit Dispatcher(const KernelChain<H>& chain) noexcept : chain_(chain) {}
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;
  ~Dispatcher() { secure_zero(state_.data(), sizeof state_); }

  // The jobs of a batch hold distinct computations, so their order is free:
  // the longest go first, and the short ones fill the lanes the long ones
  // leave at the end (longest-first keeps the lanes busiest). `whole`
  // holds what each job has left to hash (it is rewritten when a kernel
  // hands the rest on).
  void run(std::span<const Job<H>> jobs, std::span<std::span<const std::uint8_t>> whole) noexcept {
    std::size_t count = 0;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      if (!whole[j].empty()) order_[count++] = static_cast<std::uint16_t>(j);
    }
    std::size_t link = 0;
    for (;;) {
      // The first link from here on whose threshold the computations left
      // meet. Their count only falls, so a link passed over never pays
      // later in this batch.
      while (link < chain_.links().size() && count < chain_.links()[link].threshold) ++link;
      if (link == chain_.links().size() || count == 0) break;
      count = run_link(chain_.links()[link++], jobs, whole, count);
    }
    // Below every threshold: each computation's own kernel.
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t j = order_[k];
      jobs[j].r->kernel->block(jobs[j].r->c.h.data(), whole[j].data(), whole[j].size() / H::block_size);
    }
  }

 private:
  // What a lane holds while it works on one computation.
  struct Lane {
    hash::Running<H>* r = nullptr;
    const std::uint8_t* next = nullptr;
    std::size_t blocks = 0;  // left to hash
    std::size_t job = 0;
  };

  // Runs `link`'s kernel over the computations order_[0, count), longest
  // first, while at least its threshold of lanes have data. Returns how
  // many are left: their states back in their computations, what each has
  // left in `whole`, their indices in order_[0, returned), longest first.
  std::size_t run_link(const typename KernelChain<H>::Link& link, std::span<const Job<H>> jobs,
                       std::span<std::span<const std::uint8_t>> whole, std::size_t count) noexcept {
    const std::size_t width = link.width;
    std::sort(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(count),
              [&](std::uint16_t a, std::uint16_t b) { return whole[a].size() > whole[b].size(); });
    std::size_t waiting = 0;  // next of order_ not yet given a lane
    const auto take_next = [&](std::size_t i) {
      lanes_[i] = {};
      if (waiting == count) return;
      const std::size_t j = order_[waiting++];
      hash::Running<H>* r = jobs[j].r;
      lanes_[i] = {r, whole[j].data(), whole[j].size() / H::block_size, j};
      for (std::size_t w = 0; w < H::words; ++w) state_[w * width + i] = r->c.h[w];
    };
    for (std::size_t i = 0; i < width; ++i) take_next(i);
    for (;;) {
      std::size_t active = 0, step = SIZE_MAX;
      const std::uint8_t* any = nullptr;
      for (std::size_t i = 0; i < width; ++i) {
        if (lanes_[i].r == nullptr) continue;
        ++active;
        step = std::min(step, lanes_[i].blocks);
        any = lanes_[i].next;
      }
      if (active == 0) return 0;
      if (active < link.threshold) break;
      for (std::size_t i = 0; i < width; ++i) data_[i] = lanes_[i].r ? lanes_[i].next : any;  // idle lanes
      link.kernel->blocks(state_.data(), data_.data(), step);
      for (std::size_t i = 0; i < width; ++i) {
        Lane& l = lanes_[i];
        if (l.r == nullptr) continue;
        l.next += step * H::block_size;
        l.blocks -= step;
        if (l.blocks > 0) continue;
        for (std::size_t w = 0; w < H::words; ++w) l.r->c.h[w] = state_[w * width + i];
        take_next(i);
      }
    }
    // The kernel stopped paying: a lane is idle, so none is waiting. Each
    // busy lane's computation takes back its state and what it has left.
    std::size_t left = 0;
    for (std::size_t i = 0; i < width; ++i) {
      const Lane& l = lanes_[i];
      if (l.r == nullptr) continue;
      for (std::size_t w = 0; w < H::words; ++w) l.r->c.h[w] = state_[w * width + i];
      whole[l.job] = std::span(l.next, l.blocks * H::block_size);
      order_[left++] = static_cast<std::uint16_t>(l.job);
    }
    std::sort(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(left),
              [&](std::uint16_t a, std::uint16_t b) { return whole[a].size() > whole[b].size(); });
    return left;
  }

  const KernelChain<H>& chain_;
  std::array<hash::Word<H>, H::words * max_lanes> state_{};
  std::array<const std::uint8_t*, max_lanes> data_{};
  std::array<Lane, max_lanes> lanes_{};
  std::array<std::uint16_t, kBatch> order_{};
};

// Whether a message of `batch` shares bytes with a computation of it (each
// computation of a batch is another).
template <class H>
bool reads_what_it_writes(std::span<const Job<H>> batch) noexcept {
  for (const Job<H>& reader : batch) {
    for (const Job<H>& writer : batch) {
      if (overlaps(writer.r, sizeof *writer.r, reader.data.data(), reader.data.size())) return true;
    }
  }
  return false;
}

// One job as a lone update with overlap does it: on a copy of the
// computation, stored back at the end, so the message is read as it was.
template <class H>
void absorb_alone(const Job<H>& job) noexcept {
  hash::Running<H> copy = *job.r;
  hash::absorb<H>(*copy.kernel, copy.c, job.data);
  *job.r = copy;
  hash::wipe<H>(copy);
}

// Whether any two of `objects` (each `size` bytes) share a byte without
// being the same object. Linear for a list in address order (an array of
// contexts, or one allocated after another), pairwise otherwise.
inline bool any_partly_shared(const Indexed<const void*>& objects, std::size_t size) noexcept {
  const auto at = [&](std::size_t i) { return reinterpret_cast<std::uintptr_t>(objects.at(objects.self, i)); };
  bool ascending = true, descending = true;
  for (std::size_t i = 1; i < objects.size && (ascending || descending); ++i) {
    ascending = ascending && at(i) >= at(i - 1) + size;
    descending = descending && at(i - 1) >= at(i) + size;
  }
  if (ascending || descending) return false;
  for (std::size_t i = 0; i < objects.size; ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      if (at(i) != at(k) && overlaps(objects.at(objects.self, i), size, objects.at(objects.self, k), size)) return true;
    }
  }
  return false;
}

// Feeds every job through the kernels of `chain` (the first whose
// threshold the busy lanes meet, then down the chain as lanes drain, and
// below every threshold each computation's own single-stream kernel, which
// is faster for a few lanes), without the gate, each computation as if
// updated alone, in list order (a computation named twice takes its data
// in that order). Nothing is allocated.
template <class H>
void absorb_many(const Indexed<Job<H>>& jobs, const KernelChain<H>& chain) noexcept {
  std::array<Job<H>, kBatch> batch;
  std::array<std::span<const std::uint8_t>, kBatch> whole;
  for (std::size_t next = 0; next < jobs.size;) {
    std::size_t n = 0;
    for (; n < kBatch && next < jobs.size; ++n, ++next) {
      const Job<H> job = jobs.at(jobs.self, next);
      const auto held = std::span(batch).first(n);
      if (std::any_of(held.begin(), held.end(), [&](const Job<H>& j) { return j.r == job.r; })) break;
      batch[n] = job;
    }
    if (reads_what_it_writes<H>(std::span(batch).first(n))) [[unlikely]] {
      for (std::size_t i = 0; i < n; ++i) absorb_alone<H>(batch[i]);
      continue;
    }
    for (std::size_t i = 0; i < n; ++i) whole[i] = hash::take<H>(*batch[i].r->kernel, batch[i].r->c, batch[i].data);
    Dispatcher<H>(chain).run(std::span(batch).first(n), std::span(whole).first(n));
  }
}

// The same on one kernel: while at least `min_active` lanes of a call have
// data it runs, below that each computation's own single-stream kernel.
// min_active 0 picks the kernel's own threshold (pays_from, or the width if
// smaller); 1 runs the kernel on every block.
template <class H>
void absorb_many(const Indexed<Job<H>>& jobs, const KernelOf<H>& kernel, std::size_t min_active = 0) noexcept {
  absorb_many<H>(jobs, KernelChain<H>(kernel, min_active));
}

template <class H>
void absorb_many(std::span<const Job<H>> jobs, const KernelChain<H>& chain) noexcept {
  const Indexed<Job<H>> all{jobs.size(),
                            [](const void* self, std::size_t i) noexcept { return static_cast<const Job<H>*>(self)[i]; },
                            jobs.data()};
  absorb_many<H>(all, chain);
}

template <class H>
void absorb_many(std::span<const Job<H>> jobs, const KernelOf<H>& kernel, std::size_t min_active = 0) noexcept {
  absorb_many<H>(jobs, KernelChain<H>(kernel, min_active));
}

// out[i * H::size ...] = the hash of message i, every message, through
// the kernels of `chain` as absorb_many runs them (the padded last blocks
// too), each computation on `single` for what the chain leaves, without the
// gate.
template <class H>
void sum_many_on(const KernelChain<H>& chain, const typename H::Kernel& single, const Messages& messages,
                 std::uint8_t* out) noexcept {
  constexpr std::size_t kSums = kBatch / 2;
  std::array<hash::Running<H>, kSums> r;
  std::array<Job<H>, kSums> jobs;
  std::array<std::array<std::uint8_t, 2 * H::block_size>, kSums> tails;
  std::array<std::span<const std::uint8_t>, kSums> whole;
  for (std::size_t done = 0; done < messages.size;) {
    const std::size_t n = std::min(messages.size - done, kSums);
    bool reads_a_digest = false;  // of an earlier item of this chunk, which is not written yet
    for (std::size_t i = 0; i < n; ++i) {
      r[i] = hash::start<H>(single);
      jobs[i] = {&r[i], messages.at(messages.self, done + i)};
      reads_a_digest = reads_a_digest || overlaps(out + done * H::size, i * H::size, jobs[i].data.data(), jobs[i].data.size());
    }
    if (reads_a_digest) [[unlikely]] {
      for (std::size_t i = 0; i < n; ++i) {
        hash::absorb<H>(single, r[i].c, jobs[i].data);
        hash::finish<H>(single, r[i].c, std::span(out + (done + i) * H::size, H::size));
        hash::wipe<H>(r[i]);
      }
      done += n;
      continue;
    }
    absorb_many<H>(std::span<const Job<H>>(jobs.data(), n), chain);
    // The padded last blocks through the lanes kernel too: one block in
    // every 129 of 8 KiB messages, which one at a time would cost a tenth
    // of the whole.
    for (std::size_t i = 0; i < n; ++i) {
      whole[i] = std::span(tails[i]).first(hash::padding<H>(r[i].c, tails[i]) * H::block_size);
    }
    Dispatcher<H>(chain).run(std::span<const Job<H>>(jobs.data(), n), std::span(whole).first(n));
    for (std::size_t i = 0; i < n; ++i) {
      hash::digest_of<H>(r[i].c.h, std::span(out + (done + i) * H::size, H::size));
      hash::wipe<H>(r[i]);
    }
    secure_zero(tails.data(), sizeof tails);
    done += n;
  }
}

// The same on one lanes kernel; min_active as for absorb_many (1: the
// lanes kernel hashes every block, as the known answers need).
template <class H>
void sum_many_on(const KernelOf<H>& lanes, const typename H::Kernel& single, const Messages& messages, std::uint8_t* out,
                 std::size_t min_active = 0) noexcept {
  sum_many_on<H>(KernelChain<H>(lanes, min_active), single, messages, out);
}

static_assert(kat_messages == max_lanes, "a lanes known answer gives every lane of the widest kernel a message of its own");

// A lanes known answer's computation on `k` itself, which need not be in
// its list (a test records what each lane is given): the kat_messages
// messages lanes_kat.hpp cuts from `input`, through the lanes kernel to the
// last lane, padding too, `single` for nothing (min_active 1); their
// digests one after another in `out`, empty if the input is too short.
template <class H>
void known_answer_on(const KernelOf<H>& k, const typename H::Kernel& single, std::span<const std::uint8_t> input,
                     std::vector<std::uint8_t>& out) {
  out.clear();
  if (input.size() < kat_input_size) return;
  std::array<std::span<const std::uint8_t>, kat_messages> messages;
  for (std::size_t j = 0; j < messages.size(); ++j) messages[j] = input.subspan(kat_offset(j), kat_length(j));
  const Messages all{messages.size(),
                     [](const void* self, std::size_t i) noexcept {
                       return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                     },
                     messages.data()};
  out.resize(kat_messages * H::size);
  sum_many_on<H>(k, single, all, out.data(), 1);
}

}  // namespace fipsmod::internal::lanes
