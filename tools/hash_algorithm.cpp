#include "hash_algorithm.hpp"

#include <algorithm>

#include <fipsmod/md5.hpp>
#include <fipsmod/sha256.hpp>

namespace fipsmod::cli {
namespace {

template <class Digest>
std::optional<HashSum> hash_with(const NextChunk& next) {
  Digest digest;
  for (;;) {
    const auto chunk = next();
    if (!chunk) return std::nullopt;
    if (chunk->empty()) break;
    digest.update(*chunk);
  }
  const auto sum = digest.sum();
  static_assert(sum.size() <= HashSum::kMaxSize);
  HashSum out;
  std::copy(sum.begin(), sum.end(), out.bytes.begin());
  out.size = sum.size();
  return out;
}

}  // namespace

const HashAlgorithm kMd5{"MD5", "md5sum", md5::size, hash_with<md5::Digest>};
const HashAlgorithm kSha256{"SHA256", "sha256sum", sha256::size, hash_with<sha256::Digest>};
const HashAlgorithm kSha224{"SHA224", "sha224sum", sha256::size224, hash_with<sha256::Digest224>};

}  // namespace fipsmod::cli
