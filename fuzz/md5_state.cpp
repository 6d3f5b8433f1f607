// md5_state: arbitrary bytes as a saved MD5 state. Either unmarshal refuses
// with one of its documented errors and leaves the digest as it was, or it
// accepts, and then marshal gives the same bytes back and hashing more
// data agrees with a digest that reached the same state by hashing. Every
// usable kernel (its hash without the gate, md5::Md5Hash) and the public
// fipsmod::md5::Digest (the selected kernel, through the C functions, which
// throws the error) must answer as the generic kernel does.
//
// Input: a split point (1 byte), then the state candidate; when the
// candidate is shorter than a state, it is instead used as a message: a
// digest hashes it, is marshalled, and the saved state is corrupted at the
// split point before it is offered.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <fipsmod/md5.hpp>

#include "core/status.hpp"
#include "fuzz_input.hpp"
#include "md5/internal.hpp"

namespace {

using fipsmod::internal::Status;

// Unmarshal's documented refusals, each with the message the C++ API
// throws it with.
bool documented(Status s) {
  const std::string what = fipsmod::internal::message(s);
  return (s == Status::hash_state_id && what == "invalid hash state identifier") ||
         (s == Status::hash_state_size && what == "invalid hash state size") ||
         (s == Status::hash_state_padding && what == "invalid hash state padding");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fipsmod::fuzz::differ;
  using fipsmod::md5::Digest;
  using fipsmod::md5::Md5Hash;
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

  // What the generic kernel's hash does with the candidate: every kernel
  // and the public API must do the same.
  const fipsmod::md5::Kernel& generic = fipsmod::md5::kernels().generic();
  const Status generic_status = Md5Hash(generic).unmarshal(candidate);

  for (const fipsmod::md5::Kernel* k : fipsmod::md5::kernels().usable()) {
    const std::string name = std::string("fipsmod/") + k->name;
    Md5Hash d(*k);
    d.update(std::string_view("unchanged?"));
    const auto before = d.marshal();
    const Status s = d.unmarshal(candidate);
    if (s != generic_status) {
      differ(name + ": unmarshal answers " + std::to_string(static_cast<int>(s)) + ", the generic kernel " +
                 std::to_string(static_cast<int>(generic_status)),
             data, size);
    }
    if (s != Status::ok) {
      if (!documented(s)) {
        differ(name + ": undocumented error " + std::to_string(static_cast<int>(s)) + " \"" +
                   fipsmod::internal::message(s) + "\"",
               data, size);
      }
      if (d.marshal() != before) differ(name + ": a refused state changed the digest", data, size);
      continue;
    }
    // Accepted: stable under marshal, and it hashes on as the state says.
    const auto again = d.marshal();
    if (!std::equal(again.begin(), again.end(), candidate.begin(), candidate.end())) {
      differ(name + ": marshal(unmarshal(s)) != s", data, size);
    }
    Md5Hash e(generic);
    if (e.unmarshal(again) != Status::ok) differ(name + ": the generic kernel refused marshal(unmarshal(s))", data, size);
    d.update(rest);
    e.update(rest);
    if (d.sum() != e.sum()) differ(name + ": diverges from the generic kernel after unmarshal", data, size);
    if (intact && d.sum() != source_on.sum()) {
      differ(name + ": a restored state hashes on differently from the digest that saved it", data, size);
    }
  }

  // The public API (the selected kernel, through the C functions): refuses
  // what the kernels refuse, by throwing the documented error, unchanged.
  Digest p;
  p.update(std::string_view("unchanged?"));
  const auto before = p.marshal();
  try {
    p.unmarshal(candidate);
  } catch (const fipsmod::error& e) {
    const std::string what = e.what();
    if (what != "invalid hash state identifier" && what != "invalid hash state size" &&
        what != "invalid hash state padding") {
      differ("fipsmod::md5::Digest: undocumented error \"" + what + "\"", data, size);
    }
    if (generic_status == Status::ok || what != fipsmod::internal::message(generic_status)) {
      differ("fipsmod::md5::Digest: refused with \"" + what + "\" where the generic kernel answers \"" +
                 fipsmod::internal::message(generic_status) + "\"",
             data, size);
    }
    if (p.marshal() != before) differ("fipsmod::md5::Digest: a refused state changed the digest", data, size);
    return 0;
  }
  if (generic_status != Status::ok) differ("fipsmod::md5::Digest accepted a state the generic kernel refuses", data, size);
  const auto again = p.marshal();
  if (!std::equal(again.begin(), again.end(), candidate.begin(), candidate.end())) {
    differ("fipsmod::md5::Digest: marshal(unmarshal(s)) != s", data, size);
  }
  Md5Hash e(generic);
  e.unmarshal(again);
  p.update(rest);
  e.update(rest);
  if (p.sum() != e.sum()) differ("fipsmod::md5::Digest: diverges from the generic kernel after unmarshal", data, size);
  if (intact && p.sum() != source_on.sum()) {
    differ("fipsmod::md5::Digest: a restored state hashes on differently from the digest that saved it", data, size);
  }
  return 0;
}
