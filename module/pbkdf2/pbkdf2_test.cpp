// PBKDF2 over every SHA-2 hash on every usable kernel of its hash: the
// Botan vectors and the published PBKDF2-HMAC-SHA-256 cases (RFC 7914 §11,
// Stack Overflow 5130513) from vectors/pbkdf2.vec; the C and C++ APIs, their
// errors (writing nothing), overlapping arguments, the approval rule at each
// boundary through the indicator, the number of compressions (keyed once
// per call, two a further iteration), and the known answer's shape.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <fipsmod/pbkdf2.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"
#include "traits.hpp"

namespace fipsmod::pbkdf2 {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  Bytes password, salt;
  std::uint32_t iterations;
  std::string out;  // hex
  std::string section, hash;
  int line;
};

// The hash a section is over: "PBKDF2(SHA-512/224)" -> "SHA-512/224".
std::string hash_of(const std::string& section) {
  const auto open = section.find('('), close = section.rfind(')');
  return section.substr(open + 1, close - open - 1);
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : load_vectors("pbkdf2.vec")) {
      c.push_back({v.bytes("Passphrase"), v.bytes("Salt"), static_cast<std::uint32_t>(std::stoul(v.text("Iterations"))),
                   v.text("Output"), v.section, hash_of(v.section), v.line});
    }
    return c;
  }();
  return all;
}

template <class H>
std::string derive_hex(const typename H::Kernel& k, const Case& c) {
  Bytes out(c.out.size() / 2);
  derive<H>(k, c.password, c.salt, c.iterations, out);
  return to_hex(out);
}

TEST(Pbkdf2Vectors, CoverEveryHashAndThePublishedCases) {
  std::map<std::string, int> by_section;
  for (const Case& c : cases()) ++by_section[c.section];
  for (const char* s : {"PBKDF2(SHA-256)", "PBKDF2(SHA-224)", "PBKDF2(SHA-384)", "PBKDF2(SHA-512)",
                        "PBKDF2(SHA-512/224)", "PBKDF2(SHA-512/256)"}) {
    EXPECT_GE(by_section[s], 70) << s;
  }
  EXPECT_EQ(by_section["RFC7914(SHA-256)"], 2);
  EXPECT_EQ(by_section["SO5130513(SHA-256)"], 5);
}

class Pbkdf2Sha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};
class Pbkdf2Sha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(Pbkdf2Sha256Kernel, VectorsOfSha256AndSha224) {
  int n = 0;
  for (const Case& c : cases()) {
    if (c.hash == "SHA-256") {
      EXPECT_EQ(derive_hex<sha256::Sha256>(*GetParam(), c), c.out) << c.section << " line " << c.line;
    } else if (c.hash == "SHA-224") {
      EXPECT_EQ(derive_hex<sha256::Sha224>(*GetParam(), c), c.out) << c.section << " line " << c.line;
    } else {
      continue;
    }
    ++n;
  }
  EXPECT_EQ(n, 2 * 73 + 7);
}

TEST_P(Pbkdf2Sha512Kernel, VectorsOfTheSha512Family) {
  int n = 0;
  for (const Case& c : cases()) {
    const auto& k = *GetParam();
    if (c.hash == "SHA-512") {
      EXPECT_EQ(derive_hex<sha512::Sha512>(k, c), c.out) << c.section << " line " << c.line;
    } else if (c.hash == "SHA-384") {
      EXPECT_EQ(derive_hex<sha512::Sha384>(k, c), c.out) << c.section << " line " << c.line;
    } else if (c.hash == "SHA-512/224") {
      EXPECT_EQ(derive_hex<sha512::Sha512_224>(k, c), c.out) << c.section << " line " << c.line;
    } else if (c.hash == "SHA-512/256") {
      EXPECT_EQ(derive_hex<sha512::Sha512_256>(k, c), c.out) << c.section << " line " << c.line;
    } else {
      continue;
    }
    ++n;
  }
  EXPECT_EQ(n, 4 * 73);
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2Sha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});
INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2Sha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

