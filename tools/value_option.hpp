// The command line of a command with one option that takes a value (xor's
// -o OUT, hmac's -k KEYFILE) besides --help, and operands, read as
// getopt_long reads it: "-oVALUE", "-o VALUE", "--output VALUE",
// "--output=VALUE", any unambiguous abbreviation of a long option ("--out",
// "--he"), and "--" ending the options; a lone "-" is an operand.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fipsmod::cli {

struct ValueOption {
  char short_name;             // 'o'
  std::string_view long_name;  // "output"
  std::string_view needs;      // "a file name", for the message when missing
};

struct CommandLine {
  bool help = false;
  std::optional<std::string> value;  // the option's value, the last one given
  std::vector<std::string> operands;
};

// The parsed line, or the message of a usage error (without the program's
// name).
std::variant<CommandLine, std::string> parse_command_line(int argc, char** argv, const ValueOption& option);

}  // namespace fipsmod::cli
