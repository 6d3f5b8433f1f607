// The module used from many threads at once, through the public API only
// (the headers in module/include/fipsmod/). ctest runs each mode in a fresh
// process, since the module's state is per process; the tsan preset runs
// them under ThreadSanitizer (ctest label "threads").
//
//   fipsmod_threads_test power-on   threads make their first calls at once,
//                                   through every kind of service, while one
//                                   runs the self-tests on demand and one
//                                   watches the state: one power-on run,
//                                   every call answered correctly
//   fipsmod_threads_test compute    threads hash with MD5 and SHA-256
//                                   (one-shot, streamed, saved and
//                                   restored, copied) and XOR (separate
//                                   and in place) the same shared input,
//                                   each result checked against a reference
//                                   kept in this file; ctest runs it once
//                                   per FIPSMOD_DISABLE setting, so that
//                                   each kernel the CPU can use is reached
//                                   (threads_every_kernel.cmake)
//   fipsmod_threads_test meddle     the same computations while other
//                                   threads swap the self-test callback (C
//                                   and C++), change the failure policy, run
//                                   the self-tests on demand and read the
//                                   state and failure record
//   fipsmod_threads_test usable     the kernels the CPU can use, one
//                                   ALGORITHM=KERNEL a line (for
//                                   threads_every_kernel.cmake)
//
// Each failed check is one line on stderr; the exit status is 1 if any
// failed. Stdout names the kernels in use.
#include <fipsmod/hex.hpp>
#include <fipsmod/fipsmod.h>
#include <fipsmod/md5.hpp>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/subtle.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <latch>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Sum = std::array<std::uint8_t, 16>;

std::atomic<int> failures{0};
std::mutex report_mutex;

void check(bool ok, const std::string& what) {
  if (ok) return;
  std::lock_guard lock(report_mutex);
  std::fprintf(stderr, "fipsmod_threads_test: FAILED: %s\n", what.c_str());
  ++failures;
}

