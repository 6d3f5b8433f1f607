// GCM leaves no secret of a call on the stack: not J0 (a GHASH under the
// secret H when the nonce is not 96 bits, from which H can be solved), not
// E_K(J0), not the full 16-byte tag before it is cut (for a failed open,
// the right tag for the forged ciphertext). On every usable kernel through
// the internal seal and open, and through the C API. The test scrubs the
// stack below it, seals (with an 8-byte nonce) or opens a forged
// ciphertext in a frame of its own below, and reads what the call's frames
// left (testing/hash_zeroisation.hpp; skipped under AddressSanitizer, whose
// fake stack hides frames). The secrets it looks for are computed here from
// the generic kernel's GHASH and AES, and checked against the tag the call
// gives.
#include <gtest/gtest.h>

#include <fipsmod/gcm.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "internal.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/kernels.hpp"

#ifndef FIPSMOD_TEST_ASAN
namespace fipsmod::gcm::zeroisation_test {
namespace {

using Bytes = std::vector<std::uint8_t>;
using Block = std::array<std::uint8_t, 16>;
namespace z = testing::zeroisation;

// The call's inputs: an AES-128 key, an 8-byte nonce (so J0 is a GHASH),
// additional data and a text through the fused loop and a partial block;
// the seal's tag is cut to 12 bytes (so the full tag is the module's own).
struct Inputs {
  Bytes key, nonce, aad, text;
  std::size_t tag_len = 12;
  Inputs() : key(16), nonce(8), aad(13), text(16 * 9 + 5) {
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(0x11 + 29 * i);
    for (std::size_t i = 0; i < nonce.size(); ++i) nonce[i] = static_cast<std::uint8_t>(0xc0 + 3 * i);
    for (std::size_t i = 0; i < aad.size(); ++i) aad[i] = static_cast<std::uint8_t>(0x5a ^ i);
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<std::uint8_t>(7 * i + 2);
  }
};

void append_padded(Bytes& to, const Bytes& data) {
  to.insert(to.end(), data.begin(), data.end());
  to.resize((to.size() + 15) / 16 * 16, 0);
}
void append_be64(Bytes& to, std::uint64_t v) {
  for (int i = 7; i >= 0; --i) to.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// SP 800-38D §7.1, on the generic kernel's pieces: J0 = GHASH(nonce padded
// || 0^64 || [len(nonce)]_64), E_K(J0), and the full tag of a ciphertext,
// GHASH(aad padded || ciphertext padded || lengths) xor E_K(J0).
struct Secrets {
  Block j0{}, ek_j0{};
  std::unique_ptr<Key> key = std::make_unique<Key>();

  explicit Secrets(const Inputs& in) {
    const Kernel& g = kernels().generic();
    init(g, *key, in.key);
    Bytes n;
    append_padded(n, in.nonce);
    append_be64(n, 0);
    append_be64(n, std::uint64_t{in.nonce.size()} * 8);
    j0 = ghash(n);
    g.encrypt(&key->aes, j0.data(), ek_j0.data(), 1);
  }
  Block ghash(const Bytes& blocks) const {
    Block y{};
    kernels().generic().ghash(&key->ghash, y.data(), blocks.data(), blocks.size() / 16);
    return y;
  }
  Block tag(const Bytes& aad, const Bytes& ciphertext) const {
    Bytes m;
    append_padded(m, aad);
    append_padded(m, ciphertext);
    append_be64(m, std::uint64_t{aad.size()} * 8);
    append_be64(m, std::uint64_t{ciphertext.size()} * 8);
    Block t = ghash(m);
    for (std::size_t i = 0; i < 16; ++i) t[i] ^= ek_j0[i];
    return t;
  }
};

// The call in a frame of its own, below the caller's (inlined into the
// test, its locals would be in the test's frame, which is not read).
template <class F>
[[gnu::noinline]] int below(F& call) {
  const int r = call();
  __asm__ __volatile__("" : : : "memory");  // not a tail call: the frame is this function's
  return r;
}

struct Residue {
  bool j0, ek_j0, tag;
};

// Scrubs, makes the call, and reads the dead stack for J0, E_K(J0) and
// `tag` (each read straight after the call, before anything else runs:
// the call's status is checked after).
template <class F>
Residue residue_of(F& call, int& result, const Secrets& s, const Block& tag) {
  z::scrub_stack();
  result = below(call);
  Residue r;
  r.j0 = z::stack_holds_all(s.j0);
  r.ek_j0 = z::stack_holds_all(s.ek_j0);
  r.tag = z::stack_holds_all(tag);
  return r;
}

// Seal and open as `seal(inputs, in, out, tag)` and `open(inputs, in,
// tag, out)` make them (a kernel's, or the C API's), each returning a
// FIPSMOD_ status: the seal and the forged open checked against the
// secrets, then each made again below with the stack read after it.
template <class Seal, class Open>
void expect_no_residue(const std::string& where, Seal seal, Open open) {
  const Inputs in;
  const Secrets s(in);
  // The secrets are right: the call's tag is the computed one, cut.
  Bytes ct(in.text.size()), tag(in.tag_len);
  ASSERT_EQ(seal(in, in.text, ct, tag), FIPSMOD_OK) << where;
  const Block full = s.tag(in.aad, ct);
  ASSERT_TRUE(std::equal(tag.begin(), tag.end(), full.begin())) << where << ": the computed tag is not the seal's";
  // A forged ciphertext, and the tag it would need (which opens it).
  Bytes forged = ct;
  forged[20] ^= 0x40;
  const Block forged_full = s.tag(in.aad, forged);
  Bytes back(ct.size());
  ASSERT_EQ(open(in, forged, Bytes(forged_full.begin(), forged_full.begin() + in.tag_len), back), FIPSMOD_OK)
      << where << ": the computed tag of the forged ciphertext does not open it";

  Bytes out(in.text.size());
  int status = -1;
  auto sealing = [&] { return seal(in, in.text, out, tag); };
  const Residue sealed = residue_of(sealing, status, s, full);
  EXPECT_EQ(status, FIPSMOD_OK) << where;
  EXPECT_EQ(out, ct) << where;
  EXPECT_FALSE(sealed.j0) << where << ": seal left J0 on the stack";
  EXPECT_FALSE(sealed.ek_j0) << where << ": seal left E_K(J0) on the stack";
  EXPECT_FALSE(sealed.tag) << where << ": seal left the full tag on the stack";

  auto opening = [&] { return open(in, forged, tag, back); };
  const Residue opened = residue_of(opening, status, s, forged_full);
  EXPECT_EQ(status, FIPSMOD_ERR_AUTHENTICATION) << where << ": the forged ciphertext";
  EXPECT_FALSE(opened.j0) << where << ": the failed open left J0 on the stack";
  EXPECT_FALSE(opened.ek_j0) << where << ": the failed open left E_K(J0) on the stack";
  EXPECT_FALSE(opened.tag) << where << ": the failed open left the forged ciphertext's full tag on the stack";
}

// The scrub and the reading of dead stack see a 16-byte block here.
TEST(GcmZeroisation, ResidueOfABlockIsSeen) {
  z::expect_residue_is_seen();
  Block probe;
  for (std::size_t i = 0; i < probe.size(); ++i) probe[i] = static_cast<std::uint8_t>(0x61 + 9 * i);
  z::scrub_stack();
  ASSERT_FALSE(z::stack_holds_all(probe));
  z::leave_on_stack(probe);
  ASSERT_TRUE(z::stack_holds_all(probe));
}

class GcmZeroisationKernel : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(GcmZeroisationKernel, NoSecretOfTheCallIsLeftOnTheStack) {
  const Kernel& k = *GetParam();
  auto key = std::make_unique<Key>();
  init(k, *key, Inputs().key);
  expect_no_residue(
      k.name,
      [&](const Inputs& in, const Bytes& text, Bytes& out, Bytes& tag) {
        gcm::seal(k, *key, in.nonce, in.aad, text.data(), out.data(), text.size(), tag);
        return FIPSMOD_OK;
      },
      [&](const Inputs& in, const Bytes& ct, const Bytes& tag, Bytes& out) {
        const bool ok = gcm::open(k, *key, in.nonce, in.aad, ct.data(), out.data(), ct.size(), tag);
        return ok ? FIPSMOD_OK : FIPSMOD_ERR_AUTHENTICATION;
      });
}

INSTANTIATE_TEST_SUITE_P(Usable, GcmZeroisationKernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

TEST(GcmZeroisation, NoSecretOfTheCallIsLeftOnTheStackThroughTheCApi) {
  auto ctx = std::make_unique<fipsmod_aes_gcm_ctx>();
  const Inputs inputs;
  ASSERT_EQ(fipsmod_aes_gcm_init(ctx.get(), inputs.key.data(), inputs.key.size()), FIPSMOD_OK);
  expect_no_residue(
      "fipsmod_aes_gcm_seal/open",
      [&](const Inputs& in, const Bytes& text, Bytes& out, Bytes& tag) {
        return fipsmod_aes_gcm_seal(ctx.get(), in.nonce.data(), in.nonce.size(), in.aad.data(), in.aad.size(), text.data(),
                                    text.size(), out.data(), tag.data(), tag.size());
      },
      [&](const Inputs& in, const Bytes& ct, const Bytes& tag, Bytes& out) {
        return fipsmod_aes_gcm_open(ctx.get(), in.nonce.data(), in.nonce.size(), in.aad.data(), in.aad.size(), ct.data(),
                                    ct.size(), tag.data(), tag.size(), out.data());
      });
  EXPECT_EQ(fipsmod_aes_gcm_cleanse(ctx.get()), FIPSMOD_OK);
}

}  // namespace
}  // namespace fipsmod::gcm::zeroisation_test
#endif
