// HMAC over each hash it serves: the hash, the service's name, and what
// marks a C context as this HMAC's. A new hash is one more struct here.
#pragma once

#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

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
struct Sha512 {
  using Hash = sha512::Sha512;
  static constexpr const char* service = "HMAC-SHA-512";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683531;  // "fipsmh51"
};
struct Sha384 {
  using Hash = sha512::Sha384;
  static constexpr const char* service = "HMAC-SHA-384";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683338;  // "fipsmh38"
};
struct Sha512_224 {
  using Hash = sha512::Sha512_224;
  static constexpr const char* service = "HMAC-SHA-512/224";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683574;  // "fipsmh5t"
};
struct Sha512_256 {
  using Hash = sha512::Sha512_256;
  static constexpr const char* service = "HMAC-SHA-512/256";
  static constexpr std::uint64_t ctx_tag = 0x666970736d683566;  // "fipsmh5f"
};

}  // namespace fipsmod::hmac
