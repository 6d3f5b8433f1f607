// The commands of fipsmod-acvp: acvptool's names and argument orders (its
// subprocess/*.go and ACVP.md's table), each answered through the module's
// public C API.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "protocol.hpp"

namespace fipsmod::acvp {

struct Command {
  std::size_t args;  // the number of arguments after the command's name
  std::function<std::vector<Bytes>(std::span<const Bytes>)> run;
};

// Every command, by name. A command that the module refuses, or that gets
// an argument acvptool never sends, throws CommandError: the wrapper then
// stops, as BoringSSL's does, and acvptool reports the failure.
const std::map<std::string, Command, std::less<>>& commands();

struct CommandError {
  std::string what;
};

// The ACVP capabilities (tools/acvp/capabilities.json, built in): the
// answer to getConfig.
std::string_view capabilities();

}  // namespace fipsmod::acvp
