// The DRBG package's description of itself: CTR_DRBG, whose known answer
// (instantiate, generate, reseed, generate: SP 800-90A §11.3 and IG 10.3.A
// ask for all three functions) every AES kernel must give, and its
// services.
#include "core/package.hpp"
#include "core/secure_zero.hpp"
#include "internal.hpp"
#include "random.hpp"

namespace fipsmod::drbg {

namespace {

internal::KnownAnswer known_answer() noexcept {
  return
#include "drbg_kat.inc"
      ;
}

// The known answer's computation (sizes in internal.hpp) on AES kernel k,
// with the derivation function, as the module's own DRBG uses it.
void instantiate_generate_reseed_generate(const aes::Kernel& k, std::span<const std::uint8_t> input,
                                          std::vector<std::uint8_t>& out) {
  if (input.size() != kat_input_size) return;  // the test fails
  std::size_t at = 0;
  const auto next = [&](std::size_t n) {
    const auto part = input.subspan(at, n);
    at += n;
    return part;
  };
  const auto entropy = next(kat_entropy_size), nonce = next(kat_nonce_size), pers = next(kat_personalization_size),
             reseed_entropy = next(kat_entropy_size), reseed_additional = next(kat_additional_size),
             additional1 = next(kat_additional_size), additional2 = next(kat_additional_size);
  out.assign(kat_first_output_size + kat_second_output_size, 0);
  const auto first = std::span(out).first(kat_first_output_size), second = std::span(out).last(kat_second_output_size);
  State s{};
  // Each step must succeed: a failure leaves its output zero, which the
  // comparison catches.
  if (instantiate(k, s, true, entropy, nonce, pers) == internal::Status::ok &&
      generate(k, s, first, additional1) == internal::Status::ok &&
      reseed(k, s, reseed_entropy, reseed_additional) == internal::Status::ok) {
    (void)generate(k, s, second, additional2);
  }
  cleanse(s);
}

}  // namespace

void describe(internal::PackageBuilder& out) {
  out.algorithms.push_back({"ctr_drbg", "CTR_DRBG", &aes::kernels(), known_answer(),
                            &internal::compute_on<&aes::kernels, &instantiate_generate_reseed_generate>});
  // The deterministic DRBG (fipsmod_ctr_drbg_*): the caller's entropy.
  out.services.push_back({"CTR_DRBG (AES-256), entropy input from the caller", "instantiate, reseed, generate",
                          deterministic_approval});
  // The module's own DRBG's rows (fipsmod_random_bytes: random.cpp).
  process::describe_services(out);
}

}  // namespace fipsmod::drbg
