#include "hash_many.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <system_error>

#include <fipsmod/module.hpp>

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
  std::size_t lanes;  // files a worker holds at once, at most
  std::size_t chunk;  // bytes a lane reads at a time, at most
  std::size_t window;

  std::mutex mutex;
  std::condition_variable printer_wakes;  // the next result to print is in, or hashing has ended
  std::condition_variable workers_wake;   // the window moved, or hashing has ended
  std::size_t next = 0;     // the next operand a worker takes
  std::size_t printed = 0;  // operands handed to emit (and their results dropped)
  std::size_t limit;        // operands to hash: all, or those before the files of a failed worker
  std::size_t alive = 0;    // workers not yet ended
  std::exception_ptr failure;  // the module refused: thrown once the operands before are printed
  // The result of operand i, until printed, at ring[i % window]: a worker
  // takes operand i only when i < printed + window, so that slot is free.
  std::vector<std::optional<FileResult>> ring;
  std::atomic<std::uint64_t> bytes{0};  // read so far, for --progress
  std::atomic<std::uint64_t> total_bytes{0};  // the sizes of the regular files, for --progress

  // The first operand found unsafe to read out of turn (limit is at most
  // this), and those of them kept open for the caller.
  std::size_t unsafe = SIZE_MAX;
  HeldFiles& held;
  std::optional<struct stat> out, err;  // standard output's and error's files, when regular

  Shared(const std::vector<std::string>& p, const HashAlgorithm& a, std::size_t l, std::size_t c, std::size_t w,
         std::size_t start, HeldFiles& h)
      : paths(p), algorithm(a), lanes(l), chunk(c), window(w), next(start), printed(start), limit(p.size()), held(h) {}

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

// Whether an operand opened out of turn, of which `st` is the fstat, may
// be read out of turn, reading what reading it in turn would: a regular
// file (not the one standard output or error is written to, which the
// output changes) or a directory (read fails on it either way). Not a FIFO
// or a device: what it gives depends on when it is read.
bool safe_out_of_turn(const struct stat& st, const Shared& sh) {
  if (S_ISDIR(st.st_mode)) return true;
  return S_ISREG(st.st_mode) && !same_file(st, sh.out) && !same_file(st, sh.err);
}

// Whether an open that failed with `error` out of turn (without waiting)
// fails the same way in turn: an error of the path or of permission, which
// neither O_NONBLOCK nor the time of the open changes.
bool fails_in_turn_too(int error) {
  return error == ENOENT || error == ENOTDIR || error == EACCES || error == ELOOP || error == ENAMETOOLONG;
}

// The total size of the regular files from `start`, for --progress when it
// is drawn: a stat of each path, which only a drawn progress line pays for.
std::uint64_t total_size(const std::vector<std::string>& paths, std::size_t start) {
  std::uint64_t size = 0;
  for (std::size_t i = start; i < paths.size(); ++i) {
    struct stat st;
    if (stat(paths[i].c_str(), &st) == 0 && S_ISREG(st.st_mode)) size += static_cast<std::uint64_t>(st.st_size);
  }
  return size;
}

// Whether standard input, output and error are all open. While one is
// closed, an open on one thread lands on its number for a moment, before
// open_file moves it to 3 or above, and an operand naming that stream
// (/dev/stdin, /proc/self/fd/1) opened on another thread meanwhile is that
// file, where coreutils, opening one file at a time, finds nothing there.
bool standard_streams_open() {
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd) {
    if (fcntl(fd, F_GETFD) < 0) return false;
  }
  return true;
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

// A file longer than this many chunks, and than a chunk for each lane, is
// large: a worker starts its large files one after another, not all in the
// same round (see work()).
constexpr std::size_t kLargeChunks = 4;
// The smallest read buffer a lane is given when memory is short.
constexpr std::size_t kMinChunk = 4096;

