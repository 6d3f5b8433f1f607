// PBKDF2 over each hash it serves: the hash and the service's name.
#pragma once

#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

namespace fipsmod::pbkdf2 {

struct Sha256 {
  using Hash = sha256::Sha256;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-256";
};
struct Sha224 {
  using Hash = sha256::Sha224;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-224";
};
struct Sha384 {
  using Hash = sha512::Sha384;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-384";
};
struct Sha512 {
  using Hash = sha512::Sha512;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-512";
};
struct Sha512_224 {
  using Hash = sha512::Sha512_224;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-512/224";
};
struct Sha512_256 {
  using Hash = sha512::Sha512_256;
  static constexpr const char* service = "PBKDF2-HMAC-SHA-512/256";
};

}  // namespace fipsmod::pbkdf2
