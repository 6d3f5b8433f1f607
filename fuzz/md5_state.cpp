// md5_state: arbitrary bytes as a saved MD5 state. Either unmarshal refuses
// with one of its documented errors and leaves the digest as it was, or it
// accepts, and then marshal gives the same bytes back and hashing more
// data agrees with a digest that reached the same state by hashing.
//
// Input: a split point (1 byte), then the state candidate; when the
// candidate is shorter than a state, it is instead used as a message: a
// digest hashes it, is marshalled, and the saved state is corrupted at the
// split point before it is offered.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fipsmod/md5.hpp>

#include "fuzz_input.hpp"
#include "md5/md5_kernel.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::fuzz::differ;
  using fipsmod::md5::Digest;
  using fipsmod::md5::DigestAccess;
  fipsmod::fuzz::module_must_work(data, size);
  fipsmod::fuzz::Input in(data, size);
  const std::size_t split = in.byte();
  const auto rest = in.rest();

  std::vector<std::uint8_t> candidate(rest.begin(), rest.end());
  Digest source;
  bool intact = false;  // the candidate is exactly what `source` saved
  if (candidate.size() < fipsmod::md5::marshaled_size) {
    source.update(rest);
    const auto saved = source.marshal();
    candidate.assign(saved.begin(), saved.end());
    if (split < candidate.size() * 2) {
      candidate[split % candidate.size()] ^= static_cast<std::uint8_t>(1 + split / 92);
    } else {
      intact = true;
    }
  }
  Digest source_on = source;
  source_on.update(rest);

  for (const fipsmod::md5::Kernel* k : fipsmod::md5::kernels().usable()) {
    const std::string name = std::string("fipsmod/") + k->name;
    Digest d = DigestAccess::on(*k);
    d.update(std::string_view("unchanged?"));
    const auto before = d.marshal();
    try {
      d.unmarshal(candidate);
    } catch (const fipsmod::error& e) {
      const std::string what = e.what();
      if (what != "invalid hash state identifier" && what != "invalid hash state size" &&
          what != "invalid hash state padding") {
        differ(name + ": undocumented error \"" + what + "\"", data, size);
      }
      if (d.marshal() != before) differ(name + ": a refused state changed the digest", data, size);
      continue;
    }
    // Accepted: stable under marshal, and it hashes on as the state says.
    const auto again = d.marshal();
    if (!std::equal(again.begin(), again.end(), candidate.begin(), candidate.end())) {
      differ(name + ": marshal(unmarshal(s)) != s", data, size);
    }
    Digest e = DigestAccess::on(fipsmod::md5::generic_kernel);
    e.unmarshal(again);
    d.update(rest);
    e.update(rest);
    if (d.sum() != e.sum()) differ(name + ": diverges from the generic kernel after unmarshal", data, size);
    if (intact && d.sum() != source_on.sum()) {
      differ(name + ": a restored state hashes on differently from the digest that saved it", data, size);
    }
  }
  return 0;
}
