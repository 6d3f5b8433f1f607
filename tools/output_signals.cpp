// The cleanup on a signal that ends the process: zeroising the registered
// secrets (secret_memory.hpp), removing a named temporary (output_parts.hpp).
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <cstring>
#include <stdexcept>
#include <string>

#include "output_parts.hpp"
#include "secret_memory.hpp"

namespace fipsmod::cli {

void wipe_secret(void* p, std::size_t n) noexcept {
  auto* b = static_cast<unsigned char*>(p);
  for (; n >= 8; n -= 8, b += 8) {
    const std::uint64_t zero = 0;
    __builtin_memcpy(b, &zero, 8);  // one store, never a call
    __asm__ __volatile__("" : : "r"(b) : "memory");
  }
  for (; n > 0; --n, ++b) {
    *b = 0;
    __asm__ __volatile__("" : : "r"(b) : "memory");
  }
}

namespace {

// The secrets to zeroise: a slot is in use while its pointer is not null.
// Written with the cleanup signals blocked, so the handler never sees a
// slot half-written.
struct Secret {
  void* p;
  std::size_t size;
};
Secret g_secrets[8];

void wipe_registered_secrets() noexcept {
  for (const Secret& s : g_secrets) {
    if (s.p != nullptr) wipe_secret(s.p, s.size);
  }
}

}  // namespace
}  // namespace fipsmod::cli

namespace fipsmod::cli::output_parts {
namespace {

constexpr int kCleanupSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ};

volatile sig_atomic_t g_armed = 0;
int g_temp_dir_fd = -1;
char g_temp_name[64];

// What every way out that skips the destructors does first.
void clean_up() noexcept {
  wipe_registered_secrets();
  if (g_armed) unlinkat(g_temp_dir_fd, g_temp_name, 0);
}

extern "C" void clean_up_and_die(int sig) {
  clean_up();
  // Die of the same signal, as the default action would have.
  signal(sig, SIG_DFL);
  raise(sig);
}

sigset_t cleanup_set() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kCleanupSignals) sigaddset(&set, sig);
  return set;
}

}  // namespace

void install_handlers_once() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  struct sigaction action {};
  action.sa_handler = clean_up_and_die;
  action.sa_mask = cleanup_set();
  for (int sig : kCleanupSignals) {
    struct sigaction old {};
    // A signal the caller ignores (nohup, trap '' XFSZ) stays ignored.
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sig, &action, nullptr);
  }
}

void arm(int dir_fd, const std::string& name) {
  g_temp_dir_fd = dir_fd;
  std::memcpy(g_temp_name, name.c_str(), name.size() + 1);
  g_armed = 1;
}

void disarm() { g_armed = 0; }

SignalsBlocked::SignalsBlocked() {
  const sigset_t set = cleanup_set();
  sigprocmask(SIG_BLOCK, &set, &old_);
}

SignalsBlocked::~SignalsBlocked() { sigprocmask(SIG_SETMASK, &old_, nullptr); }

}  // namespace fipsmod::cli::output_parts

namespace fipsmod::cli {

namespace {

char g_exhausted_line[160];
std::terminate_handler g_runtime_terminate = nullptr;

[[noreturn]] void terminate_without_exception() {
  if (std::current_exception() != nullptr) g_runtime_terminate();
  const output_parts::SignalsBlocked blocked;
  output_parts::clean_up();
  std::fflush(stdout);
  const char* line = g_exhausted_line;
  for (std::size_t n = std::strlen(line); n > 0;) {
    const ssize_t w = write(STDERR_FILENO, line, n);
    if (w <= 0) break;
    line += w;
    n -= static_cast<std::size_t>(w);
  }
  _exit(1);
}

}  // namespace

void exit_1_when_the_runtime_cannot_throw(std::string_view program, std::string_view command) {
  constexpr std::string_view tail = ": memory exhausted\n";
  char* out = g_exhausted_line;
  char* const end = g_exhausted_line + sizeof g_exhausted_line - tail.size() - 1;
  const auto put = [&](std::string_view part) {
    const std::size_t n = std::min(part.size(), static_cast<std::size_t>(end - out));
    std::memcpy(out, part.data(), n);
    out += n;
  };
  put(program);
  if (!command.empty()) put(" "), put(command);
  std::memcpy(out, tail.data(), tail.size());
  out[tail.size()] = '\0';
  if (g_runtime_terminate == nullptr) g_runtime_terminate = std::set_terminate(terminate_without_exception);
}

bool protect_secrets() {
  const struct rlimit none {0, 0};
  if (setrlimit(RLIMIT_CORE, &none) != 0) return false;
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return false;
  output_parts::install_handlers_once();
  return true;
}

SecretRegion::SecretRegion(void* p, std::size_t size) {
  const output_parts::SignalsBlocked blocked;
  for (slot_ = 0; slot_ < static_cast<int>(std::size(g_secrets)); ++slot_) {
    if (g_secrets[slot_].p == nullptr) {
      g_secrets[slot_] = {p, size};
      return;
    }
  }
  throw std::logic_error("SecretRegion: every slot is taken");
}

SecretRegion::~SecretRegion() {
  const output_parts::SignalsBlocked blocked;
  g_secrets[slot_] = {nullptr, 0};
}

}  // namespace fipsmod::cli
