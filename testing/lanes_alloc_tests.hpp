// The no-allocation tests of a hash's services on many computations
// (core/lanes.hpp: nothing is allocated per call), written once for every
// hash with lanes kernels; a hash's *_alloc_test.cpp (which replaces
// operator new to count allocations) calls them with its counter and the
// traits struct of testing/lanes_tests.hpp.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <span>
#include <vector>

#include "core/lanes.hpp"

namespace fipsmod::testing::lanes_tests {

// Many messages of unequal lengths (0 to 5 KiB, partial blocks): more than
// the widest kernel's lanes several times over, and more than the
// dispatcher takes in one batch, so lanes drop out, take on waiting
// messages, and batches follow one another.
inline constexpr std::size_t kMany = 5 * internal::lanes::max_lanes + 7;
inline std::vector<std::vector<std::uint8_t>> many_messages() {
  std::vector<std::vector<std::uint8_t>> out;
  for (std::size_t i = 0; i < kMany; ++i) out.emplace_back((i * 977 + i / 7) % 5000, static_cast<std::uint8_t>(i));
  return out;
}

// The dispatcher and the one-shot digests on `kernel`, pinned: absorb_many
// by the dispatcher's rule and with the lanes kernel to the last lane, a
// computation named twice, and sum_many_on.
template <class T>
void absorb_many_and_sum_many_on_allocate_nothing(const typename T::Kernel& kernel, long (*allocations)()) {
  using H = typename T::H;
  const typename T::Digest powered_on;
  const auto data = many_messages();
  std::vector<internal::hash::Running<H>> r(kMany);
  std::vector<internal::lanes::Job<H>> jobs;
  for (std::size_t i = 0; i < kMany; ++i) {
    r[i] = internal::hash::start<H>(T::single().generic());
    jobs.push_back({&r[i], data[i]});
  }
  jobs.push_back({&r[0], data[1]});  // named twice: the batch ends there
  const internal::lanes::Messages all{
      kMany,
      [](const void* self, std::size_t i) noexcept {
        return std::span<const std::uint8_t>(static_cast<const std::vector<std::uint8_t>*>(self)[i]);
      },
      data.data()};
  std::vector<typename T::Sum> out(kMany);
  const long before = allocations();
  internal::lanes::absorb_many<H>(std::span<const internal::lanes::Job<H>>(jobs), kernel);
  internal::lanes::absorb_many<H>(std::span<const internal::lanes::Job<H>>(jobs), kernel, 1);
  internal::lanes::sum_many_on<H>(kernel, T::single().selected(), all, out[0].data());
  EXPECT_EQ(allocations() - before, 0) << "on " << kernel.name << ", width " << kernel.width();
  for (std::size_t i = 0; i < kMany; ++i) ASSERT_EQ(out[i], T::cpp_sum(data[i])) << i;
}

// The four services on many computations, through the lanes kernel this
// process selected (printed, so that a run with FIPSMOD_DISABLE can show
// which).
template <class T>
void services_allocate_nothing(long (*allocations)()) {
  constexpr std::size_t kSize = T::H::size;
  const typename T::Digest powered_on;
  const auto data = many_messages();
  std::vector<typename T::Digest> digests(kMany);
  std::vector<typename T::Update> updates;
  std::vector<typename T::Ctx> ctx(kMany);
  std::vector<typename T::Item> items;
  std::vector<std::span<const std::uint8_t>> spans;
  std::vector<const void*> pointers;
  std::vector<std::size_t> lengths;
  for (std::size_t i = 0; i < kMany; ++i) {
    ASSERT_EQ(T::init(&ctx[i]), FIPSMOD_OK);
    updates.push_back({&digests[i], data[i]});
    items.push_back({&ctx[i], data[i].data(), data[i].size()});
    spans.emplace_back(data[i]);
    pointers.push_back(data[i].data());
    lengths.push_back(data[i].size());
  }
  updates.push_back({&digests[0], data[1]});  // named twice
  items.push_back({&ctx[0], data[1].data(), data[1].size()});
  std::vector<typename T::Sum> out(kMany);
  std::vector<std::uint8_t> c_out(kMany * kSize);
  const long before = allocations();
  T::cpp_update_many(updates);
  T::cpp_sum_many(spans, out);
  ASSERT_EQ(T::update_many(items.data(), items.size()), FIPSMOD_OK);
  ASSERT_EQ(T::many(kMany, pointers.data(), lengths.data(), reinterpret_cast<std::uint8_t(*)[kSize]>(c_out.data())),
            FIPSMOD_OK);
  const long after = allocations();
  const auto& selected = T::lanes().selected();
  std::printf("selected lanes kernel: %s, width %zu\n", selected.name, selected.width());
  EXPECT_EQ(after - before, 0) << "on " << selected.name;
  for (std::size_t i = 0; i < kMany; ++i) {
    ASSERT_EQ(out[i], T::cpp_sum(data[i])) << i;
    ASSERT_EQ(0, std::memcmp(&c_out[i * kSize], out[i].data(), kSize)) << i;
  }
}

}  // namespace fipsmod::testing::lanes_tests
