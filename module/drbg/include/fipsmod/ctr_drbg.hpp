// fipsmod::CtrDrbg: the deterministic CTR_DRBG (NIST SP 800-90A, AES-256)
// as C++ over <fipsmod/ctr_drbg.h>, whose entropy the caller gives.
// Header-only. See ctr_drbg.h for the lengths and the approval; for random
// numbers, use fipsmod::random (the module's own DRBG).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <fipsmod/ctr_drbg.h>
#include <fipsmod/module.hpp>

namespace fipsmod {

// How a CtrDrbg is instantiated (ctr_drbg.h's flags).
struct CtrDrbgOptions {
  bool derivation_function = true;
  bool prediction_resistance = false;
};

class CtrDrbg {
 public:
  using Options = CtrDrbgOptions;

  // Instantiates from entropy input, a nonce and a personalisation string
  // (empty without the derivation function: there is no nonce then).
  CtrDrbg(std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> personalization = {}, Options options = {}) {
    const int flags = (options.derivation_function ? FIPSMOD_CTR_DRBG_DF : 0) |
                      (options.prediction_resistance ? FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE : 0);
    detail::check(fipsmod_ctr_drbg_instantiate(&ctx_, flags, entropy.data(), entropy.size(), nonce.data(), nonce.size(),
                                               personalization.data(), personalization.size()));
  }
  ~CtrDrbg() { fipsmod_ctr_drbg_cleanse(&ctx_); }
  CtrDrbg(const CtrDrbg&) = delete;
  CtrDrbg& operator=(const CtrDrbg&) = delete;

  void reseed(std::span<const std::uint8_t> entropy, std::span<const std::uint8_t> additional = {}) {
    detail::check(fipsmod_ctr_drbg_reseed(&ctx_, entropy.data(), entropy.size(), additional.data(), additional.size()));
  }
  // Fills out (at most FIPSMOD_CTR_DRBG_MAX_REQUEST bytes). entropy_pr: the
  // fresh entropy input each generate takes with prediction resistance
  // (empty without it).
  void generate(std::span<std::uint8_t> out, std::span<const std::uint8_t> additional = {},
                std::span<const std::uint8_t> entropy_pr = {}) {
    detail::check(fipsmod_ctr_drbg_generate(&ctx_, entropy_pr.data(), entropy_pr.size(), additional.data(),
                                            additional.size(), out.data(), out.size()));
  }
  std::vector<std::uint8_t> generate(std::size_t n, std::span<const std::uint8_t> additional = {},
                                     std::span<const std::uint8_t> entropy_pr = {}) {
    std::vector<std::uint8_t> out(n);
    generate(out, additional, entropy_pr);
    return out;
  }

 private:
  fipsmod_ctr_drbg_ctx ctx_{};
};

}  // namespace fipsmod
