// What every hash's saved-state tests share: a state to start from, and
// the check that a bad one is refused without changing the digest.
#pragma once

#include <gtest/gtest.h>

#include <fipsmod/module.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fipsmod::testing {

// Expects Digest::unmarshal(bad) to throw `message` and leave the digest
// as it was.
template <class Digest>
void expect_rejected(std::span<const std::uint8_t> bad, const std::string& message) {
  Digest d;
  d.update(std::string_view("a digest in progress"));
  const typename Digest::State before = d.marshal();
  try {
    d.unmarshal(bad);
    ADD_FAILURE() << "accepted a bad state; expected " << message;
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
  EXPECT_EQ(d.marshal(), before);
}

// The state after one whole block and `buffered` more bytes.
template <class Digest>
typename Digest::State valid_state(std::size_t buffered) {
  Digest d;
  d.update(std::vector<std::uint8_t>(Digest::block_size + buffered, 0x5a));
  return d.marshal();
}

// A state of Digest's own size under any identifier one bit away from its
// own (another hash's or another variant's among them) is refused.
template <class Digest>
void expect_every_other_identifier_rejected() {
  for (std::size_t bit = 0; bit < 32; ++bit) {
    typename Digest::State foreign = valid_state<Digest>(5);
    foreign[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    expect_rejected<Digest>(foreign, "invalid hash state identifier");
  }
}

}  // namespace fipsmod::testing
