// HMAC inside the module: its entry in the algorithm table (it runs on the
// SHA-256 kernels) and the checked layer the C and the C++ API call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <span>
#include <vector>

#include <fipsmod/hmac.hpp>

#include "../algorithm.hpp"
#include "../sha256/sha256_kernel.hpp"
#include "../service.hpp"
#include "../status.hpp"

namespace fipsmod::hmac {

using sha256::Variant;

// HMAC-SHA-256's entry in the algorithm table: its own known-answer test
// (the integrity test will rest on it), over SHA-256's kernel list and
// choice, since HMAC calls nothing of a kernel but the SHA-256 block.
// HMAC-SHA-224 has no test of its own: it is this code on SHA-224's
// initial values and digest length, as SHA-224 is SHA-256's code.
extern const internal::Algorithm algorithm;
std::span<const internal::KnownAnswer> known_answers() noexcept;
std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input);
// A known answer's input: a key of this many bytes, then the message.
inline constexpr std::size_t kat_key_size = 32;

template <class Hash>
constexpr Variant variant_of() {
  return std::is_same_v<Hash, sha256::Digest> ? Variant::sha256 : Variant::sha224;
}

struct HmacAccess {
  using Status = internal::Status;

  // Without the gate (FIPS 198-1 §4): keys k on `kernel`, feeds it, and
  // writes the MAC (digest_size(v) bytes). finish leaves k as it was.
  static void key(Keyed& k, const sha256::Kernel& kernel, Variant v, std::span<const std::uint8_t> key) noexcept;
  static void absorb(Keyed& k, std::span<const std::uint8_t> data) noexcept;
  static void finish(const Keyed& k, Variant v, std::span<std::uint8_t> out) noexcept;
  static void restart(Keyed& k) noexcept;
  // Zeroises all of k, with stores the compiler keeps.
  static void wipe(Keyed& k) noexcept;

  // How a call runs (internal::run_service): keying and the one-shot by the
  // key's length, the calls on a keyed state by the key it was made with.
  static constexpr internal::Approval approval_for_key(std::size_t key_size) noexcept {
    return key_size >= min_approved_key_size ? internal::Approval::approved : internal::Approval::not_approved;
  }
  static constexpr internal::Approval approval_of(const Keyed& k) noexcept {
    return k.approved_key ? internal::Approval::approved : internal::Approval::not_approved;
  }

  // The services: each passes the gate once (run_service); on error
  // nothing is written.
  static Status init(Keyed& k, Variant v, std::span<const std::uint8_t> key) noexcept;
  static Status update(Keyed& k, std::span<const std::uint8_t> data) noexcept;
  static Status sum(const Keyed& k, Variant v, std::span<std::uint8_t> out) noexcept;
  static Status reset(Keyed& k) noexcept;
  static Status one_shot(Variant v, std::span<const std::uint8_t> key, std::span<const std::uint8_t> data,
                         std::span<std::uint8_t> out) noexcept;

  // An HMAC keyed on a given kernel without the gate, for tests.
  template <class Hash>
  static Hmac<Hash> on(const sha256::Kernel& kernel, std::span<const std::uint8_t> key) noexcept {
    Hmac<Hash> h;
    HmacAccess::key(h.k_, kernel, variant_of<Hash>(), key);
    return h;
  }
  template <class Hash>
  static const Keyed& keyed(const Hmac<Hash>& h) noexcept {
    return h.k_;
  }
};

}  // namespace fipsmod::hmac
