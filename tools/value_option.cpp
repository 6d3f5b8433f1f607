#include "value_option.hpp"

#include <cstdio>
#include <vector>

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

std::variant<CommandLine, UsageError> parse_command_line(int argc, char** argv,
                                                         std::initializer_list<ValueOption> options) {
  CommandLine line;
  line.values.resize(options.size());
  const auto needs_value = [&](std::string_view spelled, const ValueOption& option) {
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
      // The options the name abbreviates, in table order (an exact name
      // wins); an empty name ("--=x") abbreviates every long option:
      // ambiguous, as getopt_long finds it.
      std::vector<std::size_t> matches;  // indices into options; options.size() for --help
      std::size_t exact = options.size() + 1;
      std::size_t index = 0;
      for (const ValueOption& o : options) {
        if (o.long_name.starts_with(name)) matches.push_back(index);
        if (o.long_name == name) exact = index;
        ++index;
      }
      if (std::string_view("help").starts_with(name)) matches.push_back(options.size());
      if (name == "help") exact = options.size();
      if (exact <= options.size()) matches = {exact};
      if (matches.empty()) return unrecognized(arg);
      if (matches.size() > 1) {
        std::string possibilities;
        for (const std::size_t m : matches) {
          possibilities += " '--" + std::string(m == options.size() ? "help" : options.begin()[m].long_name) + "'";
        }
        return UsageError{"option " + quote_argument(arg) + " is ambiguous; possibilities:" + possibilities};
      }
      if (matches[0] == options.size()) {
        if (name.size() != body.size()) return UsageError{"option '--help' doesn't allow an argument"};
        line.help = true;
        continue;
      }
      const ValueOption& o = options.begin()[matches[0]];
      std::optional<std::string>& value = line.values[matches[0]];
      if (o.flag) {
        if (name.size() != body.size()) {
          return UsageError{"option '--" + std::string(o.long_name) + "' doesn't allow an argument"};
        }
        value = std::string();
      } else if (name.size() != body.size()) {
        value = std::string(body.substr(name.size() + 1));
      } else if (++i == argc) {
        return needs_value("--" + std::string(o.long_name), o);
      } else {
        value = argv[i];
      }
    } else {
      const ValueOption* o = nullptr;
      std::size_t index = 0;
      for (const ValueOption& candidate : options) {
        if (candidate.short_name != '\0' && arg[1] == candidate.short_name && !candidate.flag) {
          o = &candidate;
          break;
        }
        ++index;
      }
      if (o == nullptr) return invalid_letter(arg[1]);
      std::optional<std::string>& value = line.values[index];
      if (arg.size() > 2) {
        value = std::string(arg.substr(2));
      } else if (++i == argc) {
        return needs_value(std::string("-") + o->short_name, *o);
      } else {
        value = argv[i];
      }
    }
  }
  if (!line.values.empty()) line.value = line.values[0];
  return line;
}

std::optional<CommandLine> start_command(std::string_view program, const char* usage, int argc, char** argv,
                                         std::initializer_list<ValueOption> options, int& status) {
  auto parsed = parse_command_line(argc, argv, options);
  if (const auto* error = std::get_if<UsageError>(&parsed)) {
    status = report_usage_error(program, *error);
    return std::nullopt;
  }
  if (std::get<CommandLine>(parsed).help) {
    std::fputs(usage, stdout);
    status = 0;
    return std::nullopt;
  }
  return std::get<CommandLine>(std::move(parsed));
}

std::variant<CommandLine, UsageError> parse_command_line(int argc, char** argv, const ValueOption& option) {
  return parse_command_line(argc, argv, {option});
}

}  // namespace fipsmod::cli
