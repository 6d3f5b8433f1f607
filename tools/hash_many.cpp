#include "hash_many.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "io.hpp"
#include "streams.hpp"

namespace fipsmod::cli {

std::size_t available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return static_cast<std::size_t>(std::max(CPU_COUNT(&set), 1));
}

namespace {

// What the workers and the printing thread share, under `mutex`.
struct Shared {
  const std::vector<std::string>& paths;
  const HashAlgorithm& algorithm;
  std::size_t lanes;  // files a worker holds at once
  std::size_t chunk;
  std::size_t window;

  std::mutex mutex;
  std::condition_variable printer_wakes;  // the next result to print is in, or hashing has ended
  std::condition_variable workers_wake;   // the window moved, or hashing has ended
  std::size_t next = 0;     // the next operand a worker takes
  std::size_t printed = 0;  // operands handed to emit (and their results dropped)
  std::size_t limit;        // operands to hash: all, or those before the files of a failed worker
  std::exception_ptr failure;
  // The result of operand i, until printed, at ring[i % window]: a worker
  // takes operand i only when i < printed + window, so that slot is free.
  std::vector<std::optional<FileResult>> ring;
  std::atomic<std::uint64_t> bytes{0};  // read so far, for --progress

  // Before anything is opened, the workers stat every operand, a block at
  // a time: hashing starts once all are `checked`, and not at all if one
  // is `unsafe` to read out of turn.
  std::atomic<std::size_t> next_check{0};
  std::size_t checked = 0;
  bool unsafe = false;
  std::optional<struct stat> out, err;  // standard output's and error's files, when regular

  Shared(const std::vector<std::string>& p, const HashAlgorithm& a, std::size_t l, std::size_t c, std::size_t w)
      : paths(p), algorithm(a), lanes(l), chunk(c), window(w), limit(p.size()), ring(w) {}

  bool next_ready() const { return printed < limit && ring[printed % window].has_value(); }
};

bool same_file(const struct stat& a, const std::optional<struct stat>& b) {
  return b && a.st_dev == b->st_dev && a.st_ino == b->st_ino;
}

std::optional<struct stat> regular_file(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return st;
}

// Whether reading `path` out of turn reads what reading it in turn would:
// a regular file (not the one standard output or error is written to,
// which the output changes) or a directory (read fails on it either way),
// or a name that does not stat (open fails on it the same way). Not a
// FIFO or a device: opening one can block or act, and what it gives
// depends on when it is read.
bool safe_out_of_turn(const std::string& path, const Shared& sh) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || S_ISDIR(st.st_mode)) return true;
  return S_ISREG(st.st_mode) && !same_file(st, sh.out) && !same_file(st, sh.err);
}

// The workers' first part: true once every operand is checked, false when
// one is unsafe to read out of turn.
bool check_operands(Shared& sh) {
  constexpr std::size_t kBlock = 64;
  const std::size_t count = sh.paths.size();
  for (;;) {
    const std::size_t first = sh.next_check.fetch_add(kBlock);
    if (first >= count) break;
    const std::size_t last = std::min(first + kBlock, count);
    bool safe = true;
    for (std::size_t i = first; i < last && safe; ++i) safe = safe_out_of_turn(sh.paths[i], sh);
    std::lock_guard lock(sh.mutex);
    if (!safe) sh.unsafe = true;
    sh.checked += last - first;
    if (sh.unsafe || sh.checked == count) {
      sh.workers_wake.notify_all();
      sh.printer_wakes.notify_one();
    }
    if (sh.unsafe) return false;
  }
  std::unique_lock lock(sh.mutex);
  sh.workers_wake.wait(lock, [&] { return sh.unsafe || sh.checked == count; });
  return !sh.unsafe;
}

// How many more descriptors this process may open: the soft RLIMIT_NOFILE
// less those open now (counted in /proc/self/fd) and 8 kept for the rest of
// the program. coreutils needs one at a time; the workers hold jobs x lanes.
std::size_t spare_descriptors() {
  struct rlimit limit {};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return SIZE_MAX;
  std::size_t open_now = 16;  // without /proc, a guess on the safe side
  const int fd = open_file("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (DIR* d = fd >= 0 ? fdopendir(fd) : nullptr) {
    open_now = 0;
    while (const dirent* e = readdir(d)) open_now += e->d_name[0] != '.';
    closedir(d);
  } else if (fd >= 0) {
    close(fd);
  }
  const std::size_t cur = static_cast<std::size_t>(limit.rlim_cur);
  return cur > open_now + 8 ? cur - open_now - 8 : 0;
}

