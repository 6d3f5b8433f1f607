// Removing a named temporary on a signal (output_parts.hpp).
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <string>

#include "output_parts.hpp"

namespace fipsmod::cli::output_parts {
namespace {

constexpr int kCleanupSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ};

volatile sig_atomic_t g_armed = 0;
int g_temp_dir_fd = -1;
char g_temp_name[64];

extern "C" void remove_temp_and_die(int sig) {
  if (g_armed) unlinkat(g_temp_dir_fd, g_temp_name, 0);
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
  action.sa_handler = remove_temp_and_die;
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