using CFunction = int (*)(const void*, size_t, const void*, size_t, uint32_t, uint8_t*, size_t);
struct Api {
  const char* hash;
  CFunction c;
  std::function<void(std::span<const std::uint8_t>, std::span<const std::uint8_t>, std::uint32_t,
                     std::span<std::uint8_t>)>
      cpp;
  std::size_t size;
};
template <class Hash>
void derive_span(std::span<const std::uint8_t> p, std::span<const std::uint8_t> s, std::uint32_t c,
                 std::span<std::uint8_t> out) {
  derive<Hash>(p, s, c, out);
}
const std::vector<Api>& apis() {
  static const std::vector<Api> all = {
      {"SHA-256", fipsmod_pbkdf2_sha256, derive_span<sha256::Digest>, 32},
      {"SHA-224", fipsmod_pbkdf2_sha224, derive_span<sha224::Digest>, 28},
      {"SHA-384", fipsmod_pbkdf2_sha384, derive_span<sha384::Digest>, 48},
      {"SHA-512", fipsmod_pbkdf2_sha512, derive_span<sha512::Digest>, 64},
      {"SHA-512/224", fipsmod_pbkdf2_sha512_224, derive_span<sha512_224::Digest>, 28},
      {"SHA-512/256", fipsmod_pbkdf2_sha512_256, derive_span<sha512_256::Digest>, 32},
  };
  return all;
}

