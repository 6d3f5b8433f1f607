// A value from the environment, made safe to print in a message on stderr.
#pragma once

#include <string>
#include <string_view>

namespace fipsmod::internal {

// `value` as C would write it in a string literal: printable ASCII as is,
// '"' and '\\' escaped, every other byte as \xHH, so that no control
// character (a terminal escape) reaches stderr.
std::string escaped(std::string_view value);

}  // namespace fipsmod::internal
