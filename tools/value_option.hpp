// The command line of a command with options that take a value (xor's
// -o OUT, hmac's -k KEYFILE and -a ALGORITHM) or none (rand's --hex) besides
// --help, and operands, read as
// getopt_long reads it: "-oVALUE", "-o VALUE", "--output VALUE",
// "--output=VALUE", any unambiguous abbreviation of a long option ("--out",
// "--he"), and "--" ending the options; a lone "-" is an operand.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fipsmod::cli {

struct ValueOption {
  char short_name;             // 'o' ('\0' for none)
  std::string_view long_name;  // "output"
  std::string_view needs;      // "a file name", for the message when missing
  bool flag = false;           // takes no value: its value is "" when given (rand's --hex)
};

struct CommandLine {
  bool help = false;
  std::optional<std::string> value;                // the (first) option's value, the last one given
  std::vector<std::optional<std::string>> values;  // each option's, in the order they were named
  std::vector<std::string> operands;
};

// A usage error in the command line: its message, without the program's
// name. An unknown option ("unrecognized option '--foo'", "invalid option
// -- 'x'") is worded as getopt_long words it, and reported as coreutils
// reports it: that line, then "Try 'PROGRAM --help' for more information.";
// the other errors end with a hint of their own.
struct UsageError {
  std::string message;
  bool unknown_option = false;
};

// The parsed line, or the usage error. A long option's abbreviation that
// names more than one option is ambiguous, as getopt_long finds it.
std::variant<CommandLine, UsageError> parse_command_line(int argc, char** argv,
                                                         std::initializer_list<ValueOption> options);
std::variant<CommandLine, UsageError> parse_command_line(int argc, char** argv, const ValueOption& option);

// Reports the error on stderr for `program` ("fipsmod xor") and returns 2,
// the status of a usage error.
int report_usage_error(std::string_view program, const UsageError& error);
inline int report_usage_error(std::string_view program, std::string message) {
  return report_usage_error(program, UsageError{std::move(message)});
}

// How every fipsmod subcommand starts: the parsed line, or nullopt with
// `status` set when the command is already done: a usage error reported
// (2), or `usage` printed for --help (0).
std::optional<CommandLine> start_command(std::string_view program, const char* usage, int argc, char** argv,
                                         std::initializer_list<ValueOption> options, int& status);

}  // namespace fipsmod::cli
