// The self-test event callback: one per process, called on the thread
// running the tests.
#include <mutex>

#include "selftests.hpp"

namespace fipsmod::selftests {
namespace {

struct CallbackSlot {
  fipsmod_selftest_callback callback = nullptr;
  void* arg = nullptr;
};
std::mutex callback_mutex;
CallbackSlot callback_slot;

}  // namespace

void set_callback(fipsmod_selftest_callback callback, void* arg) noexcept {
  std::lock_guard lock(callback_mutex);
  callback_slot = {callback, arg};
}

void emit(int phase, const Test& t) noexcept {
  CallbackSlot slot;
  {
    std::lock_guard lock(callback_mutex);
    slot = callback_slot;
  }
  if (slot.callback == nullptr) return;
  // Every string is NUL-terminated: the name a std::string, the others
  // literals or kernel names.
  const fipsmod_selftest_event event{phase, t.pre ? "integrity" : "KAT", t.name.c_str(), t.algorithm, t.kernel->name};
  slot.callback(&event, slot.arg);
}

}  // namespace fipsmod::selftests
