// The lanes dispatcher: it tops up each computation's partial block, then
// runs the lanes kernel over the whole blocks of as many computations at a
// time as the kernel is wide, for as many blocks as the shortest of them
// has left, drops the ones that are done and takes on waiting ones, and
// buffers each computation's tail as a lone update would.
#include <algorithm>
#include <array>
#include <cstring>

#include "../secure_zero.hpp"
#include "../service.hpp"
#include "md5_lanes.hpp"

namespace fipsmod::md5 {
namespace {

using internal::Status;

// What a lane holds while it works on one computation.
struct Lane {
  Running* r = nullptr;
  const std::uint8_t* next = nullptr;
  std::size_t blocks = 0;  // left to hash
};

// Jobs are taken this many at a time (the batch lives on the stack), and a
// batch ends early at a computation it already holds, so a computation
// named twice takes its data in order.
constexpr std::size_t kBatch = 4 * max_lanes;

class Dispatcher {
 public:
  Dispatcher(const LanesKernel& kernel, std::size_t min_active) noexcept
      : kernel_(kernel),
        // A kernel wider than the arrays here (an RVV machine with VLEN over
        // 2048) is never called: every lane then runs on its own kernel.
        fits_(kernel.width() >= 1 && kernel.width() <= max_lanes),
        width_(fits_ ? kernel.width() : 1),
        // The kernel's own threshold (LanesKernel::pays_from), unless the
        // caller names one; never more than the lanes there are.
        min_active_(!fits_ ? SIZE_MAX : std::min(width_, min_active != 0 ? min_active : kernel.pays_from)) {}
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;
  ~Dispatcher() { internal::secure_zero(state_.data(), sizeof state_); }

  // The jobs of a batch hold distinct computations, so their order is free:
  // the longest go first, and the short ones fill the lanes the long ones
  // leave at the end (longest-first keeps the lanes busiest).
  void run(std::span<const LaneJob> jobs, std::span<std::span<const std::uint8_t>> whole) noexcept {
    std::size_t count = 0;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      if (!whole[j].empty()) order_[count++] = static_cast<std::uint16_t>(j);
    }
    std::sort(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(count),
              [&](std::uint16_t a, std::uint16_t b) { return whole[a].size() > whole[b].size(); });
    std::size_t waiting = 0;  // next of order_ not yet given a lane
    const auto take_next = [&](std::size_t i) {
      lanes_[i] = {};
      if (waiting == count) return;
      const std::size_t j = order_[waiting++];
      Running* r = jobs[j].r;
      lanes_[i] = {r, whole[j].data(), whole[j].size() / block_size};
      for (std::size_t w = 0; w < 4; ++w) state_[w * width_ + i] = r->s[w];
    };
    for (std::size_t i = 0; i < width_; ++i) take_next(i);
    for (;;) {
      std::size_t active = 0, step = SIZE_MAX;
      const std::uint8_t* any = nullptr;
      for (std::size_t i = 0; i < width_; ++i) {
        if (lanes_[i].r == nullptr) continue;
        ++active;
        step = std::min(step, lanes_[i].blocks);
        any = lanes_[i].next;
      }
      if (active == 0) return;
      if (active < min_active_) break;
      for (std::size_t i = 0; i < width_; ++i) data_[i] = lanes_[i].r ? lanes_[i].next : any;  // idle lanes
      kernel_.blocks(state_.data(), data_.data(), step);
      for (std::size_t i = 0; i < width_; ++i) {
        Lane& l = lanes_[i];
        if (l.r == nullptr) continue;
        l.next += step * block_size;
        l.blocks -= step;
        if (l.blocks > 0) continue;
        for (std::size_t j = 0; j < 4; ++j) l.r->s[j] = state_[j * width_ + i];
        take_next(i);
      }
    }
    // Too few left for the lanes kernel: each computation's own kernel.
    for (std::size_t i = 0; i < width_; ++i) {
      Lane& l = lanes_[i];
      if (l.r == nullptr) continue;
      for (std::size_t j = 0; j < 4; ++j) l.r->s[j] = state_[j * width_ + i];
      l.r->kernel->block(l.r->s.data(), l.next, l.blocks);
    }
    for (; waiting < count; ++waiting) {
      const std::size_t j = order_[waiting];
      jobs[j].r->kernel->block(jobs[j].r->s.data(), whole[j].data(), whole[j].size() / block_size);
    }
  }

