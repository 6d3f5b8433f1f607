// A C++ program built against an installed fipsmod: prints the MD5 of its
// argument, hashed in two halves across a saved and restored state, and
// checks XORBytes and its exception, and SHA-256, SHA-224 and HMAC against
// each other across saved states, copies and one-shots.
#include <fipsmod/hmac.hpp>
#include <fipsmod/md5.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/module.hpp>
#include <fipsmod/subtle.hpp>

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string_view>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string_view msg = argv[1];
  fipsmod::md5::Digest first;
  first.update(msg.substr(0, msg.size() / 2));
  fipsmod::md5::Digest second;
  second.unmarshal(first.marshal());
  second.update(msg.substr(msg.size() / 2));
  if (second.sum() != fipsmod::md5::sum(msg)) return 1;

  std::array<std::uint8_t, 4> x{1, 2, 3, 4}, y{4, 3, 2, 1}, z{};
  if (fipsmod::subtle::xor_bytes(z, x, y) != 4 || z[0] != 5) return 1;
  try {
    fipsmod::subtle::xor_bytes(std::span(z).first(2), x, y);
    return 1;
  } catch (const fipsmod::error&) {
  }
  fipsmod::sha256::Digest h;
  h.update(msg.substr(0, 5));
  fipsmod::sha256::Digest h2;
  h2.unmarshal(h.marshal());
  h2.update(msg.substr(5));
  if (h2.sum() != fipsmod::sha256::sum(msg)) return 1;
  fipsmod::sha224::Digest g;
  g.update(msg);
  if (g.sum() != fipsmod::sha224::sum(msg)) return 1;
  const std::string_view key = "a key";
  fipsmod::hmac::Hmac<fipsmod::sha256::Digest> mac(key);
  mac.update(msg);
  const fipsmod::hmac::Hmac<fipsmod::sha256::Digest> copy = mac;
  const auto k = std::span(reinterpret_cast<const std::uint8_t*>(key.data()), key.size());
  const auto m = std::span(reinterpret_cast<const std::uint8_t*>(msg.data()), msg.size());
  if (copy.sum() != fipsmod::hmac::sum_sha256(k, m) || copy.sum() == h2.sum()) return 1;
  fipsmod::hmac::Hmac<fipsmod::sha224::Digest> mac224(key);
  mac224.update(msg);
  if (mac224.sum() != fipsmod::hmac::sum_sha224(k, m)) return 1;
  if (fipsmod::impl_name("sha256").empty()) return 1;
  if (fipsmod::version().empty() || fipsmod::impl_name("md5").empty()) return 1;

  for (std::uint8_t b : second.sum()) std::printf("%02x", b);
  std::printf("\n");
  return 0;
}