// One worker: holds up to `lanes` files, reads a chunk of each in turn and
// hashes the chunks of a round together (one update_many call for MD5),
// takes the next operands as its files end.
void work(Shared& sh) {
  struct Slot {
    std::size_t index = 0;
    std::optional<InputFile> file;
    bool advised = false;
    bool retry = false;  // its operand found no descriptor free: open it again next round
  };
  std::vector<Slot> slots(sh.lanes);
  std::vector<std::pair<std::size_t, FileResult>> done;  // results not yet handed over
  std::vector<HashSetUpdate> updates;
  std::unique_ptr<std::uint8_t[]> buffers;
  std::unique_ptr<HashSet> hashes;
  std::vector<std::size_t> taken;  // slots given an operand this round
  try {
    if (!check_operands(sh)) return;
    buffers.reset(new std::uint8_t[sh.lanes * sh.chunk]);
    hashes = sh.algorithm.make_set(sh.lanes);
    updates.reserve(sh.lanes);
    done.reserve(sh.lanes);
    taken.reserve(sh.lanes);
    for (;;) {
      taken.clear();
      {
        std::unique_lock lock(sh.mutex);
        // Hand over the results of the last round, and wake the printing
        // thread when the one it waits for is among them.
        for (auto& [index, result] : done) {
          if (index < sh.limit) sh.ring[index % sh.window] = std::move(result);
        }
        done.clear();
        if (sh.next_ready()) sh.printer_wakes.notify_one();
        for (;;) {
          // Since another worker failed: drop the files after its own.
          for (Slot& s : slots) {
            if ((s.file || s.retry) && s.index >= sh.limit) {
              s.file.reset();
              s.retry = false;
            }
          }
          for (std::size_t k = 0; k < slots.size(); ++k) {
            if (slots[k].retry) {
              slots[k].retry = false;
              taken.push_back(k);
              continue;
            }
            if (slots[k].file || sh.next >= sh.limit || sh.next >= sh.printed + sh.window) continue;
            slots[k].index = sh.next++;
            taken.push_back(k);
          }
          const bool busy = std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.file.has_value(); });
          if (busy || !taken.empty()) break;
          if (sh.next >= sh.limit) return;  // nothing left to take
          sh.workers_wake.wait(lock);       // ahead of the printer by the whole window
        }
      }
      for (const std::size_t k : taken) {
        int error = 0;
        // The read-ahead hint only for a file longer than a chunk: a
        // system call per file saved where most are short.
        auto file = InputFile::open(sh.paths[slots[k].index], error, false);
        if (!file && (error == EMFILE || error == ENFILE) &&
            std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.file.has_value(); })) {
          slots[k].retry = true;  // once one of this worker's files is done
          continue;
        }
        if (!file) {
          done.push_back({slots[k].index, FileResult{std::nullopt, error}});
          continue;
        }
        slots[k].file.emplace(std::move(*file));
        slots[k].advised = false;
        hashes->reset(k);
      }
      // A round: a chunk of every open file, hashed together.
      updates.clear();
      std::uint64_t round_bytes = 0;
      for (std::size_t k = 0; k < slots.size(); ++k) {
        Slot& s = slots[k];
        if (!s.file) continue;
        const std::span<std::uint8_t> buffer(buffers.get() + k * sh.chunk, sh.chunk);
        const long n = s.file->read(buffer);
        if (n < 0) {
          done.push_back({s.index, FileResult{std::nullopt, errno}});
          s.file.reset();
        } else if (n == 0) {
          done.push_back({s.index, FileResult{hashes->sum(k), 0}});
          s.file.reset();
        } else {
          updates.push_back({k, buffer.first(static_cast<std::size_t>(n))});
          if (!s.advised && static_cast<std::size_t>(n) == sh.chunk) {
            s.file->advise();
            s.advised = true;
          }
          round_bytes += static_cast<std::uint64_t>(n);
        }
      }
      if (!updates.empty()) hashes->update(updates);
      sh.bytes.fetch_add(round_bytes, std::memory_order_relaxed);
    }
  } catch (...) {
    // The module refused to go on (or memory ran out): the operands from
    // the first this worker held are not hashed, and the printing thread
    // throws this once it has printed the ones before.
    std::lock_guard lock(sh.mutex);
    std::size_t first = sh.next;
    for (const Slot& s : slots) {
      if (s.file) first = std::min(first, s.index);
    }
    for (auto& [index, result] : done) {
      if (index < first && index < sh.limit) sh.ring[index % sh.window] = std::move(result);
    }
    if (first < sh.limit) {
      sh.limit = first;
      sh.failure = std::current_exception();
    }
    sh.printer_wakes.notify_one();
    sh.workers_wake.notify_all();
  }
}

}  // namespace

