// HMAC over each hash it serves: the hash, the service's name, and what
// marks a C context as this HMAC's.
#pragma once

#include "sha256/internal.hpp"

namespace fipsmod::hmac {

struct Sha256 {
  using Hash = sha256::Sha256;
  static constexpr const char* service = "HMAC-SHA-256";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683235;
};
struct Sha224 {
  using Hash = sha256::Sha224;
  static constexpr const char* service = "HMAC-SHA-224";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683232;
};

}  // namespace fipsmod::hmac
