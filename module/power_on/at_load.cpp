// libfipsmod.so only: the power-on self-tests run when the library is
// loaded, before the program can call a service. (The static library runs
// them on the first service call instead; docs/self-tests.md.)
#include "../core/state.hpp"

namespace {

[[gnu::constructor]] void power_on_at_load() { fipsmod::internal::power_on(); }

}  // namespace