bool hash_many(const HashAlgorithm& algorithm, const std::vector<std::string>& paths, const HashManyOptions& options,
               const std::function<void(std::span<const IndexedResult>)>& emit, FilesProgress* progress) {
  const std::size_t count = paths.size();
  if (count == 0) return true;
  // The workers hold at most jobs x lanes files open, within the
  // descriptors this process may still open; with fewer than two to spare,
  // the caller hashes one file at a time, as coreutils does.
  const std::size_t spare = spare_descriptors();
  if (spare < 2) return false;
  const std::size_t jobs = std::clamp<std::size_t>(options.jobs, 1, std::min(count, spare));
  // Enough files for every worker's lanes, not all of them in the first
  // worker's: 3 files on 2 CPUs are 2 and 1.
  const std::size_t lanes = std::clamp<std::size_t>((count + jobs - 1) / jobs, 1,
                                                    std::clamp<std::size_t>(options.lanes, 1, spare / jobs));
  const std::size_t window = options.window ? std::max(options.window, jobs * lanes) : std::max<std::size_t>(4 * jobs * lanes, 1024);
  Shared sh(paths, algorithm, lanes, std::max<std::size_t>(options.chunk, 1), window);
  sh.out = regular_file(STDOUT_FILENO);
  sh.err = regular_file(STDERR_FILENO);

  std::vector<std::thread> workers;
  // Whatever happens here (emit may throw), the workers stop and are joined
  // before `sh` goes.
  struct Joiner {
    Shared& sh;
    std::vector<std::thread>& workers;
    ~Joiner() {
      {
        std::lock_guard lock(sh.mutex);
        sh.limit = std::min(sh.limit, sh.printed);
        sh.workers_wake.notify_all();
      }
      for (std::thread& t : workers) t.join();
    }
  } joiner{sh, workers};
  workers.reserve(jobs);
  for (std::size_t i = 0; i < jobs; ++i) {
    try {
      workers.emplace_back(work, std::ref(sh));
    } catch (const std::system_error&) {
      if (workers.empty()) return false;  // no thread at all: the caller hashes one file at a time
      break;                              // fewer workers than asked for
    }
  }

  {
    std::unique_lock lock(sh.mutex);
    sh.printer_wakes.wait(lock, [&] { return sh.unsafe || sh.checked == count; });
    if (sh.unsafe) return false;  // the caller hashes one file at a time; nothing was opened
  }
  std::vector<IndexedResult> batch;
  const bool drawing = progress && progress->active();
  for (;;) {
    bool finished = false;
    std::size_t printed = 0;
    {
      std::unique_lock lock(sh.mutex);
      if (!sh.next_ready() && sh.printed < sh.limit) {
        if (drawing) {
          sh.printer_wakes.wait_for(lock, std::chrono::milliseconds(100));
        } else {
          sh.printer_wakes.wait(lock);
        }
      }
      while (sh.next_ready()) {
        batch.emplace_back(sh.printed, std::move(*sh.ring[sh.printed % sh.window]));
        sh.ring[sh.printed % sh.window].reset();
        ++sh.printed;
      }
      if (!batch.empty()) sh.workers_wake.notify_all();
      finished = sh.printed >= sh.limit;
      printed = sh.printed;
    }
    if (!batch.empty()) {
      if (progress) progress->clear();
      emit(batch);
      batch.clear();
    }
    if (finished) break;
    if (progress) progress->update(printed, sh.bytes.load(std::memory_order_relaxed));
  }
  std::exception_ptr failure;
  {
    std::lock_guard lock(sh.mutex);
    failure = sh.failure;
  }
  if (failure) std::rethrow_exception(failure);
  return true;
}

}  // namespace fipsmod::cli
