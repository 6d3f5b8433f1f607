#include "value_option.hpp"

#include "quote.hpp"

namespace fipsmod::cli {

std::variant<CommandLine, std::string> parse_command_line(int argc, char** argv, const ValueOption& option) {
  CommandLine line;
  const std::string short_flag = std::string("-") + option.short_name;
  const auto needs_value = [&](std::string_view spelled) {
    return "option '" + std::string(spelled) + "' needs " + std::string(option.needs);
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
      if (name.empty()) return "unrecognized option " + quote_argument(arg);
      const bool is_value = option.long_name.starts_with(name);
      const bool is_help = std::string_view("help").starts_with(name);
      if (is_value && is_help) {
        return "option " + quote_argument(arg) + " is ambiguous; possibilities: '--" +
               std::string(option.long_name) + "' '--help'";
      }
      if (is_help) {
        if (name.size() != body.size()) return "option '--help' doesn't allow an argument";
        line.help = true;
      } else if (!is_value) {
        return "unrecognized option " + quote_argument(arg);
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
      return "unrecognized option " + quote_argument(arg);
    }
  }
  return line;
}

}  // namespace fipsmod::cli