// Whether an exception is the system running out of something (memory, a
// thread), which one file at a time may still get through; anything else
// (the module refusing to work) ends the run.
bool out_of_resources(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const fipsmod::error&) {
    return false;
  } catch (const std::bad_alloc&) {
    return true;
  } catch (const std::system_error&) {
    return true;
  } catch (...) {
    return false;
  }
}

// One worker: holds up to `lanes` files, reads a chunk of each in turn and
// hashes the chunks of a round together (one update_many call for MD5),
// takes the next operands as its files end.
//
// Results go out in operand order, so the first of a worker's files should
// end first: started together, equal files would all end in the same round,
// and no line would appear before the last of them was done. So a large
// file (more than kLargeChunks chunks, and a chunk a lane) waits, open,
// until every large file the worker is already reading has read its share
// (a quarter of its size over the lanes, at least a chunk): the large files
// end one after another, in order, a share's hashing apart. A quarter, not
// the whole: the lanes fill faster, and are still full while the last ones
// end (8 x 64 MiB on one thread: 8% slower than all at once, where a whole
// share cost 30%). Short files (up to a chunk a lane: they end within as
// many rounds as there are lanes) never wait, and take every lane at once.
void work(Shared& sh) {
  struct Slot {
    std::size_t index = 0;
    std::optional<InputFile> file;
    bool advised = false;
    bool retry = false;         // its operand found no descriptor free: open it again next round
    bool large = false;         // longer than max(kLargeChunks, lanes) chunks when opened
    bool waiting = false;       // a large file not yet started
    std::uint64_t read = 0;     // bytes read so far
    std::uint64_t size = 0;     // its size when opened (0 for a directory)
    bool ended = false;         // a short read reached that size: no read for the end of file
    std::uint64_t share = 0;    // a large file is young until it has read this many bytes
  };
  // However this ends, the printing thread learns that one worker fewer runs.
  struct Leaving {
    Shared& sh;
    ~Leaving() {
      std::lock_guard lock(sh.mutex);
      --sh.alive;
      sh.printer_wakes.notify_one();
    }
  } leaving{sh};
  std::vector<Slot> slots;
  std::vector<std::pair<std::size_t, FileResult>> done;  // results not yet handed over
  std::vector<HashSetUpdate> updates;
  std::unique_ptr<std::uint8_t[]> buffers;
  std::unique_ptr<HashSet> hashes;
  std::vector<std::size_t> taken;  // slots given an operand this round
  std::size_t lanes = sh.lanes;
  std::size_t chunk = sh.chunk;
  try {
    // Buffers and hashes for `lanes` files; when memory is short, smaller
    // reads and fewer lanes. A worker that cannot have even one lane of
    // kMinChunk bytes ends without taking a file: the files no worker
    // takes, the caller hashes one at a time.
    for (;;) {
      try {
        slots.resize(lanes);
        buffers.reset(new std::uint8_t[lanes * chunk]);
        hashes = sh.algorithm.make_set(lanes);
        updates.reserve(lanes);
        done.reserve(lanes);
        taken.reserve(lanes);
        break;
      } catch (const std::bad_alloc&) {
        std::vector<Slot>().swap(slots);
        buffers.reset();
        hashes.reset();
        updates = {};
        done = {};
        taken = {};
        if (chunk > 4 * kMinChunk) {
          chunk /= 2;
        } else if (lanes > 1) {
          lanes /= 2;
        } else if (chunk > kMinChunk) {
          chunk /= 2;
        } else {
          return;
        }
      }
    }
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
            if (sh.held.has(sh.next)) {  // held since an earlier run: not safe out of turn
              sh.unsafe = std::min(sh.unsafe, sh.next);
              sh.limit = std::min(sh.limit, sh.next);
              sh.printer_wakes.notify_one();
              continue;
            }
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
        struct stat st;
        auto file = InputFile::open_probing(sh.paths[slots[k].index], error, st);
        if (!file && (error == EMFILE || error == ENFILE) &&
            std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.file.has_value(); })) {
          slots[k].retry = true;  // once one of this worker's files is done
          continue;
        }
        if (!file && !fails_in_turn_too(error)) {
          // The open without waiting failed in a way an open in turn
          // might not (a device refusing O_NONBLOCK): opened in turn.
          std::lock_guard lock(sh.mutex);
          sh.unsafe = std::min(sh.unsafe, slots[k].index);
          sh.limit = std::min(sh.limit, slots[k].index);
          sh.printer_wakes.notify_one();
          continue;
        }
        if (!file) {
          done.push_back({slots[k].index, FileResult{std::nullopt, error}});
          continue;
        }
        if (!safe_out_of_turn(st, sh)) {
          // The run stops here; a FIFO or a device stays open, for the
          // caller to read in turn. (Workers may find more after it: each
          // is held the same way.)
          std::lock_guard lock(sh.mutex);
          if (!S_ISREG(st.st_mode)) sh.held.put(slots[k].index, file->release(), S_ISFIFO(st.st_mode));
          sh.unsafe = std::min(sh.unsafe, slots[k].index);
          sh.limit = std::min(sh.limit, slots[k].index);
          sh.printer_wakes.notify_one();
          continue;
        }
        Slot& s = slots[k];
        s.file.emplace(std::move(*file));
        s.advised = false;
        s.read = 0;
        s.ended = false;
        const std::uint64_t size = S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
        s.size = size;
        s.large = size > std::max(kLargeChunks, lanes) * chunk;
        s.waiting = s.large;
        s.share = std::max<std::uint64_t>(size / (4 * lanes), chunk);
        hashes->reset(k);
      }
      // Start the first waiting large file when no large file this worker
      // reads is still young.
      const bool young = std::any_of(slots.begin(), slots.end(), [](const Slot& s) {
        return s.file && s.large && !s.waiting && s.read < s.share;
      });
      if (!young) {
        Slot* first = nullptr;
        for (Slot& s : slots) {
          if (s.file && s.waiting && (!first || s.index < first->index)) first = &s;
        }
        if (first) first->waiting = false;
      }
      // A round: a chunk of every open file that is not waiting, hashed
      // together.
      updates.clear();
      std::uint64_t round_bytes = 0;
      for (std::size_t k = 0; k < slots.size(); ++k) {
        Slot& s = slots[k];
        if (!s.file || s.waiting) continue;
        const std::span<std::uint8_t> buffer(buffers.get() + k * chunk, chunk);
        const long n = s.file->read(buffer);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
          // Only the open without waiting fails a read so: a file that
          // fstat calls regular but whose reads wait (/proc/kmsg, for the
          // kernel's next message). Not safe out of turn either: the run
          // stops here, and the caller opens it again and reads it in
          // turn, as coreutils reads it (waiting, not an error).
          std::lock_guard lock(sh.mutex);
          sh.unsafe = std::min(sh.unsafe, s.index);
          sh.limit = std::min(sh.limit, s.index);
          sh.printer_wakes.notify_one();
          s.file.reset();
        } else if (n < 0) {
          done.push_back({s.index, FileResult{std::nullopt, errno}});
          s.file.reset();
        } else if (n == 0) {
          done.push_back({s.index, FileResult{hashes->sum(k), 0}});
          s.file.reset();
        } else {
          updates.push_back({k, buffer.first(static_cast<std::size_t>(n))});
          if (!s.advised && static_cast<std::size_t>(n) == chunk) {
            s.file->advise();
            s.advised = true;
          }
          s.read += static_cast<std::uint64_t>(n);
          round_bytes += static_cast<std::uint64_t>(n);
          // A short read that brings it to the size it had when opened is
          // its end: the read that would return 0 is saved (one system call
          // of the five a short file costs). Both, not either: a short read
          // elsewhere (a file system that returns less) or a file that
          // reports no size (/proc) reads on to the 0.
          s.ended = static_cast<std::size_t>(n) < chunk && s.read == s.size;
        }
      }
      if (!updates.empty()) hashes->update(updates);
      for (std::size_t k = 0; k < slots.size(); ++k) {
        Slot& s = slots[k];
        if (!s.file || !s.ended) continue;
        done.push_back({s.index, FileResult{hashes->sum(k), 0}});
        s.file.reset();
      }
      sh.bytes.fetch_add(round_bytes, std::memory_order_relaxed);
    }
  } catch (...) {
    // Memory ran out, or the module refused to go on: the operands from the
    // first this worker held are not hashed here. The printing thread
    // prints those before; then, out of memory, the caller hashes the rest
    // one at a time, and a refusal is thrown.
    const std::exception_ptr e = std::current_exception();
    const bool resources = out_of_resources(e);
    std::lock_guard lock(sh.mutex);
    std::size_t first = sh.next;
    for (const Slot& s : slots) {
      if (s.file || s.retry) first = std::min(first, s.index);
    }
    for (auto& [index, result] : done) {
      if (index < first && index < sh.limit) sh.ring[index % sh.window] = std::move(result);
    }
    if (first < sh.limit) {
      sh.limit = first;
      if (!resources) sh.failure = e;
    }
    sh.printer_wakes.notify_one();
    sh.workers_wake.notify_all();
  }
}

