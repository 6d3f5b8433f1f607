// sha512_differential: every usable SHA-512 kernel, for SHA-512, SHA-384,
// SHA-512/224 and SHA-512/256, one-shot and streamed, against Botan and
// OpenSSL (FIPSMOD_FUZZ_PEERS, where they are installed; SHA-512/224
// against OpenSSL alone, which Botan 2 lacks) or else the generic kernel
// (the cross and MemorySanitizer builds, which have neither library).
// Streaming also saves the state mid-stream, restores it into a fresh
// digest and carries on from there, and offers the saved state to the next
// variant, which must refuse it.
//
// Input: offset (1 byte, mod 128: where the message sits past a 128-byte
// boundary), n (1 byte, mod 9: how many chunk sizes follow), the n chunk
// sizes (1 byte each; streaming cycles through them, 0 meaning "take the
// digest here, on a copy, and carry on", 255 meaning "marshal here, restore
// into a fresh digest and carry on with that"), then the message. All four
// variants run on every input.
#if FIPSMOD_FUZZ_PEERS
#include <openssl/evp.h>

#include <botan/hash.h>
#endif

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/sha512.hpp>

#include "fuzz_input.hpp"
#include "sha512/internal.hpp"

namespace {

using fipsmod::fuzz::differ;
using fipsmod::fuzz::hex;
using fipsmod::sha512::Kernel;
using fipsmod::sha512::Sha384;
using fipsmod::sha512::Sha512;
using fipsmod::sha512::Sha512_224;
using fipsmod::sha512::Sha512_256;
using Status = fipsmod::internal::Status;
template <class H>
using OnKernel = fipsmod::internal::hash::OnKernel<H>;

// What differs between the four, for the one template below. Other: the
// variant whose saved states this one must refuse (each the next, in a
// ring). botan_name: null where Botan has no such hash.
template <class H>
struct Traits;

template <>
struct Traits<Sha512> {
  using Other = Sha384;
  static constexpr const char* name = "SHA-512";
  static fipsmod::sha512::Sum api(std::span<const std::uint8_t> m) { return fipsmod::sha512::sum(m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "SHA-512";
  static const EVP_MD* openssl() { return EVP_sha512(); }
#endif
};

template <>
struct Traits<Sha384> {
  using Other = Sha512_224;
  static constexpr const char* name = "SHA-384";
  static fipsmod::sha384::Sum api(std::span<const std::uint8_t> m) { return fipsmod::sha384::sum(m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "SHA-384";
  static const EVP_MD* openssl() { return EVP_sha384(); }
#endif
};

template <>
struct Traits<Sha512_224> {
  using Other = Sha512_256;
  static constexpr const char* name = "SHA-512/224";
  static fipsmod::sha512_224::Sum api(std::span<const std::uint8_t> m) { return fipsmod::sha512_224::sum(m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = nullptr;
  static const EVP_MD* openssl() { return EVP_sha512_224(); }
#endif
};

template <>
struct Traits<Sha512_256> {
  using Other = Sha512;
  static constexpr const char* name = "SHA-512/256";
  static fipsmod::sha512_256::Sum api(std::span<const std::uint8_t> m) { return fipsmod::sha512_256::sum(m); }
#if FIPSMOD_FUZZ_PEERS
  static constexpr const char* botan_name = "SHA-512-256";
  static const EVP_MD* openssl() { return EVP_sha512_256(); }
#endif
};

// The one-shot hash on a kernel, as the service computes it.
template <class H>
typename OnKernel<H>::Sum unchecked(const Kernel& k, std::span<const std::uint8_t> m) {
  typename OnKernel<H>::Sum out;
  fipsmod::internal::hash::digest<H>(k, m, out);
  return out;
}

#if FIPSMOD_FUZZ_PEERS
template <class H>
typename OnKernel<H>::Sum openssl(std::span<const std::uint8_t> m) {
  typename OnKernel<H>::Sum out;
  unsigned int n = 0;
  if (EVP_Digest(m.data(), m.size(), out.data(), &n, Traits<H>::openssl(), nullptr) != 1 || n != out.size()) {
    std::abort();
  }
  return out;
}

template <class H>
const char* reference_name() {
  return Traits<H>::botan_name != nullptr ? "Botan" : "OpenSSL";
}

template <class H>
typename OnKernel<H>::Sum reference(std::span<const std::uint8_t> m) {
  if constexpr (Traits<H>::botan_name == nullptr) {
    return openssl<H>(m);
  } else {
    static const auto h = Botan::HashFunction::create_or_throw(Traits<H>::botan_name);
    h->update(m.data(), m.size());
    typename OnKernel<H>::Sum out;
    h->final(out.data());
    return out;
  }
}
#else
template <class H>
const char* reference_name() {
  return "generic";
}

template <class H>
typename OnKernel<H>::Sum reference(std::span<const std::uint8_t> m) {
  return unchecked<H>(fipsmod::sha512::kernels().generic(), m);
}
#endif

template <class H>
void check(std::span<const std::uint8_t> m, const std::vector<std::size_t>& chunks, const std::uint8_t* data,
           std::size_t size) {
  using T = Traits<H>;
  using D = OnKernel<H>;
  using Out = typename D::Sum;
  using State = typename D::State;
  const Out want = reference<H>(m);
  const std::string vs = std::string(" vs ") + reference_name<H>() + " " + hex(want);
  const std::string algo = std::string(T::name) + " ";
#if FIPSMOD_FUZZ_PEERS
  if (const Out o = openssl<H>(m); o != want) differ(algo + "OpenSSL " + hex(o) + vs, data, size);
#endif
  if (const Out a = T::api(m); a != want) differ(algo + "fipsmod (selected kernel, public API) " + hex(a) + vs, data, size);

  for (const Kernel* k : fipsmod::sha512::kernels().usable()) {
    const std::string name = algo + "fipsmod/" + k->name;
    if (const Out s = unchecked<H>(*k, m); s != want) differ(name + " one-shot " + hex(s) + vs, data, size);

    D streamed(*k);
    std::size_t at = 0;
    for (std::size_t i = 0; at < m.size(); ++i) {
      // Without chunk sizes, the whole message in one call (whatever its
      // size: 0 and 255 are markers only in the list).
      const std::size_t c = chunks.empty() ? m.size() : chunks[i % chunks.size()];
      const bool marker = !chunks.empty() && (c == 0 || c == 255);
      if (marker && c == 0) {  // the digest so far, from a copy, which must not disturb the original
        const D copy = streamed;
        if (const Out s = copy.sum(); s != reference<H>(m.first(at))) {
          differ(name + " mid-stream sum at " + std::to_string(at) + " " + hex(s), data, size);
        }
        continue;
      }
      if (marker) {  // 255: save, restore into a fresh digest (with other data in it) and go on with that
        const State saved = streamed.marshal();
        D restored(*k);
        restored.update(std::string_view("overwritten"));
        if (restored.unmarshal(saved) != Status::ok) {
          differ(name + " refused its own state at " + std::to_string(at) + ": " + hex(saved), data, size);
        }
        if (restored.marshal() != saved) differ(name + " marshal(unmarshal(s)) != s at " + std::to_string(at), data, size);
        // Another variant's identifier: refused, and that digest unchanged.
        OnKernel<typename T::Other> other(*k);
        const auto before = other.marshal();
        if (other.unmarshal(saved) != Status::hash_state_id) {
          differ(name + " state accepted by another variant", data, size);
        }
        if (other.marshal() != before) differ(name + " a refused state changed the other digest", data, size);
        streamed = restored;
        continue;
      }
      const std::size_t take = std::min(c, m.size() - at);
      streamed.update(m.subspan(at, take));
      at += take;
    }
    if (at == m.size()) {
      if (const Out s = streamed.sum(); s != want) differ(name + " streamed " + hex(s) + vs, data, size);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t offset = in.byte() % 128;
  std::vector<std::size_t> chunks(in.byte() % 9);
  for (std::size_t& c : chunks) c = in.byte();
  // Only markers (0, 255) and no sizes would never advance: stream in one call then.
  if (std::all_of(chunks.begin(), chunks.end(), [](std::size_t c) { return c == 0 || c == 255; })) chunks.clear();
  const auto message_in = in.rest();

  // The message at the chosen distance past a 128-byte boundary, in a
  // buffer of exactly its size from there, so ASan sees any over-read.
  std::vector<std::uint8_t> storage(offset + message_in.size() + 128);
  auto* base = storage.data() + (128 - reinterpret_cast<std::uintptr_t>(storage.data()) % 128) % 128;
  if (!message_in.empty()) std::memcpy(base + offset, message_in.data(), message_in.size());
  const std::span<const std::uint8_t> m(base + offset, message_in.size());

  check<Sha512>(m, chunks, data, size);
  check<Sha384>(m, chunks, data, size);
  check<Sha512_224>(m, chunks, data, size);
  check<Sha512_256>(m, chunks, data, size);
  return 0;
}
