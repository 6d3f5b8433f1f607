// Hashing many files at once for md5sum -j (and sha256sum, sha224sum): worker
// threads each hash up to `lanes` files together, and the calling thread is
// handed every result in operand order, so that it prints exactly what the
// one-file-at-a-time loop would print, in the same order.
//
// Memory is bounded whatever the number or size of the files, and what
// cannot be had is done without (hash_many):
//  - each worker holds `lanes` open files and a buffer of `chunk` bytes for
//    each: jobs x lanes x chunk bytes of buffers (2 x 32 x 64 KiB = 4 MiB for
//    MD5 on two CPUs);
//  - no worker takes a file more than `window` operands ahead of the next
//    one to print, so at most `window` results wait to be printed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hash_algorithm.hpp"
#include "progress.hpp"

namespace fipsmod::cli {

// What happened to one operand: its digest, or the errno of the open or
// read that failed.
struct FileResult {
  std::optional<HashSum> sum;
  int error = 0;
};

using IndexedResult = std::pair<std::size_t, FileResult>;  // an operand's index and its result

struct HashManyOptions {
  std::size_t jobs = 1;             // worker threads (at most one a file)
  std::size_t lanes = 1;            // files a worker hashes at once
  std::size_t chunk = 64 * 1024;    // bytes read from a file at a time
  std::size_t window = 0;           // results held; 0: 4 x jobs x lanes
};

// The CPUs this process may run on (sched_getaffinity), at least 1.
std::size_t available_cpus();

// Hashes every file of `paths` (none of them "-") and calls `emit` on the
// calling thread with the operands' indexes and results, in operand order,
// a batch (those ready together) a call: each result as soon as it and
// every one before it are in. `progress`, when not null, is updated with
// the files emitted, the bytes read and the size of all the regular files,
// and cleared before each `emit`.
//
// Returns how many operands, from the first, were emitted: all of them; or
// fewer when memory or threads ran short (none, before anything is opened,
// when not even one worker could start), and the caller hashes the rest one
// at a time. Also none, before anything is opened or emitted, when an
// operand is not safe to read out of turn: not a regular file or directory
// (a FIFO, a device), or the file standard output or error is written to.
// An exception a worker meets from the module (refusing to work) is thrown
// here after the results of the operands before the files it was hashing
// were emitted.
std::size_t hash_many(const HashAlgorithm& algorithm, const std::vector<std::string>& paths,
                      const HashManyOptions& options, const std::function<void(std::span<const IndexedResult>)>& emit,
                      FilesProgress* progress);

}  // namespace fipsmod::cli