// Runs work(sh) on a thread of its own with a small stack: a worker needs
// tens of KiB (update_many's arrays are about 14 KiB), and the default 8 MiB
// a thread would count against a limit on address space (ulimit -v) for
// nothing. False when the thread could not be made.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr std::size_t kWorkerStack = std::size_t{4} << 20;  // the sanitizers' instrumented frames are larger
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
constexpr std::size_t kWorkerStack = std::size_t{4} << 20;
#else
constexpr std::size_t kWorkerStack = std::size_t{256} << 10;
#endif
#else
constexpr std::size_t kWorkerStack = std::size_t{256} << 10;
#endif

void* run_worker(void* shared) {
  work(*static_cast<Shared*>(shared));
  return nullptr;
}

bool start_worker(Shared& sh, pthread_t& thread) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  const long least = sysconf(_SC_THREAD_STACK_MIN);
  std::size_t stack = std::max<std::size_t>(kWorkerStack, least > 0 ? static_cast<std::size_t>(least) : 0);
  bool started = pthread_attr_setstacksize(&attr, stack) == 0 && pthread_create(&thread, &attr, run_worker, &sh) == 0;
  pthread_attr_destroy(&attr);
  return started;
}

}  // namespace

HeldFiles::~HeldFiles() {
  for (const auto& [index, fd] : fds_) ::close(fd.first);
}

