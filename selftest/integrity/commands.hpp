// The commands of fipsmod-integrity, callable in-process for the tests.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace fipsmod::integrity_tool {

// args: the command line without the program name. Returns the exit
// status: 0 done, 1 refused or failed (one line on err), 2 bad usage.
int run(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace fipsmod::integrity_tool
