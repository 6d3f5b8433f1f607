// pbkdf2_differential: PBKDF2 over every SHA-2 hash on every usable kernel
// of its hash, and through the public C API, against OpenSSL's
// PKCS5_PBKDF2_HMAC (FIPSMOD_FUZZ_PEERS, where it is installed) or else
// against RFC 8018 §5.2 written out here with one whole HMAC
// (hmac::mac, the module's MAC) per iteration on the generic kernel (the
// cross and MemorySanitizer builds). The written-out reference is checked
// against OpenSSL too where OpenSSL is there. Iterations are bounded (at
// most 16) so that a run stays fast.
//
// Input: the hash (1 byte, mod 6), the iterations (1 byte, mod 16, plus 1),
// the output length (2 bytes, little-endian, mod 300, plus 1), the password
// length (2 bytes, little-endian, mod 512), then the password (as much of
// its length as the input holds), then the salt.
#if FIPSMOD_FUZZ_PEERS
#include <openssl/evp.h>
#endif

#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/pbkdf2.h>

#include "fuzz_input.hpp"
#include "hmac/internal.hpp"
#include "pbkdf2/internal.hpp"
#include "sha256/internal.hpp"
#include "sha512/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using Bytes = std::vector<std::uint8_t>;
using CFunction = int (*)(const void*, size_t, const void*, size_t, uint32_t, uint8_t*, size_t);

// RFC 8018 §5.2 as written: T_i = U_1 ^ ... ^ U_c, U_1 = PRF(P, S || INT(i)),
// U_j = PRF(P, U_{j-1}), each PRF a whole HMAC keyed afresh.
template <class H>
Bytes textbook(std::span<const std::uint8_t> password, std::span<const std::uint8_t> salt, std::uint32_t c,
               std::size_t len) {
  const auto& generic = H::kernels().generic();
  Bytes out;
  for (std::uint32_t i = 1; out.size() < len; ++i) {
    Bytes msg(salt.begin(), salt.end());
    for (int s = 24; s >= 0; s -= 8) msg.push_back(static_cast<std::uint8_t>(i >> s));
    Bytes u(H::size), t(H::size, 0);
    fipsmod::hmac::mac<H>(generic, password, msg, u);
    for (std::uint32_t j = 1; j <= c; ++j) {
      if (j > 1) {
        const Bytes prev = u;
        fipsmod::hmac::mac<H>(generic, password, prev, u);
      }
      for (std::size_t b = 0; b < H::size; ++b) t[b] ^= u[b];
    }
    out.insert(out.end(), t.begin(), t.end());
  }
  out.resize(len);
  return out;
}

template <class H>
void check(const char* name, CFunction api, [[maybe_unused]] const char* openssl_name, const Bytes& password,
           const Bytes& salt, std::uint32_t c, std::size_t len, const std::uint8_t* data, std::size_t size) {
  const std::string what = std::string("PBKDF2-HMAC-") + name + " (password " + std::to_string(password.size()) +
                           ", salt " + std::to_string(salt.size()) + ", " + std::to_string(c) + " iterations, " +
                           std::to_string(len) + " bytes) ";
  const Bytes want = textbook<H>(password, salt, c, len);
  std::string vs = " vs RFC 8018 written out " + hex(want);
#if FIPSMOD_FUZZ_PEERS
  {
    Bytes o(len);
    static const std::uint8_t none = 0;
    const int ok = PKCS5_PBKDF2_HMAC(reinterpret_cast<const char*>(password.empty() ? &none : password.data()),
                                     static_cast<int>(password.size()), salt.empty() ? &none : salt.data(),
                                     static_cast<int>(salt.size()), static_cast<int>(c),
                                     EVP_get_digestbyname(openssl_name), static_cast<int>(len), o.data());
    if (ok != 1 || o != want) differ(what + "OpenSSL PKCS5_PBKDF2_HMAC " + hex(o) + vs, data, size);
    vs += " (OpenSSL agrees)";
  }
#endif
  Bytes a(len);
  if (api(password.data(), password.size(), salt.data(), salt.size(), c, a.data(), a.size()) != FIPSMOD_OK || a != want) {
    differ(what + "fipsmod C API " + hex(a) + vs, data, size);
  }
  for (const auto* k : H::kernels().usable()) {
    Bytes out(len);
    fipsmod::pbkdf2::derive<H>(*k, password, salt, c, out);
    if (out != want) differ(what + "fipsmod/" + k->name + " " + hex(out) + vs, data, size);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const unsigned hash = in.byte() % 6;
  const std::uint32_t c = in.byte() % 16 + 1u;
  const std::size_t len = in.u16() % 300 + 1u;
  const std::size_t password_size = in.u16() % 512;
  const auto rest = in.rest();
  const std::size_t n = std::min(password_size, rest.size());
  // Password and salt each in a buffer of exactly its size, so ASan sees
  // any over-read of either.
  const Bytes password(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(n));
  const Bytes salt(rest.begin() + static_cast<std::ptrdiff_t>(n), rest.end());
  namespace s256 = fipsmod::sha256;
  namespace s512 = fipsmod::sha512;
  switch (hash) {
    case 0: check<s256::Sha256>("SHA-256", fipsmod_pbkdf2_sha256, "SHA256", password, salt, c, len, data, size); break;
    case 1: check<s256::Sha224>("SHA-224", fipsmod_pbkdf2_sha224, "SHA224", password, salt, c, len, data, size); break;
    case 2: check<s512::Sha384>("SHA-384", fipsmod_pbkdf2_sha384, "SHA384", password, salt, c, len, data, size); break;
    case 3: check<s512::Sha512>("SHA-512", fipsmod_pbkdf2_sha512, "SHA512", password, salt, c, len, data, size); break;
    case 4:
      check<s512::Sha512_224>("SHA-512/224", fipsmod_pbkdf2_sha512_224, "SHA512-224", password, salt, c, len, data, size);
      break;
    default:
      check<s512::Sha512_256>("SHA-512/256", fipsmod_pbkdf2_sha512_256, "SHA512-256", password, salt, c, len, data, size);
  }
  return 0;
}
