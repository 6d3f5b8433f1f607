// The fipsmod command line: fipsmod COMMAND [ARGS...], or COMMAND [ARGS...]
// run through a link named after a drop-in command (md5sum -> fipsmod).
#include <clocale>
#include <cstdio>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

#include "commands.hpp"
#include "io.hpp"
#include "quote.hpp"
#include "secret_memory.hpp"
#include "streams.hpp"

namespace {

struct Command {
  std::string_view name;
  int (*main)(int, char**);
  std::string_view summary;
  bool computes;  // uses the module's services: refused outright in its error state
  bool drop_in;   // a drop-in for the program of that name: a link so named runs it
};

constexpr Command kCommands[] = {
    {"md5sum", fipsmod::cli::md5sum_main, "print or check MD5 checksums (a drop-in for GNU md5sum)", true, true},
    {"sha256sum", fipsmod::cli::sha256sum_main, "print or check SHA-256 checksums (a drop-in for GNU sha256sum)", true, true},
    {"sha224sum", fipsmod::cli::sha224sum_main, "print or check SHA-224 checksums (a drop-in for GNU sha224sum)", true, true},
    {"sha384sum", fipsmod::cli::sha384sum_main, "print or check SHA-384 checksums (a drop-in for GNU sha384sum)", true, true},
    {"sha512sum", fipsmod::cli::sha512sum_main, "print or check SHA-512 checksums (a drop-in for GNU sha512sum)", true, true},
    {"hmac", fipsmod::cli::hmac_main, "print the HMAC (SHA-224, -256, -384 or -512) of files under a key from a file", true, false},
    {"info", fipsmod::cli::info_main, "show the version, CPU features and the kernel of each algorithm", false, false},
    {"xor", fipsmod::cli::xor_main, "XOR two files", true, false},
    {"rand", fipsmod::cli::rand_main, "write random bytes from the module's DRBG (as openssl rand)", true, false},
    {"entropy-samples", fipsmod::cli::entropy_samples_main, "write raw samples of the entropy source, for assessment", true, false},
    {"selftest", fipsmod::cli::selftest_main, "run the module's self-tests now and report each", false, false},
};

void usage(FILE* to) {
  std::fputs("Usage: fipsmod COMMAND [ARGS...]\n\nCommands:\n", to);
  std::vector<std::string_view> drop_ins;
  for (const Command& c : kCommands) {
    std::fprintf(to, "  %-15s %s\n", std::string(c.name).c_str(), std::string(c.summary).c_str());
    if (c.drop_in) drop_ins.push_back(c.name);
  }
  std::fputs("\n'fipsmod COMMAND --help' describes a command.\nA link to fipsmod named ", to);
  for (std::size_t i = 0; i < drop_ins.size(); ++i) {
    std::fprintf(to, "%s%s", i == 0 ? "" : i + 1 < drop_ins.size() ? ", " : " or ", std::string(drop_ins[i]).c_str());
  }
  std::fputs(" runs that command.\n", to);
  std::fputs(
      "FIPSMOD_DISABLE=feature,... (or all) keeps the module off those CPU features.\n"
      "FIPSMOD_MODE=only refuses the services that are not approved ('fipsmod info' lists them).\n",
      to);
}

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// The last component of the path a program was run as.
std::string_view base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// Runs the command `c` on argv[1..argc-1]. `program` is the name its
// messages use, given to it as argv[0]; `tool` is the name of main's own.
int run_command(const Command& c, int argc, char** argv, std::string& program, const std::string& tool) {
  argv[0] = program.data();
  // A command that computes must not start (and print a line or two) in
  // a module that will refuse it half-way: the power-on self-tests run
  // here, before anything else. --help still answers.
  const bool help = argc > 1 && std::string_view(argv[1]) == "--help";
  if (c.computes && !help && fipsmod_power_on() != FIPSMOD_STATE_OPERATIONAL) {
    fipsmod::cli::report(tool, fipsmod_strerror(FIPSMOD_ERR_MODULE_ERROR));
    return 1;
  }
  // Nor in a mode the module does not know, where it refuses every service:
  // refused here, before the command opens its output (rand -o FIFO would
  // wait for a reader first, and -o into a missing directory would be
  // reported in place of the refusal). The module says why when it reads
  // the mode.
  if (c.computes && !help && fipsmod_mode() == FIPSMOD_MODE_INVALID) return 1;
  try {
    return c.main(argc, argv);
  } catch (const fipsmod::module_error& e) {  // a self-test failed, or FIPSMOD_MODE is unknown
    // The module has said why on stderr already for an unknown mode.
    if (e.status() != FIPSMOD_ERR_MODE_INVALID) fipsmod::cli::report(tool, e.what());
    return 1;
  } catch (const fipsmod::error& e) {  // a service refused in approved-only mode
    if (e.status() != FIPSMOD_ERR_NOT_APPROVED) throw;
    fipsmod::cli::report(program, e.what());
    return 1;
  } catch (const std::bad_alloc&) {  // as coreutils' xalloc_die; unwinding has wiped any key
    fipsmod::cli::report(program, "memory exhausted");
    return 1;
  }
}

// Runs the command line; `program` is set to the name messages use.
int run(int argc, char** argv, std::string& program) {
  // Run through a link named after a drop-in command (md5sum -> fipsmod):
  // that command, named in every message as it was run, path and all, as
  // the program it stands in for names itself ("/opt/bin/md5sum: x: No
  // such file or directory").
  if (argc > 0) {
    if (const Command* c = find_command(base_name(argv[0])); c && c->drop_in) {
      fipsmod::cli::exit_1_when_the_runtime_cannot_throw(argv[0]);  // named before anything is allocated
      program = argv[0];
      return run_command(*c, argc, argv, program, program);
    }
  }
  if (argc < 2 || argv[1][0] == '\0') {
    fipsmod::cli::report("fipsmod", "missing command (see 'fipsmod --help')");
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(stdout);
    return 0;
  }
  if (name == "--version") {
    std::printf("fipsmod %s\n", std::string(fipsmod::version()).c_str());
    return 0;
  }
  if (const Command* c = find_command(name)) {
    fipsmod::cli::exit_1_when_the_runtime_cannot_throw("fipsmod", c->name);
    program = "fipsmod " + std::string(c->name);
    return run_command(*c, argc - 1, argv + 1, program, "fipsmod");
  }
  fipsmod::cli::report("fipsmod", "unknown command " + fipsmod::cli::quote_argument(name) + " (see 'fipsmod --help')");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // A standard descriptor the caller closed stays closed: every open goes
  // through open_file (streams.hpp), which never returns 0, 1 or 2.
  // The locale's character set decides which bytes of a file name are
  // printable characters in messages (as in coreutils); only LC_CTYPE, so
  // numbers keep their '.' whatever LC_NUMERIC says.
  std::setlocale(LC_CTYPE, "");
  // Out of memory where even an exception cannot be thrown: "memory
  // exhausted" and status 1, as coreutils, from the first allocation on.
  fipsmod::cli::exit_1_when_the_runtime_cannot_throw("fipsmod");
  std::string program = "fipsmod";
  const int status = run(argc, argv, program);
  // Every command: a failed write to standard output is an error.
  return fipsmod::cli::close_standard_streams(program, status);
}