// MD5 as RFC 1321 defines it, byte by byte and independent of the module:
// the reference every concurrent result is held to.
Sum reference_md5(const std::uint8_t* data, std::size_t len) {
  static const auto k = [] {
    std::array<std::uint32_t, 64> t{};
    for (int i = 0; i < 64; ++i) t[i] = static_cast<std::uint32_t>(std::floor(std::fabs(std::sin(i + 1.0)) * 4294967296.0));
    return t;
  }();
  static constexpr int kShift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  std::uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  std::vector<std::uint8_t> msg(data, data + len);
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  const std::uint64_t bits = static_cast<std::uint64_t>(len) * 8;
  for (int i = 0; i < 8; ++i) msg.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  for (std::size_t block = 0; block < msg.size(); block += 64) {
    std::uint32_t m[16];
    for (int i = 0; i < 16; ++i) {
      m[i] = 0;
      for (int b = 3; b >= 0; --b) m[i] = (m[i] << 8) | msg[block + 4 * i + b];
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      std::uint32_t f;
      int g;
      switch (i / 16) {
        case 0: f = (b & c) | (~b & d); g = i; break;
        case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16; break;
        case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16; break;
        default: f = c ^ (b | ~d); g = (7 * i) % 16; break;
      }
      const std::uint32_t sum = a + f + k[i] + m[g];
      const int s = kShift[i / 16][i % 4];
      a = d;
      d = c;
      c = b;
      b = b + ((sum << s) | (sum >> (32 - s)));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
  }
  Sum out;
  for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(h[i / 4] >> (8 * (i % 4)));
  return out;
}

using Sum256 = std::array<std::uint8_t, 32>;

// SHA-256 as FIPS 180-4 defines it (§5.1.1 padding, §6.2.2 the rounds),
// word by word and independent of the module; K is derived as §4.2.2
// says, from the cube roots of the first 64 primes.
Sum256 reference_sha256(const std::uint8_t* data, std::size_t len) {
  static const auto k = [] {
    std::array<std::uint32_t, 64> t{};
    int found = 0;
    for (int n = 2; found < 64; ++n) {
      bool prime = true;
      for (int d = 2; d * d <= n; ++d) prime &= n % d != 0;
      if (!prime) continue;
      const long double root = std::cbrt(static_cast<long double>(n));
      t[found++] = static_cast<std::uint32_t>((root - std::floor(root)) * 4294967296.0L);
    }
    return t;
  }();
  const auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  std::uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::vector<std::uint8_t> msg(data, data + len);
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  const std::uint64_t bits = static_cast<std::uint64_t>(len) * 8;
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  for (std::size_t block = 0; block < msg.size(); block += 64) {
    std::uint32_t w[64];
    for (int t = 0; t < 16; ++t) {
      w[t] = 0;
      for (int b = 0; b < 4; ++b) w[t] = (w[t] << 8) | msg[block + 4 * t + b];
    }
    for (int t = 16; t < 64; ++t) {
      const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
      const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::uint32_t v[8];
    std::copy(h, h + 8, v);
    for (int t = 0; t < 64; ++t) {
      const std::uint32_t t1 = v[7] + (rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)) +
                               ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[t] + w[t];
      const std::uint32_t t2 =
          (rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)) + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
      for (int i = 7; i > 0; --i) v[i] = v[i - 1];
      v[4] += t1;
      v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; ++i) h[i] += v[i];
  }
  Sum256 out;
  for (int i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(h[i / 4] >> (8 * (3 - i % 4)));
  return out;
}

using fipsmod::hex;

// The reference holds RFC 1321's own test suite (appendix A.5).
bool reference_is_md5() {
  static const std::pair<std::string_view, std::string_view> kSuite[] = {
      {"", "d41d8cd98f00b204e9800998ecf8427e"},
      {"a", "0cc175b9c0f1b6a831c399e269772661"},
      {"abc", "900150983cd24fb0d6963f7d28e17f72"},
      {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
       "57edf4a22be3c955ac49da2e2107b67a"},
  };
  bool ok = true;
  for (const auto& [msg, want] : kSuite) {
    const Sum got = reference_md5(reinterpret_cast<const std::uint8_t*>(msg.data()), msg.size());
    if (hex(got) != want) {
      check(false, "the reference MD5 of \"" + std::string(msg) + "\" is " + hex(got) + ", RFC 1321 says " +
                       std::string(want));
      ok = false;
    }
  }
  return ok;
}

// The SHA-256 reference gives FIPS 180-4's examples ("abc" and the
// two-block message of its appendix).
bool reference_is_sha256() {
  static const std::pair<std::string_view, std::string_view> kExamples[] = {
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  bool ok = true;
  for (const auto& [msg, want] : kExamples) {
    const Sum256 got = reference_sha256(reinterpret_cast<const std::uint8_t*>(msg.data()), msg.size());
    if (hex(got) != want) {
      check(false, "the reference SHA-256 of \"" + std::string(msg) + "\" is " + hex(got) + ", FIPS 180-4 says " +
                       std::string(want));
      ok = false;
    }
  }
  return ok;
}

// The shared input every thread reads (never writes), and the cases cut
// from it. Lengths straddle the block and vector widths the kernels use.
constexpr std::size_t kInput = 4096 + 128;
constexpr std::size_t kLengths[] = {0, 1, 15, 16, 17, 31, 32, 33, 55, 56, 63, 64, 65, 119, 127,
                                    128, 129, 255, 256, 257, 511, 1000, 1024, 2049, 4096};
constexpr std::size_t kOffsets[] = {0, 1, 3, 8, 13, 31, 32, 63};

struct Input {
  std::vector<std::uint8_t> x = bytes(1);
  std::vector<std::uint8_t> y = bytes(2);
  // reference_md5 and reference_sha256 of x[offset : offset + length],
  // for every case.
  std::vector<Sum> digests;
  std::vector<Sum256> digests256;

  Input() {
    for (std::size_t off : kOffsets) {
      for (std::size_t len : kLengths) {
        digests.push_back(reference_md5(x.data() + off, len));
        digests256.push_back(reference_sha256(x.data() + off, len));
      }
    }
  }
  static std::vector<std::uint8_t> bytes(std::uint64_t seed) {
    std::vector<std::uint8_t> v(kInput);
    std::uint64_t s = 0x9e3779b97f4a7c15ULL * seed;
    for (auto& b : v) {
      s ^= s << 13;
      s ^= s >> 7;
      s ^= s << 17;
      b = static_cast<std::uint8_t>(s >> 24);
    }
    return v;
  }
};

std::string where(const char* what, int thread, std::size_t off, std::size_t len) {
  return std::string(what) + " (thread " + std::to_string(thread) + ", offset " + std::to_string(off) + ", length " +
         std::to_string(len) + ")";
}

// One case of MD5 every way the API offers, each checked.
void hash_case(const Input& in, int thread, std::size_t round, std::size_t oi, std::size_t li) {
  const std::size_t off = kOffsets[oi], len = kLengths[li];
  const std::uint8_t* p = in.x.data() + off;
  const Sum& want = in.digests[oi * std::size(kLengths) + li];
  const std::span<const std::uint8_t> msg(p, len);
  // A chunk size for the streamed forms that differs between threads and
  // rounds, 1 to 97 bytes.
  const std::size_t chunk = 1 + (static_cast<std::size_t>(thread) * 31 + round * 7 + li) % 97;

  Sum got{};
  check(fipsmod_md5(p, len, got.data()) == FIPSMOD_OK && got == want, where("fipsmod_md5", thread, off, len));
  check(fipsmod::md5::sum(msg) == want, where("md5::sum", thread, off, len));

  // C streaming, saved half-way and restored into a second context.
  fipsmod_md5_ctx ctx;
  bool ok = fipsmod_md5_init(&ctx) == FIPSMOD_OK;
  std::size_t done = 0;
  for (; done < len / 2; done += std::min(chunk, len / 2 - done)) {
    ok &= fipsmod_md5_update(&ctx, p + done, std::min(chunk, len / 2 - done)) == FIPSMOD_OK;
  }
  std::uint8_t saved[FIPSMOD_MD5_MARSHALED_SIZE];
  ok &= fipsmod_md5_marshal(&ctx, saved) == FIPSMOD_OK;
  // Restored into a context set up first: unmarshal into one never
  // initialised trusts whatever stale bytes it holds.
  fipsmod_md5_ctx restored;
  ok &= fipsmod_md5_init(&restored) == FIPSMOD_OK;
  ok &= fipsmod_md5_unmarshal(&restored, saved, sizeof saved) == FIPSMOD_OK;
  for (std::size_t n; done < len; done += n) {
    n = std::min(chunk, len - done);
    ok &= fipsmod_md5_update(&ctx, p + done, n) == FIPSMOD_OK;
    ok &= fipsmod_md5_update(&restored, p + done, n) == FIPSMOD_OK;
  }
  Sum got2{};
  ok &= fipsmod_md5_sum(&ctx, got.data()) == FIPSMOD_OK && fipsmod_md5_sum(&restored, got2.data()) == FIPSMOD_OK;
  check(ok && got == want && got2 == want, where("fipsmod_md5_init/update/marshal/unmarshal/sum", thread, off, len));

  // C++ streaming, with a copy taken a third of the way that finishes on
  // its own.
  fipsmod::md5::Digest d;
  const std::size_t cut = len / 3;
  for (std::size_t i = 0; i < cut; i += chunk) d.update(msg.subspan(i, std::min(chunk, cut - i)));
  fipsmod::md5::Digest copy = d;
  for (std::size_t i = cut; i < len; i += chunk) d.update(msg.subspan(i, std::min(chunk, len - i)));
  copy.update(msg.subspan(cut));
  check(d.sum() == want && copy.sum() == want, where("md5::Digest update/copy/sum", thread, off, len));
  const fipsmod::md5::State state = d.marshal();
  fipsmod::md5::Digest back;
  back.unmarshal(state);
  check(back.sum() == want, where("md5::Digest marshal/unmarshal", thread, off, len));

  // Many at once (the lanes kernel): the message three times, one of them
  // after a third already written, through C and C++.
  std::array<fipsmod::md5::Sum, 3> sums{};
  const std::array<std::span<const std::uint8_t>, 3> three = {msg, msg, msg};
  fipsmod::md5::sum_many(three, sums);
  check(sums[0] == want && sums[1] == want && sums[2] == want, where("md5::sum_many", thread, off, len));
  fipsmod::md5::Digest many[2];
  many[1].update(msg.first(cut));
  const fipsmod::md5::Update updates[] = {{&many[0], msg}, {&many[1], msg.subspan(cut)}};
  fipsmod::md5::update_many(updates);
  check(many[0].sum() == want && many[1].sum() == want, where("md5::update_many", thread, off, len));
  fipsmod_md5_ctx lanes[2];
  ok = fipsmod_md5_init(&lanes[0]) == FIPSMOD_OK && fipsmod_md5_init(&lanes[1]) == FIPSMOD_OK;
  const fipsmod_md5_update_item items[] = {{&lanes[0], p, len}, {&lanes[1], p, len}};
  ok &= fipsmod_md5_update_many(items, 2) == FIPSMOD_OK;
  ok &= fipsmod_md5_sum(&lanes[1], got.data()) == FIPSMOD_OK;
  check(ok && got == want, where("fipsmod_md5_update_many", thread, off, len));
}

// One case of SHA-256: one-shot through C and C++, C streaming saved and
// restored half-way, and a C++ copy taken a third of the way.
void sha256_case(const Input& in, int thread, std::size_t round, std::size_t oi, std::size_t li) {
  const std::size_t off = kOffsets[oi], len = kLengths[li];
  const std::uint8_t* p = in.x.data() + off;
  const Sum256& want = in.digests256[oi * std::size(kLengths) + li];
  const std::span<const std::uint8_t> msg(p, len);
  const std::size_t chunk = 1 + (static_cast<std::size_t>(thread) * 29 + round * 11 + li) % 89;

  Sum256 got{}, got2{};
  check(fipsmod_sha256(p, len, got.data()) == FIPSMOD_OK && got == want, where("fipsmod_sha256", thread, off, len));
  check(fipsmod::sha256::sum(msg) == want, where("sha256::sum", thread, off, len));

  fipsmod_sha256_ctx ctx, restored;
  bool ok = fipsmod_sha256_init(&ctx) == FIPSMOD_OK && fipsmod_sha256_init(&restored) == FIPSMOD_OK;
  std::size_t done = 0;
  for (; done < len / 2; done += std::min(chunk, len / 2 - done)) {
    ok &= fipsmod_sha256_update(&ctx, p + done, std::min(chunk, len / 2 - done)) == FIPSMOD_OK;
  }
  std::uint8_t saved[FIPSMOD_SHA256_MARSHALED_SIZE];
  ok &= fipsmod_sha256_marshal(&ctx, saved) == FIPSMOD_OK;
  ok &= fipsmod_sha256_unmarshal(&restored, saved, sizeof saved) == FIPSMOD_OK;
  for (std::size_t n; done < len; done += n) {
    n = std::min(chunk, len - done);
    ok &= fipsmod_sha256_update(&ctx, p + done, n) == FIPSMOD_OK;
    ok &= fipsmod_sha256_update(&restored, p + done, n) == FIPSMOD_OK;
  }
  ok &= fipsmod_sha256_sum(&ctx, got.data()) == FIPSMOD_OK && fipsmod_sha256_sum(&restored, got2.data()) == FIPSMOD_OK;
  check(ok && got == want && got2 == want, where("fipsmod_sha256_init/update/marshal/unmarshal/sum", thread, off, len));

  fipsmod::sha256::Digest d;
  const std::size_t cut = len / 3;
  for (std::size_t i = 0; i < cut; i += chunk) d.update(msg.subspan(i, std::min(chunk, cut - i)));
  fipsmod::sha256::Digest copy = d;
  for (std::size_t i = cut; i < len; i += chunk) d.update(msg.subspan(i, std::min(chunk, len - i)));
  copy.update(msg.subspan(cut));
  check(d.sum() == want && copy.sum() == want, where("sha256::Digest update/copy/sum", thread, off, len));
}

// One case of XORBytes: into a buffer of this thread's with guard bytes
// around it, and in place (dst == x), through the C and C++ entry points.
void xor_case(const Input& in, int thread, std::size_t round, std::size_t oi, std::size_t li,
              std::vector<std::uint8_t>& arena) {
  constexpr std::uint8_t kGuard = 0x5c;
  const std::size_t len = kLengths[li];
  const std::size_t xo = kOffsets[oi], yo = kOffsets[(oi + round + 1) % std::size(kOffsets)];
  const std::size_t dofs = 64 + kOffsets[(oi + static_cast<std::size_t>(thread)) % std::size(kOffsets)];
  const std::uint8_t* x = in.x.data() + xo;
  const std::uint8_t* y = in.y.data() + yo;
  // x is the longer one half the time: n is min(|x|, |y|) either way.
  const std::size_t xlen = len + (round % 2 ? 7 : 0), ylen = len + (round % 2 ? 0 : 5);
  std::fill(arena.begin(), arena.end(), kGuard);
  const auto untouched_outside = [&](std::size_t from, std::size_t n) {
    for (std::size_t i = 0; i < arena.size(); ++i) {
      if ((i < from || i >= from + n) && arena[i] != kGuard) return false;
    }
    return true;
  };
  const auto equals_reference = [&](const std::uint8_t* got) {
    for (std::size_t i = 0; i < len; ++i) {
      if (got[i] != static_cast<std::uint8_t>(x[i] ^ y[i])) return false;
    }
    return true;
  };

  std::size_t n = 12345;
  const bool use_c = (round + li) % 2 == 0;
  if (use_c) {
    check(fipsmod_xor_bytes(arena.data() + dofs, len, x, xlen, y, ylen, &n) == FIPSMOD_OK && n == len,
          where("fipsmod_xor_bytes returns min(x_len, y_len)", thread, xo, len));
  } else {
    n = fipsmod::subtle::xor_bytes(std::span(arena.data() + dofs, len), std::span(x, xlen), std::span(y, ylen));
    check(n == len, where("subtle::xor_bytes returns min(|x|, |y|)", thread, xo, len));
  }
  check(equals_reference(arena.data() + dofs) && untouched_outside(dofs, len),
        where(use_c ? "fipsmod_xor_bytes result" : "subtle::xor_bytes result", thread, xo, len));

  // In place: dst is x.
  std::fill(arena.begin(), arena.end(), kGuard);
  std::memcpy(arena.data() + dofs, x, len);
  const std::uint8_t* xin = arena.data() + dofs;
  if (use_c) {
    check(fipsmod_xor_bytes(arena.data() + dofs, len, xin, len, y, ylen, &n) == FIPSMOD_OK && n == len,
          where("fipsmod_xor_bytes in place", thread, xo, len));
  } else {
    n = fipsmod::subtle::xor_bytes(std::span(arena.data() + dofs, len), std::span(xin, len), std::span(y, ylen));
    check(n == len, where("subtle::xor_bytes in place", thread, xo, len));
  }
  check(equals_reference(arena.data() + dofs) && untouched_outside(dofs, len),
        where(use_c ? "fipsmod_xor_bytes in place result" : "subtle::xor_bytes in place result", thread, xo, len));
}

// Each thread walks all cases, starting at a different one, so threads run
// different lengths and kernels' paths at the same moment.
void compute(const Input& in, int thread, std::size_t rounds) {
  std::vector<std::uint8_t> arena(64 + 64 + kInput + 64);
  const std::size_t cases = std::size(kOffsets) * std::size(kLengths);
  for (std::size_t round = 0; round < rounds; ++round) {
    for (std::size_t c = 0; c < cases; ++c) {
      const std::size_t k = (c + static_cast<std::size_t>(thread) * 13 + round * 5) % cases;
      const std::size_t oi = k / std::size(kLengths), li = k % std::size(kLengths);
      switch ((c + round) % 3) {
        case 0: hash_case(in, thread, round, oi, li); break;
        case 1: sha256_case(in, thread, round, oi, li); break;
        default: xor_case(in, thread, round, oi, li, arena); break;
      }
    }
  }
}

// The kernels of the algorithms this test computes with, as
// threads_every_kernel.cmake reads them.
void print_kernels() {
  std::string line = "kernels:";
  for (const char* algorithm : {"md5", "md5_lanes", "sha256", "xor_bytes"}) {
    const char* kernel = fipsmod_impl_name(algorithm);
    check(kernel != nullptr, std::string("fipsmod_impl_name names the kernel of ") + algorithm);
    line += std::string(" ") + algorithm + "=" + (kernel ? kernel : "?");
  }
  std::printf("%s\n", line.c_str());
}

// Counts the self-test events a callback sees.
struct Events {
  std::atomic<int> start{0}, pass{0}, fail{0}, malformed{0};
  void add(int phase, std::string_view type, std::string_view name) {
    // A known answer, or the integrity test under its own type and name.
    if (name.empty() || (type != "KAT" && !(type == "integrity" && name == "integrity"))) ++malformed;
    if (phase == FIPSMOD_SELFTEST_START) ++start;
    else if (phase == FIPSMOD_SELFTEST_PASS) ++pass;
    else if (phase == FIPSMOD_SELFTEST_FAIL) ++fail;
    else ++malformed;
  }
};

void c_callback(const fipsmod_selftest_event* e, void* arg) {
  static_cast<Events*>(arg)->add(e->phase, e->type ? e->type : "", e->name ? e->name : "");
}

void cpp_callback(const fipsmod::selftest::Event& e, void* arg) {
  const int phase = e.phase == fipsmod::selftest::Phase::start  ? FIPSMOD_SELFTEST_START
                    : e.phase == fipsmod::selftest::Phase::pass ? FIPSMOD_SELFTEST_PASS
                                                                : FIPSMOD_SELFTEST_FAIL;
  static_cast<Events*>(arg)->add(phase, e.type, e.name);
}

int registered_tests() { return static_cast<int>(fipsmod::selftest::run_all().results.size()); }

// Watches the state until stop: it may only move forward from init through
// selftest to operational, and never to error.
void watch_state(const std::atomic<bool>& stop, std::atomic<int>& bad) {
  int last = FIPSMOD_STATE_INIT;
  while (!stop.load()) {
    const int s = fipsmod_state();
    if (s < last || s == FIPSMOD_STATE_ERROR) ++bad;
    if (fipsmod_selftest_failure() != nullptr) ++bad;
    last = std::max(last, s);
    std::this_thread::yield();
  }
}

int power_on() {
  check(fipsmod_state() == FIPSMOD_STATE_INIT, "the state before any service is INIT");
  if (!reference_is_md5() || !reference_is_sha256()) return 1;
  const Input in;
  Events events;
  check(fipsmod_set_selftest_callback(c_callback, &events) == FIPSMOD_OK, "the callback is registered");

  constexpr int kThreads = 8;
  std::latch gate(kThreads + 1);
  std::atomic<bool> stop{false};
  std::atomic<int> bad_states{0};
  std::thread watcher([&] { watch_state(stop, bad_states); });
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t) {
    pool.emplace_back([&, t] {
      gate.arrive_and_wait();
      // The first call of each thread: a different service each.
      const std::size_t li = static_cast<std::size_t>(t) * 3 % std::size(kLengths);
      const std::size_t len = kLengths[li];
      const Sum& want = in.digests[li];
      switch (t % 8) {
        case 0: {
          Sum got{};
          check(fipsmod_md5(in.x.data(), len, got.data()) == FIPSMOD_OK && got == want, "first call: fipsmod_md5");
          break;
        }
        case 1:
          check(fipsmod::md5::sum(std::span(in.x.data(), len)) == want, "first call: md5::sum");
          break;
        case 2: {
          fipsmod::md5::Digest d;
          d.update(std::span(in.x.data(), len));
          check(d.sum() == want, "first call: md5::Digest");
          break;
        }
        case 3: {
          fipsmod_md5_ctx ctx;
          Sum got{};
          check(fipsmod_md5_init(&ctx) == FIPSMOD_OK && fipsmod_md5_update(&ctx, in.x.data(), len) == FIPSMOD_OK &&
                    fipsmod_md5_sum(&ctx, got.data()) == FIPSMOD_OK && got == want,
                "first call: fipsmod_md5_init");
          break;
        }
        case 4: {
          std::vector<std::uint8_t> dst(len, 0);
          std::size_t n = 0;
          bool ok = fipsmod_xor_bytes(dst.data(), len, in.x.data(), len, in.y.data(), len, &n) == FIPSMOD_OK && n == len;
          for (std::size_t i = 0; i < len; ++i) ok &= dst[i] == (in.x[i] ^ in.y[i]);
          check(ok, "first call: fipsmod_xor_bytes");
          break;
        }
        case 5: {
          std::vector<std::uint8_t> dst(len, 0);
          bool ok = fipsmod::subtle::xor_bytes(dst, std::span(in.x.data(), len), std::span(in.y.data(), len)) == len;
          for (std::size_t i = 0; i < len; ++i) ok &= dst[i] == (in.x[i] ^ in.y[i]);
          check(ok, "first call: subtle::xor_bytes");
          break;
        }
        case 6:
          check(fipsmod_selftest() == FIPSMOD_OK, "first call: fipsmod_selftest (on demand, during power-on)");
          break;
        default: {
          fipsmod_md5_ctx ctx;
          std::uint8_t state[FIPSMOD_MD5_MARSHALED_SIZE];
          check(fipsmod_md5_init(&ctx) == FIPSMOD_OK && fipsmod_md5_marshal(&ctx, state) == FIPSMOD_OK &&
                    fipsmod_md5_unmarshal(&ctx, state, sizeof state) == FIPSMOD_OK,
                "first call: fipsmod_md5_marshal/unmarshal");
          break;
        }
      }
    });
  }
  gate.arrive_and_wait();
  for (std::thread& t : pool) t.join();
  stop.store(true);
  watcher.join();

  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL, "the state after the concurrent first calls is OPERATIONAL");
  check(bad_states.load() == 0, "the state only moved forward, never to ERROR, with no failure recorded");
  // One power-on run and the one on-demand run of thread 6, each a start
  // and a pass per self-test: a second power-on run would show here.
  const int starts = events.start.load(), passes = events.pass.load();
  fipsmod_set_selftest_callback(nullptr, nullptr);
  const int tests = registered_tests();
  check(tests > 0 && starts == 2 * tests && passes == 2 * tests,
        "the callback saw " + std::to_string(starts) + " starts and " + std::to_string(passes) +
            " passes: one power-on run and one on-demand run of " + std::to_string(tests) + " self-tests");
  check(events.fail.load() == 0 && events.malformed.load() == 0, "no self-test failed and every event was well formed");
  print_kernels();
  return failures.load() ? 1 : 0;
}