TEST(Pbkdf2Api, CAndCppGiveTheVectors) {
  for (const Api& api : apis()) {
    int n = 0;
    for (const Case& c : cases()) {
      if (c.hash != api.hash || c.iterations > 5000) continue;
      Bytes out(c.out.size() / 2, 0xee);
      ASSERT_EQ(api.c(c.password.data(), c.password.size(), c.salt.data(), c.salt.size(), c.iterations, out.data(),
                      out.size()),
                FIPSMOD_OK)
          << c.section << " line " << c.line;
      EXPECT_EQ(to_hex(out), c.out) << c.section << " line " << c.line;
      Bytes cpp(out.size(), 0xee);
      api.cpp(c.password, c.salt, c.iterations, cpp);
      EXPECT_EQ(to_hex(cpp), c.out) << c.section << " line " << c.line;
      ++n;
    }
    EXPECT_GT(n, 70) << api.hash;
  }
  // RFC 7914's first case, as the RFC prints it, through the string_view form.
  Bytes dk(64);
  derive<sha256::Digest>(std::string_view("passwd"), Bytes{'s', 'a', 'l', 't'}, 1, dk);
  EXPECT_EQ(to_hex(dk),
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
            "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
}

// Every refusal writes nothing and leaves the indicator not approved.
TEST(Pbkdf2Api, ErrorsWriteNothing) {
  const Bytes password(20, 'p'), salt(16, 's');
  for (const Api& api : apis()) {
    Bytes out(32, 0xee);
    const auto expect_refused = [&](int want, const void* p, std::size_t pn, const void* s, std::size_t sn,
                                    std::uint32_t iterations, std::uint8_t* o, std::size_t on, const char* what) {
      EXPECT_EQ(api.c(p, pn, s, sn, iterations, o, on), want) << api.hash << ": " << what;
      EXPECT_EQ(out, Bytes(32, 0xee)) << api.hash << ": " << what << " wrote";
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED) << api.hash << ": " << what;
    };
    const auto ok = [&] {  // leaves the indicator approved before each refusal
      Bytes scratch(16);
      ASSERT_EQ(api.c(password.data(), password.size(), salt.data(), salt.size(), 1000, scratch.data(), 16), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    };
    ok();
    expect_refused(FIPSMOD_ERR_NULL_ARGUMENT, nullptr, 1, salt.data(), 16, 1000, out.data(), 16, "NULL password");
    ok();
    expect_refused(FIPSMOD_ERR_NULL_ARGUMENT, password.data(), 20, nullptr, 1, 1000, out.data(), 16, "NULL salt");
    ok();
    expect_refused(FIPSMOD_ERR_NULL_ARGUMENT, password.data(), 20, salt.data(), 16, 1000, nullptr, 16, "NULL out");
    ok();
    expect_refused(FIPSMOD_ERR_INVALID_ARGUMENT, password.data(), 20, salt.data(), 16, 0, out.data(), 16,
                   "iterations 0");
    ok();
    expect_refused(FIPSMOD_ERR_INVALID_ARGUMENT, password.data(), 20, salt.data(), 16, 1000, out.data(), 0,
                   "out_len 0");
    if constexpr (sizeof(std::size_t) > 4) {
      // (2^32 - 1) * hLen + 1 bytes: refused before anything is written
      // (the buffer is far shorter, and is not touched).
      ok();
      const std::size_t too_long = static_cast<std::size_t>(std::uint64_t{0xffffffff} * api.size + 1);
      expect_refused(FIPSMOD_ERR_INVALID_ARGUMENT, password.data(), 20, salt.data(), 16, 1000, out.data(), too_long,
                     "out_len past (2^32 - 1) * hLen");
    }
    // NULL with a zero length is an empty input.
    Bytes a(16), b(16);
    ASSERT_EQ(api.c(nullptr, 0, nullptr, 0, 2, a.data(), a.size()), FIPSMOD_OK) << api.hash;
    const std::uint8_t none = 0;
    ASSERT_EQ(api.c(&none, 0, &none, 0, 2, b.data(), b.size()), FIPSMOD_OK) << api.hash;
    EXPECT_EQ(a, b) << api.hash;
    // The C++ form throws the same status.
    try {
      api.cpp(password, salt, 0, out);
      ADD_FAILURE() << api.hash << ": iterations 0 did not throw";
    } catch (const fipsmod::error& e) {
      EXPECT_EQ(e.status(), FIPSMOD_ERR_INVALID_ARGUMENT);
    }
    EXPECT_EQ(out, Bytes(32, 0xee));
  }
  static_assert(kMaxOutputSize<sha256::Sha256> == std::uint64_t{0xffffffff} * 32);
  static_assert(kMaxOutputSize<sha512::Sha512_224> == std::uint64_t{0xffffffff} * 28);
}

// The rule, at each of its boundaries, through the indicator (the table of
// service cases runs the same points through the indicator and
// approved-only tests, for the C++ calls too): the salt at 15 and 16
// bytes, the output at 13 and 14, the iterations at 999 and 1000, and the
// password, which never counts (0 and 13 bytes are approved).
TEST(Pbkdf2Approval, EachBoundaryBothWays) {
  struct Point {
    std::size_t password, salt, out;
    std::uint32_t iterations;
    bool approved;
  };
  const Point points[] = {
      {8, 16, 14, 1000, true},  {8, 15, 14, 1000, false}, {8, 16, 13, 1000, false}, {8, 16, 14, 999, false},
      {0, 16, 14, 1000, true},  {13, 16, 14, 1000, true}, {8, 0, 14, 1000, false},  {8, 16, 1, 1000, false},
      {8, 16, 14, 1, false},    {8, 200, 200, 1001, true}, {8, 15, 13, 999, false},
  };
  for (const Api& api : apis()) {
    for (const Point& p : points) {
      const Bytes password(p.password, 'p'), salt(p.salt, 's');
      Bytes out(p.out);
      ASSERT_EQ(api.c(password.data(), password.size(), salt.data(), salt.size(), p.iterations, out.data(), out.size()),
                FIPSMOD_OK);
      const std::string at = std::string(api.hash) + " password " + std::to_string(p.password) + ", salt " +
                             std::to_string(p.salt) + ", output " + std::to_string(p.out) + ", " +
                             std::to_string(p.iterations) + " iterations";
      EXPECT_EQ(fipsmod_service_indicator(), p.approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED) << at;
      EXPECT_EQ(approval_for(p.salt, p.out, p.iterations),
                p.approved ? internal::Approval::approved : internal::Approval::not_approved)
          << at;
    }
  }
}

// The password is read only while keying and the salt before the first
// output byte: an output over either gives what separate buffers give.
TEST(Pbkdf2Api, OutputOverThePasswordOrTheSalt) {
  for (const Api& api : apis()) {
    Bytes password(40), salt(40);
    for (std::size_t i = 0; i < 40; ++i) password[i] = static_cast<std::uint8_t>(i), salt[i] = static_cast<std::uint8_t>(200 - i);
    const std::size_t n = 2 * api.size + 3;  // three blocks, so later blocks follow written bytes
    Bytes want(n);
    ASSERT_EQ(api.c(password.data(), 40, salt.data(), 40, 3, want.data(), n), FIPSMOD_OK);
    for (std::size_t offset : {0, 1, 20}) {
      Bytes buf(offset + n + 40);
      std::memcpy(buf.data() + offset, password.data(), 40);
      ASSERT_EQ(api.c(buf.data() + offset, 40, salt.data(), 40, 3, buf.data(), n), FIPSMOD_OK);
      EXPECT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n)), want) << api.hash << " over the password +" << offset;
      std::memcpy(buf.data() + offset, salt.data(), 40);
      ASSERT_EQ(api.c(password.data(), 40, buf.data() + offset, 40, 3, buf.data(), n), FIPSMOD_OK);
      EXPECT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n)), want) << api.hash << " over the salt +" << offset;
    }
  }
}

