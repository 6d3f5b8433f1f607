// The TLS key derivations under memcheck (testing/constant_time.hpp,
// docs/constant-time.md), on every usable kernel of their hash's list: TLS
// 1.2's PRF (SHA-256, SHA-384, SHA-512) with the secret and the seed
// secret, over four blocks and a partial one; TLS 1.3's HKDF-Expand-Label
// and Derive-Secret (SHA-256, SHA-384) with the secret and the context
// (transcript hash) secret. The labels are public.
#include <gtest/gtest.h>

#include <string_view>

#include "internal.hpp"
#include "testing/constant_time.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::tls_kdf {
namespace {

namespace ct = testing::ct;
using ct::Bytes;

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

template <class H>
void check_tls12_on(const typename H::Kernel& k) {
  const Bytes label = text("master secret");
  const auto derived = [&label](const typename H::Kernel& on, const Bytes& secret, const Bytes& seed) {
    Bytes out(4 * H::size + 5);
    prf<H>(on, secret, label, seed, out);
    return out;
  };
  const Bytes secret = ct::bytes(48, 1), seed = ct::bytes(64, 2);
  EXPECT_EQ(ct::on_secrets({secret, seed}, [&](const std::vector<Bytes>& in) { return derived(k, in[0], in[1]); }),
            derived(H::kernels().generic(), secret, seed))
      << "TLS 1.2 PRF over " << H::service;
}

template <class H>
void check_tls13_on(const typename H::Kernel& k) {
  const Bytes label = text("c hs traffic");
  const Bytes secret = ct::bytes(H::size, 3), context = ct::bytes(H::size, 4);
  const auto expanded = [&label](const typename H::Kernel& on, const Bytes& s, const Bytes& c) {
    Bytes out(2 * H::size + 5);
    expand_label<H>(on, s, label, c, out);
    return out;
  };
  EXPECT_EQ(ct::on_secrets({secret, context},
                           [&](const std::vector<Bytes>& in) { return expanded(k, in[0], in[1]); }),
            expanded(H::kernels().generic(), secret, context))
      << "HKDF-Expand-Label over " << H::service;
  const auto derived = [&label](const typename H::Kernel& on, const Bytes& s, const Bytes& c) {
    Bytes out(H::size);
    derive_secret<H>(on, s, label, std::span<const std::uint8_t, H::size>(c), std::span<std::uint8_t, H::size>(out));
    return out;
  };
  EXPECT_EQ(ct::on_secrets({secret, context},
                           [&](const std::vector<Bytes>& in) { return derived(k, in[0], in[1]); }),
            derived(H::kernels().generic(), secret, context))
      << "Derive-Secret over " << H::service;
}

class TlsSha256ConstantTime : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(TlsSha256ConstantTime, SecretInputs) {
  check_tls12_on<sha256::Sha256>(*GetParam());
  check_tls13_on<sha256::Sha256>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, TlsSha256ConstantTime, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class TlsSha512ConstantTime : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(TlsSha512ConstantTime, SecretInputs) {
  check_tls12_on<sha512::Sha384>(*GetParam());
  check_tls12_on<sha512::Sha512>(*GetParam());
  check_tls13_on<sha512::Sha384>(*GetParam());
}

INSTANTIATE_TEST_SUITE_P(Usable, TlsSha512ConstantTime, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::tls_kdf
