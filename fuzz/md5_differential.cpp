// md5_differential: every usable MD5 kernel, one-shot and streamed, against
// Botan and OpenSSL (FIPSMOD_FUZZ_PEERS, where they are installed) or else
// the generic kernel (the cross builds, which have neither library).
//
// Input: offset (1 byte, mod 64: where the message sits past a 64-byte
// boundary), n (1 byte, mod 9: how many chunk sizes follow), the n chunk
// sizes (1 byte each; streaming cycles through them, 0 meaning "take the
// digest here, on a copy, and carry on"), then the message.
#if FIPSMOD_FUZZ_PEERS
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/md5.h>

#include <botan/hash.h>
#endif

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "md5/internal.hpp"

namespace {

using fipsmod::fuzz::hex;
using fipsmod::md5::Md5Hash;
using Sum = Md5Hash::Sum;

#if FIPSMOD_FUZZ_PEERS
constexpr const char* kReference = "Botan";

Sum reference_md5(std::span<const std::uint8_t> m) {
  static const auto h = Botan::HashFunction::create_or_throw("MD5");
  h->update(m.data(), m.size());
  Sum out;
  h->final(out.data());
  return out;
}

Sum openssl_md5(std::span<const std::uint8_t> m) {
  Sum out;
  MD5(m.data(), m.size(), out.data());
  return out;
}
#else
constexpr const char* kReference = "generic";

Sum reference_md5(std::span<const std::uint8_t> m) {
  Md5Hash h(fipsmod::md5::kernels().generic());
  h.update(m);
  return h.sum();
}
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::fuzz::differ;
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t offset = in.byte() % 64;
  std::vector<std::size_t> chunks(in.byte() % 9);
  for (std::size_t& c : chunks) c = in.byte();
  if (std::all_of(chunks.begin(), chunks.end(), [](std::size_t c) { return c == 0; })) chunks.clear();
  const auto message_in = in.rest();

  // The message at the chosen distance past a 64-byte boundary, in a buffer
  // of exactly its size from there, so ASan sees any over-read.
  std::vector<std::uint8_t> storage(offset + message_in.size() + 64);
  auto* base = storage.data() + (64 - reinterpret_cast<std::uintptr_t>(storage.data()) % 64) % 64;
  if (!message_in.empty()) std::memcpy(base + offset, message_in.data(), message_in.size());
  const std::span<const std::uint8_t> m(base + offset, message_in.size());

  const Sum reference = reference_md5(m);
  const std::string vs = std::string(" vs ") + kReference + " " + hex(reference);
#if FIPSMOD_FUZZ_PEERS
  if (const Sum o = openssl_md5(m); o != reference) differ("OpenSSL " + hex(o) + vs, data, size);
#endif

  for (const fipsmod::md5::Kernel* k : fipsmod::md5::kernels().usable()) {
    const std::string name = std::string("fipsmod/") + k->name;
    // One-shot as the service computes it (hash::digest), on this kernel.
    Sum one_shot;
    fipsmod::internal::hash::digest<fipsmod::md5::Md5>(*k, m, one_shot);
    if (one_shot != reference) differ(name + " one-shot " + hex(one_shot) + vs, data, size);

    Md5Hash streamed(*k);
    std::size_t at = 0;
    for (std::size_t i = 0; at < m.size(); ++i) {
      const std::size_t c = chunks.empty() ? m.size() : chunks[i % chunks.size()];
      if (c == 0) {  // the digest so far, from a copy, which must not disturb the original
        const Md5Hash copy = streamed;
        if (const Sum s = copy.sum(); s != reference_md5(m.first(at))) {
          differ(name + " mid-stream sum at " + std::to_string(at) + " " + hex(s), data, size);
        }
        continue;
      }
      const std::size_t take = std::min(c, m.size() - at);
      streamed.update(m.subspan(at, take));
      at += take;
    }
    if (at == m.size()) {
      if (const Sum s = streamed.sum(); s != reference) differ(name + " streamed " + hex(s) + vs, data, size);
    }
  }
  return 0;
}
