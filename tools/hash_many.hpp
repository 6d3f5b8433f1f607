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
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hash_algorithm.hpp"
#include "io.hpp"
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

// Operands opened out of turn that turned out to be neither a regular file
// nor a directory (a FIFO, a device): kept open, not closed, so that the
// open is never undone behind the user's back (a writer that the open let
// through into a FIFO would meet a closed pipe), and read in turn with
// take(). Closed, if never taken, when this goes.
class HeldFiles {
 public:
  HeldFiles() = default;
  HeldFiles(const HeldFiles&) = delete;
  HeldFiles& operator=(const HeldFiles&) = delete;
  ~HeldFiles();
  bool has(std::size_t index) const { return fds_.count(index) != 0; }
  void put(std::size_t index, int fd, bool fifo);
  // Held operand `index`, to be read in turn as if opened then (nullopt
  // with `error` set on failure), and no longer held; an operand not held
  // is opened. A FIFO is first waited on as an open in turn waits for it
  // (for a writer, then data or the writers' close), and the descriptor is
  // put back to blocking reads: one open, never undone, whenever the writer
  // comes.
  std::optional<InputFile> take(std::size_t index, const std::string& path, int& error);

 private:
  std::map<std::size_t, std::pair<int, bool>> fds_;  // index -> descriptor, whether a FIFO
};

// Where hash_many stopped: the first operand not emitted, and whether it
// stopped there because that operand cannot be read out of turn (then the
// caller hashes it alone, in turn, and may call hash_many again after it).
struct HashManyEnd {
  std::size_t next = 0;
  bool unsafe = false;
};

// Hashes the files of `paths` from `start` (none of them "-") and calls
// `emit` on the calling thread with the operands' indexes and results, in
// operand order, a batch (those ready together) a call: each result as soon
// as it and every one before it are in. `progress`, when not null, is
// updated with the files emitted, the bytes read and (when it is drawn) the
// size of all the regular files, and cleared before each `emit`.
//
// Every operand is opened once, by the worker that hashes it, without
// waiting (O_NONBLOCK | O_NOCTTY), and fstat on the open descriptor says
// whether it may be read out of turn: a regular file that is not the file
// standard output or error is written to (which the output changes), or a
// directory (read fails on it either way), or a name that does not open
// for a reason of its path or permission (that fails the same way in
// turn; any other failure is left to an open in turn). Anything else (a FIFO, a device) stops the
// run at that operand, kept open in `held`; so does the output file,
// closed again (closing a regular file does nothing a reader sees), and
// so does a regular file whose read fails EAGAIN (one whose reads wait,
// /proc/kmsg: only the open without waiting makes it fail), closed and
// read again in turn. No
// stat of the path before the open: one walk of each path, not two.
//
// Returns where it stopped: after every operand; at an operand that is not
// safe out of turn (`unsafe`, every operand before it emitted); or earlier
// when memory or threads ran short (at `start`, before anything is opened,
// when not even one worker could start), and the caller hashes the rest
// one at a time. At `start` too while standard input, output or error is
// closed: an open on a worker could take its number for a moment, and an
// operand naming that stream (/dev/stdin) open that file meanwhile. An exception a worker meets from the module (refusing to
// work) is thrown here after the results of the operands before the files
// it was hashing were emitted.
HashManyEnd hash_many(const HashAlgorithm& algorithm, const std::vector<std::string>& paths, std::size_t start,
                      const HashManyOptions& options, const std::function<void(std::span<const IndexedResult>)>& emit,
                      FilesProgress* progress, HeldFiles& held);

}  // namespace fipsmod::cli
