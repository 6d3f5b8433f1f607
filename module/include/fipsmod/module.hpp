// fipsmod: module-wide facts.
#pragma once

#include <string_view>

#include <fipsmod/export.h>

namespace fipsmod {

// "MAJOR.MINOR.PATCH".
FIPSMOD_API std::string_view version() noexcept;

// The kernel in use for "md5" or "xor_bytes"; empty for an unknown name.
FIPSMOD_API std::string_view impl_name(std::string_view algorithm) noexcept;

}  // namespace fipsmod