int compute_mode() {
  if (!reference_is_md5() || !reference_is_sha256()) return 1;
  const Input in;
  constexpr int kThreads = 8;
  std::latch gate(kThreads);
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t) {
    pool.emplace_back([&, t] {
      gate.arrive_and_wait();
      compute(in, t, 2);
    });
  }
  for (std::thread& t : pool) t.join();
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL, "the module is OPERATIONAL after the run");
  print_kernels();
  return failures.load() ? 1 : 0;
}

int meddle() {
  if (!reference_is_md5() || !reference_is_sha256()) return 1;
  const Input in;
  Events c_events, cpp_events;
  constexpr int kWorkers = 4;
  std::atomic<int> working{kWorkers};
  std::atomic<bool> stop{false};
  std::atomic<int> bad_states{0}, runs{0}, swaps{0};
  // Nothing has been called yet: the power-on run itself happens among the
  // meddlers.
  std::latch gate(kWorkers + 3);
  std::vector<std::thread> pool;
  for (int t = 0; t < kWorkers; ++t) {
    pool.emplace_back([&, t] {
      gate.arrive_and_wait();
      compute(in, t, 1);
      --working;
    });
  }
  // Swaps the callback among a C one, a C++ one and none, and flips the
  // failure policy both ways through both APIs.
  pool.emplace_back([&] {
    gate.arrive_and_wait();
    for (int i = 0; working.load() > 0 || i < 4; ++i) {
      switch (i % 3) {
        case 0: check(fipsmod_set_selftest_callback(c_callback, &c_events) == FIPSMOD_OK, "set the C callback"); break;
        case 1: fipsmod::selftest::set_callback(cpp_callback, &cpp_events); break;
        default: check(fipsmod_set_selftest_callback(nullptr, nullptr) == FIPSMOD_OK, "remove the callback"); break;
      }
      if (i % 2) {
        check(fipsmod_set_failure_policy(i % 4 == 1 ? FIPSMOD_POLICY_ABORT : FIPSMOD_POLICY_ERROR_STATE) == FIPSMOD_OK,
              "fipsmod_set_failure_policy");
      } else {
        fipsmod::selftest::set_failure_policy(i % 4 == 0 ? fipsmod::selftest::Policy::abort_process
                                                         : fipsmod::selftest::Policy::enter_error_state);
      }
      ++swaps;
      std::this_thread::yield();
    }
    fipsmod::selftest::set_failure_policy(fipsmod::selftest::Policy::enter_error_state);
  });
  // Runs the self-tests on demand, through both APIs.
  pool.emplace_back([&] {
    gate.arrive_and_wait();
    for (int i = 0; working.load() > 0 || i < 2; ++i) {
      if (i % 2) {
        check(fipsmod_selftest() == FIPSMOD_OK, "fipsmod_selftest during the computations");
      } else {
        const fipsmod::selftest::Report report = fipsmod::selftest::run_all();
        check(report.passed() && !report.results.empty() &&
                  std::all_of(report.results.begin(), report.results.end(),
                              [](const fipsmod::selftest::Result& r) { return r.passed && !r.kernel.empty(); }),
              "selftest::run_all during the computations");
      }
      ++runs;
    }
  });
  pool.emplace_back([&] {
    gate.arrive_and_wait();
    watch_state(stop, bad_states);
  });
  for (std::size_t i = 0; i + 1 < pool.size(); ++i) pool[i].join();
  stop.store(true);
  pool.back().join();

  check(runs.load() >= 2 && swaps.load() >= 4, "the meddlers ran");
  check(fipsmod_state() == FIPSMOD_STATE_OPERATIONAL && fipsmod_selftest_failure() == nullptr &&
            !fipsmod::selftest::first_failure(),
        "the module is OPERATIONAL with no failure after the meddling");
  check(bad_states.load() == 0, "the state only moved forward, never to ERROR");
  check(c_events.fail.load() + cpp_events.fail.load() == 0 && c_events.malformed.load() + cpp_events.malformed.load() == 0,
        "no self-test failed and every event was well formed");
  // Quiet now: a callback set last sees exactly one run, start and pass.
  Events last;
  fipsmod::selftest::set_callback(cpp_callback, &last);
  const int tests = static_cast<int>(fipsmod::selftest::run_all().results.size());
  check(last.start.load() == tests && last.pass.load() == tests && tests > 0,
        "the callback set last sees one whole run");
  fipsmod::selftest::set_callback(nullptr, nullptr);
  print_kernels();
  return failures.load() ? 1 : 0;
}

// Every kernel the self-tests cover, which is every kernel the CPU can use,
// as ALGORITHM=KERNEL lines.
int usable() {
  for (const fipsmod::selftest::Result& r : fipsmod::selftest::run_all().results) {
    std::printf("%s=%s\n", r.algorithm.c_str(), r.kernel.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 2 ? argv[1] : "";
  if (mode == "usable") return usable();
  if (mode == "power-on") return power_on();
  if (mode == "compute") return compute_mode();
  if (mode == "meddle") return meddle();
  std::fprintf(stderr, "usage: fipsmod_threads_test power-on | compute | meddle | usable\n");
  return 2;
}
