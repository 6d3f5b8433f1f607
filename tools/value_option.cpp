#include "value_option.hpp"

#include <cstdio>

#include "io.hpp"
#include "quote.hpp"

namespace fipsmod::cli {

namespace {

// getopt_long's words for an option it does not know, the argument quoted
// as every argument in fipsmod's messages is (as getopt prints it when it
// is plain; a control byte is spelled out, never written raw).
UsageError unrecognized(std::string_view arg) {
  return {"unrecognized option " + quote_argument(arg), true};
}
// ... and for an unknown letter of a short option: getopt names the first
// letter it does not know, which here is the first.
UsageError invalid_letter(char letter) {
  return {"invalid option -- " + quote_argument(std::string_view(&letter, 1)), true};
}

}  // namespace

int report_usage_error(std::string_view program, const UsageError& error) {
  if (!error.unknown_option) {
    report(program, error.message + " (see '" + std::string(program) + " --help')");
    return 2;
  }
  report(program, error.message);
  std::fprintf(stderr, "Try '%.*s --help' for more information.\n", static_cast<int>(program.size()), program.data());
  return 2;
}

std::variant<CommandLine, UsageError> parse_command_line(int argc, char** argv, const ValueOption& option) {
  CommandLine line;
  const std::string short_flag = std::string("-") + option.short_name;
  const auto needs_value = [&](std::string_view spelled) {
    return UsageError{"option '" + std::string(spelled) + "' needs " + std::string(option.needs)};
  };
  bool options_ended = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (options_ended || arg == "-" || !arg.starts_with('-')) {
      line.operands.emplace_back(arg);
    } else if (arg == "--") {
      options_ended = true;  // what follows are operands, even -x
    } else if (arg.starts_with("--")) {
      const std::string_view body = arg.substr(2);
      const std::string_view name = body.substr(0, body.find('='));
      // An empty name ("--=x") is a prefix of every long option: ambiguous,
      // as getopt_long finds it.
      const bool is_value = option.long_name.starts_with(name);
      const bool is_help = std::string_view("help").starts_with(name);
      if (is_value && is_help) {
        return UsageError{"option " + quote_argument(arg) + " is ambiguous; possibilities: '--" +
                          std::string(option.long_name) + "' '--help'"};
      }
      if (is_help) {
        if (name.size() != body.size()) return UsageError{"option '--help' doesn't allow an argument"};
        line.help = true;
      } else if (!is_value) {
        return unrecognized(arg);
      } else if (name.size() != body.size()) {
        line.value = std::string(body.substr(name.size() + 1));
      } else if (++i == argc) {
        return needs_value("--" + std::string(option.long_name));
      } else {
        line.value = argv[i];
      }
    } else if (arg.starts_with(short_flag)) {
      if (arg.size() > 2) {
        line.value = std::string(arg.substr(2));
      } else if (++i == argc) {
        return needs_value(short_flag);
      } else {
        line.value = argv[i];
      }
    } else {
      return invalid_letter(arg[1]);
    }
  }
  return line;
}

}  // namespace fipsmod::cli