void HeldFiles::put(std::size_t index, int fd, bool fifo) {
  if (!fds_.emplace(index, std::pair{fd, fifo}).second) ::close(fd);
}

std::optional<InputFile> HeldFiles::take(std::size_t index, const std::string& path, int& error) {
  const auto it = fds_.find(index);
  if (it == fds_.end()) return InputFile::open(path, error);
  const auto [fd, fifo] = it->second;
  fds_.erase(it);
  // A FIFO: an open in turn would wait for a writer, and then the first
  // read for data or the writer's close; one poll waits for the same (data,
  // or every writer gone after one came: Linux reports no hang-up on a FIFO
  // opened without waiting until a writer has come). Not a second open: a
  // writer already in and out would leave it waiting for another.
  if (fifo) {
    pollfd p{fd, POLLIN, 0};
    while (poll(&p, 1, -1) < 0) {
      if (errno != EINTR) {
        error = errno;
        ::close(fd);
        return std::nullopt;
      }
    }
  }
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    error = errno;
    ::close(fd);
    return std::nullopt;
  }
  return InputFile::adopt(fd);
}

HashManyEnd hash_many(const HashAlgorithm& algorithm, const std::vector<std::string>& paths, std::size_t start,
                      const HashManyOptions& options, const std::function<void(std::span<const IndexedResult>)>& emit,
                      FilesProgress* progress, HeldFiles& held) {
  const HashManyEnd none{start, false};
  if (start >= paths.size()) return none;
  const std::size_t count = paths.size() - start;
  // Opens on many threads are only safe with the standard streams open
  // (above); otherwise the caller hashes one file at a time, as coreutils.
  if (!standard_streams_open()) return none;
  // The workers hold at most jobs x lanes files open, within the
  // descriptors this process may still open; with fewer than two to spare,
  // the caller hashes one file at a time, as coreutils does.
  const std::size_t spare = spare_descriptors();
  if (spare < 2) return none;
  const std::size_t jobs = std::clamp<std::size_t>(options.jobs, 1, std::min(count, spare));
  // Enough files for every worker's lanes, not all of them in the first
  // worker's: 3 files on 2 CPUs are 2 and 1.
  const std::size_t lanes = std::clamp<std::size_t>((count + jobs - 1) / jobs, 1,
                                                    std::clamp<std::size_t>(options.lanes, 1, spare / jobs));
  std::size_t window = options.window ? std::max(options.window, jobs * lanes) : std::max<std::size_t>(4 * jobs * lanes, 1024);
  Shared sh(paths, algorithm, lanes, std::max<std::size_t>(options.chunk, 1), window, start, held);
  sh.out = regular_file(STDOUT_FILENO);
  sh.err = regular_file(STDERR_FILENO);
  // The results waiting to be printed, and the batch handed to emit: a
  // smaller window when memory is short (the workers then run less far
  // ahead); none at all, and the caller hashes one file at a time.
  std::vector<IndexedResult> batch;
  for (;;) {
    try {
      sh.ring.resize(window);
      batch.reserve(window);
      break;
    } catch (const std::bad_alloc&) {
      sh.ring = {};
      batch = {};
      if (window == 1) return none;
      window /= 2;
    }
  }
  sh.window = window;

  std::vector<pthread_t> workers;
  // Whatever happens here (emit may throw), the workers stop and are joined
  // before `sh` goes.
  struct Joiner {
    Shared& sh;
    std::vector<pthread_t>& workers;
    ~Joiner() {
      {
        std::lock_guard lock(sh.mutex);
        sh.limit = std::min(sh.limit, sh.printed);
        sh.workers_wake.notify_all();
      }
      for (const pthread_t t : workers) pthread_join(t, nullptr);
    }
  } joiner{sh, workers};
  try {
    workers.reserve(jobs);
  } catch (const std::bad_alloc&) {
    return none;
  }
  const bool drawing = progress && progress->active();
  if (drawing) sh.total_bytes = total_size(paths, start);
  for (std::size_t i = 0; i < jobs; ++i) {
    {
      std::lock_guard lock(sh.mutex);
      ++sh.alive;
    }
    pthread_t thread;
    if (!start_worker(sh, thread)) {
      std::lock_guard lock(sh.mutex);
      --sh.alive;
      break;  // fewer workers than asked for (or none: below)
    }
    workers.push_back(thread);
  }
  if (workers.empty()) return none;  // no thread at all: the caller hashes one file at a time

  for (;;) {
    bool finished = false;
    std::size_t printed = 0;
    {
      std::unique_lock lock(sh.mutex);
      // With no worker left (those that could not have buffers ended at
      // once), the operands none took are the caller's.
      if (sh.alive == 0) sh.limit = std::min(sh.limit, sh.next);
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
    if (progress) {
      progress->update(printed, sh.bytes.load(std::memory_order_relaxed),
                       sh.total_bytes.load(std::memory_order_relaxed));
    }
  }
  std::exception_ptr failure;
  HashManyEnd end;
  {
    std::lock_guard lock(sh.mutex);
    failure = sh.failure;
    end = {sh.printed, sh.unsafe == sh.printed};
  }
  if (failure) std::rethrow_exception(failure);
  return end;
}

}  // namespace fipsmod::cli
