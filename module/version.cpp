#include <fipsmod/module.hpp>
#include <fipsmod/version.h>

namespace fipsmod {

std::string_view version() noexcept { return FIPSMOD_VERSION_STRING; }

}  // namespace fipsmod
