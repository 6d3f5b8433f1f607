// Key material the command line holds itself (fipsmod hmac's key): kept out
// of core dumps, and zeroised on every way out, the signals that end the
// process included. The signal handler is the one that removes xor's named
// temporary (output_signals.cpp): one handler for every cleanup.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace fipsmod::cli {

// Zeros stored so that the compiler cannot drop them as dead, even right
// before the memory is freed: each store (eight bytes, then one at a time)
// is followed by an empty asm that takes the pointer and clobbers memory;
// no call to memset, which an LD_PRELOAD library could replace. Safe in a
// signal handler.
void wipe_secret(void* p, std::size_t n) noexcept;

// Makes sure that no core dump of this process is ever written, before the
// first byte of a key is read: the core file size limit goes to 0 (soft
// and hard, so nothing later raises it again) and the process is marked
// not dumpable (prctl PR_SET_DUMPABLE), which also keeps a core from being
// written when another process raises the limit, and keeps other users'
// debuggers out. Installs the cleanup handler of SIGHUP, SIGINT, SIGQUIT,
// SIGTERM and SIGXFSZ (a signal the caller ignores stays ignored), which
// zeroises every SecretRegion and then dies of the signal, as the default
// action would have (without a core). Returns false with errno set.
bool protect_secrets();

// Makes a C++ runtime that cannot throw end the command as coreutils'
// xalloc_die does, "PROGRAM: memory exhausted" and status 1, not an abort.
// Where the address space is nearly gone, the runtime may have no room even
// for the std::bad_alloc it would throw (its emergency buffer is allocated
// at start-up, and may have failed then): it calls std::terminate with no
// exception. The handler installed here does the signal handler's cleanup
// first (secrets zeroised, a named temporary removed), flushes the lines
// already written, says so and exits 1; it needs no memory. A terminate
// with an exception (a bug) goes on to the runtime's handler, as before.
// PROGRAM is `program`, or `program command` (joined here, without an
// allocation that could fail first); called again, it renames.
void exit_1_when_the_runtime_cannot_throw(std::string_view program, std::string_view command = {});

// Registers size bytes at p, for its lifetime, as memory the signal
// handler zeroises before the process dies of a signal; the owner still
// wipes it on the ordinary paths. At most 8 at a time (more is a bug: it
// throws std::logic_error).
class SecretRegion {
 public:
  SecretRegion(void* p, std::size_t size);
  ~SecretRegion();
  SecretRegion(const SecretRegion&) = delete;
  SecretRegion& operator=(const SecretRegion&) = delete;

 private:
  int slot_;
};

// An optional T (empty at first) whose storage is a SecretRegion: the
// handler zeroises it on a signal; on the ordinary paths T's destructor
// wipes it (it must), and runs before the region is given up.
template <class T>
class Secret {
 public:
  Secret() : region_(&value, sizeof value) {}
  ~Secret() { value.reset(); }

  std::optional<T> value;

 private:
  SecretRegion region_;
};

}  // namespace fipsmod::cli
