// The self-test event callback: one per process, set from C++ or C
// (capi.cpp forwards to it), called on the thread running the tests.
#include <mutex>

#include "selftests.hpp"

namespace fipsmod::selftest {
namespace {

struct CallbackSlot {
  Callback callback = nullptr;
  void* arg = nullptr;
};
std::mutex callback_mutex;
CallbackSlot callback_slot;

}  // namespace

void set_callback(Callback callback, void* arg) noexcept {
  std::lock_guard lock(callback_mutex);
  callback_slot = {callback, arg};
}

void emit(Phase phase, const Test& t) noexcept {
  CallbackSlot slot;
  {
    std::lock_guard lock(callback_mutex);
    slot = callback_slot;
  }
  if (slot.callback == nullptr) return;
  try {
    slot.callback(Event{phase, t.kind == Kind::integrity ? "integrity" : "KAT", t.name, t.algorithm->name, t.kernel->name}, slot.arg);
  } catch (...) {  // the application's problem: it must not decide a self-test
  }
}

}  // namespace fipsmod::selftest
