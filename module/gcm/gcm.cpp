// GCM's computation on one kernel (SP 800-38D §7): the pre-counter block,
// the additional data and the partial blocks, around the kernel's fused
// loop over whole blocks.
#include <array>
#include <cstring>

#include "core/compare.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"

namespace fipsmod::gcm {

namespace {

using Block = std::array<std::uint8_t, 16>;

void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

// inc32 (§6.2): the last four bytes as a big-endian counter, mod 2^32.
void inc32(Block& b) noexcept {
  std::uint32_t c = (std::uint32_t{b[12]} << 24) | (std::uint32_t{b[13]} << 16) | (std::uint32_t{b[14]} << 8) | b[15];
  ++c;
  b[12] = static_cast<std::uint8_t>(c >> 24);
  b[13] = static_cast<std::uint8_t>(c >> 16);
  b[14] = static_cast<std::uint8_t>(c >> 8);
  b[15] = static_cast<std::uint8_t>(c);
}

// GHASH over data padded with zeroes to whole blocks (§7.1 step 5).
void ghash_padded(const Kernel& k, const Key& key, Block& y, std::span<const std::uint8_t> data) noexcept {
  const std::size_t whole = data.size() / 16;
  k.ghash(&key.ghash, y.data(), data.data(), whole);
  if (const std::size_t rest = data.size() % 16; rest != 0) {
    Block last{};
    std::memcpy(last.data(), data.data() + whole * 16, rest);
    k.ghash(&key.ghash, y.data(), last.data(), 1);
    internal::secure_zero(last.data(), last.size());
  }
}

// J0 (§7.1 step 2) into j0 (the caller's, which wipes it): nonce || 0^31 ||
// 1 for a 96-bit nonce; otherwise GHASH(nonce padded || 0^64 ||
// [len(nonce)]_64), a GHASH under H, so as secret as H.
void pre_counter(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, Block& j0) noexcept {
  j0 = Block{};
  if (nonce.size() == nonce_size) {
    std::memcpy(j0.data(), nonce.data(), nonce_size);
    j0[15] = 1;
    return;
  }
  ghash_padded(k, key, j0, nonce);
  Block lengths{};
  store_be64(lengths.data() + 8, std::uint64_t{nonce.size()} * 8);
  k.ghash(&key.ghash, j0.data(), lengths.data(), 1);
}

// The counter-mode and GHASH pass over the text, whole blocks in the
// kernel's fused loop, the last partial block here; y continues from the
// additional data's hash.
void crypt(const Kernel& k, const Key& key, Block& ctr, Block& y, const std::uint8_t* in, std::uint8_t* out,
           std::size_t len, bool sealing) noexcept {
  const std::size_t whole = len / 16;
  (sealing ? k.seal : k.open)(&key.aes, &key.ghash, ctr.data(), y.data(), in, out, whole);
  const std::size_t rest = len % 16;
  if (rest == 0) return;
  Block stream, last{};
  k.encrypt(&key.aes, ctr.data(), stream.data(), 1);
  const std::uint8_t* tail_in = in + whole * 16;
  std::uint8_t* tail_out = out + whole * 16;
  if (!sealing) std::memcpy(last.data(), tail_in, rest);  // the ciphertext, before an in-place write
  for (std::size_t i = 0; i < rest; ++i) tail_out[i] = static_cast<std::uint8_t>(tail_in[i] ^ stream[i]);
  if (sealing) std::memcpy(last.data(), tail_out, rest);
  k.ghash(&key.ghash, y.data(), last.data(), 1);
  internal::secure_zero(stream.data(), stream.size());
  internal::secure_zero(last.data(), last.size());
}

// The full tag (§7.1 steps 5-6) into tag (the caller's, which wipes it):
// y finished with the lengths block, then xor E_K(J0), which is made in
// tag itself. The compiler may still keep a copy of E_K(J0) in a stack
// slot while it xors (GCC did: a dead store of the loaded block into the
// frame, with no name of ours to wipe), so this runs in a frame of its
// own, which the caller wipes with wipe_stack_below right after.
[[gnu::noinline]] void finish(const Kernel& k, const Key& key, const Block& j0, Block& y, std::size_t aad_len,
                              std::size_t len, Block& tag) noexcept {
  Block lengths;
  store_be64(lengths.data(), std::uint64_t{aad_len} * 8);
  store_be64(lengths.data() + 8, std::uint64_t{len} * 8);
  k.ghash(&key.ghash, y.data(), lengths.data(), 1);
  k.encrypt(&key.aes, j0.data(), tag.data(), 1);
  for (std::size_t i = 0; i < 16; ++i) tag[i] ^= y[i];
}

// What wipe_stack_below zeroes after finish: its frame (128 bytes with
// GCC on x86-64, the return address and six saved registers included)
// and what the kernel functions it calls leave below it, with
// room to spare.
constexpr std::size_t finish_frame = 256;

// The pass both directions share: J0, the additional data, the text; the
// full tag into `tag`. J0 (a GHASH under H when the nonce is not 96 bits),
// the counter and y are wiped here; the caller wipes tag.
void run(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
         const std::uint8_t* in, std::uint8_t* out, std::size_t len, bool sealing, Block& tag) noexcept {
  Block j0, y{};
  pre_counter(k, key, nonce, j0);
  Block ctr = j0;
  inc32(ctr);
  ghash_padded(k, key, y, aad);
  crypt(k, key, ctr, y, in, out, len, sealing);
  finish(k, key, j0, y, aad.size(), len, tag);
  internal::wipe_stack_below<finish_frame>();
  internal::secure_zero(j0.data(), j0.size());
  internal::secure_zero(y.data(), y.size());
  internal::secure_zero(ctr.data(), ctr.size());
}

}  // namespace

void init(const Kernel& k, Key& out, std::span<const std::uint8_t> aes_key) noexcept {
  k.expand(&out.aes, aes_key.data(), aes_key.size());
  Block h{};
  k.encrypt(&out.aes, h.data(), h.data(), 1);
  k.ghash_init(&out.ghash, h.data());
  internal::secure_zero(h.data(), h.size());
}

void seal(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::span<std::uint8_t> tag) noexcept {
  Block full;
  run(k, key, nonce, aad, in, out, len, true, full);
  std::memcpy(tag.data(), full.data(), tag.size());
  internal::secure_zero(full.data(), full.size());
}

bool open(const Kernel& k, const Key& key, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::span<const std::uint8_t> tag) noexcept {
  Block full;
  run(k, key, nonce, aad, in, out, len, false, full);
  const bool ok = internal::equal(std::span<const std::uint8_t>(full).first(tag.size()), tag);
  internal::secure_zero(full.data(), full.size());
  if (!ok && len != 0) internal::secure_zero(out, len);
  return ok;
}

void set_invocation_counter(CounterState& state, std::uint64_t counter) noexcept { state.counter = counter; }
void set_random_invocations(RandomState& state, std::uint64_t invocations) noexcept { state.invocations = invocations; }

}  // namespace fipsmod::gcm