 private:
  const LanesKernel& kernel_;
  const bool fits_;
  const std::size_t width_;
  const std::size_t min_active_;
  std::array<std::uint32_t, 4 * max_lanes> state_{};
  std::array<const std::uint8_t*, max_lanes> data_{};
  std::array<Lane, max_lanes> lanes_{};
  std::array<std::uint16_t, kBatch> order_{};
};


}  // namespace

void absorb_many(const LaneJobs& jobs, const LanesKernel& kernel, std::size_t min_active) noexcept {
  std::array<LaneJob, kBatch> batch;
  std::array<std::span<const std::uint8_t>, kBatch> whole;
  for (std::size_t next = 0; next < jobs.size;) {
    std::size_t n = 0;
    for (; n < kBatch && next < jobs.size; ++n, ++next) {
      const LaneJob job = jobs.at(jobs.self, next);
      const auto held = std::span(batch).first(n);
      if (std::any_of(held.begin(), held.end(), [&](const LaneJob& j) { return j.r == job.r; })) break;
      batch[n] = job;
    }
    for (std::size_t i = 0; i < n; ++i) whole[i] = DigestAccess::take(*batch[i].r, batch[i].data);
    Dispatcher(kernel, min_active).run(std::span(batch).first(n), std::span(whole).first(n));
  }
}

void absorb_many(std::span<const LaneJob> jobs, const LanesKernel& kernel, std::size_t min_active) noexcept {
  const LaneJobs all{jobs.size(),
                     [](const void* self, std::size_t i) noexcept { return static_cast<const LaneJob*>(self)[i]; },
                     jobs.data()};
  absorb_many(all, kernel, min_active);
}

Status LanesAccess::update_many(const LaneJobs& jobs) noexcept {
  return internal::run_service(DigestAccess::approval, [&] {
    absorb_many(jobs, lanes_kernels().selected());
    return Status::ok;
  });
}

void sum_many_on(const LanesKernel& lanes, const Messages& messages, Sum* out, std::size_t min_active) noexcept {
  {
    const Kernel& single = selected_kernel();
    constexpr std::size_t kSums = kBatch / 2;
    std::array<Running, kSums> r;
    std::array<LaneJob, kSums> jobs;
    std::array<std::array<std::uint8_t, 2 * block_size>, kSums> tails;
    std::array<std::span<const std::uint8_t>, kSums> whole;
    for (std::size_t done = 0; done < messages.size;) {
      const std::size_t n = std::min(messages.size - done, kSums);
      for (std::size_t i = 0; i < n; ++i) {
        r[i] = DigestAccess::start(single);
        jobs[i] = {&r[i], messages.at(messages.self, done + i)};
      }
      absorb_many(std::span(jobs).first(n), lanes, min_active);
      // The padded last blocks through the lanes kernel too: one block in
      // every 129 of 8 KiB messages, which one at a time would cost a tenth
      // of the whole.
      for (std::size_t i = 0; i < n; ++i) {
        whole[i] = std::span(tails[i]).first(DigestAccess::padding(r[i], tails[i]) * block_size);
      }
      Dispatcher(lanes, min_active).run(std::span(jobs).first(n), std::span(whole).first(n));
      for (std::size_t i = 0; i < n; ++i) {
        out[done + i] = DigestAccess::digest_of(r[i].s);
        DigestAccess::wipe(r[i]);
      }
      internal::secure_zero(tails.data(), sizeof tails);
      done += n;
    }
  }
}

Status LanesAccess::sum_many(const Messages& messages, Sum* out) noexcept {
  return internal::run_service(DigestAccess::approval, [&] {
    sum_many_on(lanes_kernels().selected(), messages, out);
    return Status::ok;
  });
}

// The C++ API.

void update_many(std::span<const Update> updates) {
  for (const Update& u : updates) {
    if (u.digest == nullptr) internal::throw_if_error(internal::refuse(Status::null_argument));
  }
  const LaneJobs jobs{updates.size(),
                      [](const void* self, std::size_t i) noexcept {
                        const Update& u = static_cast<const Update*>(self)[i];
                        return LaneJob{&DigestAccess::running(*u.digest), u.data};
                      },
                      updates.data()};
  internal::throw_if_error(LanesAccess::update_many(jobs));
}

void sum_many(std::span<const std::span<const std::uint8_t>> messages, std::span<Sum> out) {
  if (out.size() < messages.size()) internal::throw_if_error(internal::refuse(Status::dst_too_short));
  const Messages all{messages.size(),
                     [](const void* self, std::size_t i) noexcept {
                       return static_cast<const std::span<const std::uint8_t>*>(self)[i];
                     },
                     messages.data()};
  internal::throw_if_error(LanesAccess::sum_many(all, out.data()));
}

}  // namespace fipsmod::md5