// HMAC is keyed once per call, not once per iteration: with a password and
// a salt of less than a block, a call of c iterations and one output block
// is 2 compressions of keying (the ipad and opad blocks), then per output
// block 2 for U_1 and 2 for each further iteration.
thread_local std::size_t compressions = 0;
void counting_block256(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept {
  compressions += blocks;
  sha256::block_generic(state, data, blocks);
}
void counting_block512(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) noexcept {
  compressions += blocks;
  sha512::block_generic(state, data, blocks);
}

TEST(Pbkdf2, KeysOncePerCallAndCompressesTwiceAnIteration) {
  sha256::Kernel k256 = sha256::kernels().generic();
  k256.block = &counting_block256;
  sha512::Kernel k512 = sha512::kernels().generic();
  k512.block = &counting_block512;
  const Bytes password(20, 'p'), salt(16, 's');
  for (std::uint32_t c : {1u, 2u, 1000u}) {
    for (std::size_t blocks : {1u, 3u}) {
      const std::size_t want = 2 + blocks * 2 * c;
      Bytes out(blocks * 32);
      compressions = 0;
      derive<sha256::Sha256>(k256, password, salt, c, out);
      EXPECT_EQ(compressions, want) << "SHA-256, " << c << " iterations, " << blocks << " blocks";
      out.resize(blocks * 64);
      compressions = 0;
      derive<sha512::Sha512>(k512, password, salt, c, out);
      EXPECT_EQ(compressions, want) << "SHA-512, " << c << " iterations, " << blocks << " blocks";
      // The counting kernel gives the selected kernel's answer.
      Bytes check(out.size());
      derive<sha512::Sha512>(sha512::kernels().generic(), password, salt, c, check);
      EXPECT_EQ(out, check);
    }
  }
}

#ifndef FIPSMOD_TEST_ASAN
// Nothing derived from the password is left on the stack (SHA-256, on
// every usable kernel and through the C API): not the keyed inner and
// outer start states, not the last U or T (as the chaining words hold them
// and as bytes), not the last inner digest the block held. The test scrubs
// the stack below it, derives, and reads what the call's frames left
// (testing/hash_zeroisation.hpp, which first checks that it would see a
// residue; skipped under AddressSanitizer, whose fake stack hides frames).
template <class T>
Bytes bytes_of(const T& v) {
  Bytes b(sizeof v);
  std::memcpy(b.data(), &v, sizeof v);
  return b;
}

// The derivation in a frame of its own, below the caller's (inlined into
// the test, its locals would be in the test's frame, which is not read).
[[gnu::noinline]] void derive_below(const sha256::Kernel& k, std::span<const std::uint8_t> password,
                                    std::span<const std::uint8_t> salt, std::uint32_t c, std::span<std::uint8_t> out) {
  derive<sha256::Sha256>(k, password, salt, c, out);
  __asm__ __volatile__("" : : : "memory");  // not a tail call: the frame is this function's
}

TEST(Pbkdf2Zeroisation, NothingPasswordDerivedIsLeftOnTheStack) {
  namespace z = testing::zeroisation;
  using H = sha256::Sha256;
  z::expect_residue_is_seen();
  const Bytes password(24, 0x70), salt(16, 0x73);
  constexpr std::uint32_t c = 3;
  // What the derivation holds at its end, computed here step by step with
  // whole HMACs: the keyed states, U_c, T = U_1 ^ ... ^ U_c (one block).
  const auto& generic = sha256::kernels().generic();
  hmac::Keyed<H> keyed;
  hmac::key<H>(keyed, generic, password);
  Bytes msg = salt;
  msg.insert(msg.end(), {0, 0, 0, 1});
  Bytes u(32), prev, t(32, 0);
  hmac::mac<H>(generic, password, msg, u);
  for (std::uint32_t j = 1; j <= c; ++j) {
    if (j > 1) {
      prev = u;
      hmac::mac<H>(generic, password, prev, u);
    }
    for (std::size_t b = 0; b < 32; ++b) t[b] ^= u[b];
  }
  // The last inner digest: H((K ^ ipad) || U_{c-1}).
  internal::hash::Chain<H> inner{keyed.inner_start, H::block_size, {}};
  internal::hash::absorb<H>(generic, inner, prev);
  Bytes inner_digest(32);
  internal::hash::finish<H>(generic, inner, inner_digest);
  const auto words = [](const Bytes& digest) {  // a digest as its chaining words hold it
    State<H> w;
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = internal::load_be<std::uint32_t>(digest.data() + 4 * i);
    return bytes_of(w);
  };
  const std::vector<std::pair<const char*, Bytes>> secrets = {
      {"the inner start state", bytes_of(keyed.inner_start)},
      {"the outer start state", bytes_of(keyed.outer_start)},
      {"U_c's words", words(u)},
      {"U_c", u},
      {"T's words", words(t)},
      {"T", t},
      {"the last inner digest", inner_digest},
  };
  hmac::wipe<H>(keyed);
  const auto expect_clean = [&](const std::string& where, auto&& call) {
    Bytes out(32);
    z::scrub_stack();
    call(out);
    ASSERT_EQ(out, t) << where;
    for (const auto& [name, bytes] : secrets) EXPECT_FALSE(z::stack_holds(bytes)) << where << " left " << name;
  };
  for (const auto* k : sha256::kernels().usable()) {
    expect_clean(k->name, [&](Bytes& out) { derive_below(*k, password, salt, c, out); });
  }
  expect_clean("fipsmod_pbkdf2_sha256", [&](Bytes& out) {
    ASSERT_EQ(fipsmod_pbkdf2_sha256(password.data(), password.size(), salt.data(), salt.size(), c, out.data(), 32),
              FIPSMOD_OK);
  });
}
#endif

// What every kernel's known answer exercises: more than one iteration (the
// per-iteration loop), more than one output block, the last one cut, a
// salt of the approved size.
TEST(Pbkdf2KnownAnswers, ExerciseTheKernels) {
  const internal::Algorithm* a = internal::find_algorithm("pbkdf2_sha256");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->answer.expected.size(), kat_output_size);
  EXPECT_GT(kat_iterations, 1u);
  EXPECT_GT(kat_output_size, sha256::Sha256::size);
  EXPECT_NE(kat_output_size % sha256::Sha256::size, 0u);
  ASSERT_GT(a->answer.input.size(), kat_password_size);
  EXPECT_EQ(a->answer.input.size() - kat_password_size, kMinApprovedSaltSize);
  std::vector<std::uint8_t> out;
  for (const auto* k : sha256::kernels().usable()) {
    a->compute(*k, a->answer.input, out);
    EXPECT_EQ(to_hex(out), to_hex(std::vector<std::uint8_t>(a->answer.expected.begin(), a->answer.expected.end())))
        << k->name;
  }
}

}  // namespace
}  // namespace fipsmod::pbkdf2
