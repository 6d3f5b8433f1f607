// SHA-256 and SHA-224 inside the module: the kernels and their registry,
// the algorithm's entry in the table, the streaming code both digests and
// HMAC share, and the checked layer the C and the C++ API call.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <fipsmod/sha256.hpp>

#include "../algorithm.hpp"
#include "../registry.hpp"
#include "../service.hpp"
#include "../status.hpp"

namespace fipsmod::sha256 {

// Runs the SHA-256 compression function (FIPS 180-4 §6.2.2) over `blocks`
// consecutive 64-byte blocks at `data`, which may have any alignment, each
// read as sixteen big-endian words, updating the eight chaining words in
// `state`. SHA-224 uses the same function (§6.3).
using BlockFn = void (*)(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);

struct Kernel : internal::KernelInfo {
  BlockFn block;
};

// Every SHA-256 kernel, best first; the generic one last. SHA-224 and
// HMAC run on the same list and the same choice: they call this block
// function and nothing else that a kernel provides.
//
// One list, and so one cached choice, for SHA-256, SHA-224 and HMAC over
// either, which is right because they run exactly this block function: the
// kernel best for one is best for all. (A hash with another block
// function, SHA-512 say, gets a list of its own and chooses apart:
// KernelList caches per list.) The HMAC algorithm entry names this object.
extern const internal::KernelList<Kernel> kernel_list;
const internal::KernelList<Kernel>& kernels() noexcept;
inline const Kernel& selected_kernel() noexcept { return kernels().selected(); }

extern const Kernel generic_kernel;

// FIPS 180-4 §4.2.2: K, the first 32 bits of the fractional parts of the
// cube roots of the first 64 primes; §5.3.3 and §5.3.2: the initial hash
// values of SHA-256 and SHA-224.
extern const std::array<std::uint32_t, 64> fips180_k;
enum class Variant { sha256, sha224 };
const std::array<std::uint32_t, 8>& initial_hash(Variant v) noexcept;
constexpr std::size_t digest_size(Variant v) noexcept { return v == Variant::sha256 ? size : size224; }

// The streaming computation on a Chain, with no gate: buffering of
// partial blocks, and the final padding (§5.1.1) computed on a copy, so a
// running hash can go on taking input. finish writes digest_size(v) bytes.
Chain initial_chain(Variant v) noexcept;
void absorb(const Kernel& k, Chain& c, std::span<const std::uint8_t> data) noexcept;
void finish(const Kernel& k, const Chain& c, Variant v, std::span<std::uint8_t> out) noexcept;

// SHA-256's entry in the algorithm table (sha256_kernels.cpp), with its
// known-answer self-test (sha256_selftest.cpp). SHA-224 has no entry of its
// own: it is the same kernel on other initial values, so the SHA-256 test
// of each kernel covers it, and it has no choice of its own to report.
extern const internal::Algorithm algorithm;
std::span<const internal::KnownAnswer> known_answers() noexcept;
std::vector<std::uint8_t> known_answer_computation(const internal::KernelInfo& kernel,
                                                   std::span<const std::uint8_t> input);

// The services of both digests as the C and the C++ API share them. Each
// runs as an approved service (internal::run_service: one gate, the
// indicator), returns a status and never throws; on error it changes and
// writes nothing. The variant says which digest a Running is.
struct DigestAccess {
  using Status = internal::Status;
  static constexpr internal::Approval approval = internal::Approval::approved;

  static Status init(Running& r, Variant v) noexcept;  // a fresh digest on the selected kernel
  static Status update(Running& r, std::span<const std::uint8_t> data) noexcept;
  // Writes digest_size(v) bytes.
  static Status sum(const Running& r, Variant v, std::span<std::uint8_t> out) noexcept;
  static Status marshal(const Running& r, Variant v, State& out) noexcept;
  // Restores everything but r.kernel.
  static Status unmarshal(Running& r, Variant v, std::span<const std::uint8_t> state) noexcept;
  static Status reset(Running& r, Variant v) noexcept;
  static Status one_shot(Variant v, std::span<const std::uint8_t> data, std::span<std::uint8_t> out) noexcept;

  // The same on a Digest's or a Digest224's state.
  static Status update(Digest& d, std::span<const std::uint8_t> data) noexcept { return update(d.r_, data); }
  static Status update(Digest224& d, std::span<const std::uint8_t> data) noexcept { return update(d.r_, data); }
  static Status sum(const Digest& d, Sum& out) noexcept { return sum(d.r_, Variant::sha256, out); }
  static Status sum(const Digest224& d, Sum224& out) noexcept { return sum(d.r_, Variant::sha224, out); }
  static Status marshal(const Digest& d, State& out) noexcept { return marshal(d.r_, Variant::sha256, out); }
  static Status marshal(const Digest224& d, State& out) noexcept { return marshal(d.r_, Variant::sha224, out); }
  static Status unmarshal(Digest& d, std::span<const std::uint8_t> state) noexcept {
    return unmarshal(d.r_, Variant::sha256, state);
  }
  static Status unmarshal(Digest224& d, std::span<const std::uint8_t> state) noexcept {
    return unmarshal(d.r_, Variant::sha224, state);
  }
  static Status reset(Digest& d) noexcept { return reset(d.r_, Variant::sha256); }
  static Status reset(Digest224& d) noexcept { return reset(d.r_, Variant::sha224); }

  // Without the gate: fresh states and digests on a given kernel, for a
  // caller that has passed it or runs before it (the self-test), and for
  // tests.
  static Running start(const Kernel& kernel, Variant v) noexcept { return Running{&kernel, initial_chain(v)}; }
  static Digest on(const Kernel& kernel) noexcept { return Digest(start(kernel, Variant::sha256)); }
  static Digest224 on224(const Kernel& kernel) noexcept { return Digest224(start(kernel, Variant::sha224)); }
  static Sum unchecked_sum(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept;
  static Sum224 unchecked_sum224(const Kernel& kernel, std::span<const std::uint8_t> data) noexcept;
  // Zeroises r, with stores the compiler keeps.
  static void wipe(Running& r) noexcept;
};

}  // namespace fipsmod::sha256
