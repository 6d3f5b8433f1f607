#include "hash_algorithm.hpp"

#include <algorithm>
#include <vector>

#include <fipsmod/md5.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/sha512.hpp>

namespace fipsmod::cli {
namespace {

template <class Sum>
HashSum to_hash_sum(const Sum& sum) {
  static_assert(std::tuple_size_v<Sum> <= HashSum::kMaxSize);
  HashSum out;
  std::copy(sum.begin(), sum.end(), out.bytes.begin());
  out.size = sum.size();
  return out;
}

template <class Digest>
std::optional<HashSum> hash_with(const NextChunk& next) {
  Digest digest;
  for (;;) {
    const auto chunk = next();
    if (!chunk) return std::nullopt;
    if (chunk->empty()) break;
    digest.update(*chunk);
  }
  return to_hash_sum(digest.sum());
}

// Digests one after another: for the algorithms without a lanes kernel.
template <class Digest>
class DigestSet : public HashSet {
 public:
  explicit DigestSet(std::size_t count) : digests_(count) {}
  void reset(std::size_t index) override { digests_.at(index).reset(); }
  void update(std::span<const HashSetUpdate> updates) override {
    for (const HashSetUpdate& u : updates) digests_.at(u.index).update(u.data);
  }
  HashSum sum(std::size_t index) const override { return to_hash_sum(digests_.at(index).sum()); }

 protected:
  std::vector<Digest> digests_;
};

// MD5, SHA-256 and SHA-224: one update_many call for all of a round's
// data, which runs the selected lanes kernel while enough streams have
// data, then the next kernels of its list that still pay, and the
// single-stream kernel below that, by itself. Update is the hash's C++
// Update; update_many its function.
template <class Digest, class Update, void (*update_many)(std::span<const Update>)>
class LanesSet : public DigestSet<Digest> {
 public:
  explicit LanesSet(std::size_t count) : DigestSet<Digest>(count) { batch_.reserve(count); }
  void update(std::span<const HashSetUpdate> updates) override {
    batch_.clear();
    for (const HashSetUpdate& u : updates) batch_.emplace_back(&this->digests_.at(u.index), u.data);
    update_many(batch_);
  }

 private:
  std::vector<Update> batch_;
};

template <class Set>
std::unique_ptr<HashSet> make_set(std::size_t count) {
  return std::make_unique<Set>(count);
}

// The widest lanes kernel (AVX-512: MD5's 32 streams a call, SHA-256's
// 16); a narrower one takes them in several calls, as update_many splits
// them.
constexpr std::size_t kMd5Lanes = 32, kSha256Lanes = 16;

}  // namespace

const HashAlgorithm kMd5{"MD5", "md5sum", md5::size, hash_with<md5::Digest>, kMd5Lanes,
                         make_set<LanesSet<md5::Digest, md5::Update, md5::update_many>>};
const HashAlgorithm kSha256{"SHA256", "sha256sum", sha256::size, hash_with<sha256::Digest>, kSha256Lanes,
                            make_set<LanesSet<sha256::Digest, sha256::Update, sha256::update_many>>};
const HashAlgorithm kSha224{"SHA224", "sha224sum", sha224::size, hash_with<sha224::Digest>, kSha256Lanes,
                            make_set<LanesSet<sha224::Digest, sha224::Update, sha224::update_many>>};
const HashAlgorithm kSha384{"SHA384", "sha384sum", sha384::size, hash_with<sha384::Digest>, 1,
                            make_set<DigestSet<sha384::Digest>>};
const HashAlgorithm kSha512{"SHA512", "sha512sum", sha512::size, hash_with<sha512::Digest>, 1,
                            make_set<DigestSet<sha512::Digest>>};

}  // namespace fipsmod::cli
