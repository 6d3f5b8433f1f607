// fipsmod-acvp: the ACVP module wrapper (docs/acvp.md). BoringSSL's
// acvptool runs it with -wrapper and speaks the module-wrapper protocol on
// its standard input and output (protocol.hpp); every request is answered
// through the module's public API. Diagnostics go to standard error, and
// the wrapper stops at the first request it cannot answer (exit status 1),
// as BoringSSL's and Go's wrappers do: acvptool then reports the failure.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include <fipsmod/module.h>

#include "commands.hpp"
#include "protocol.hpp"

namespace {

constexpr const char* kUsage = R"(Usage: fipsmod-acvp
The ACVP module wrapper of fipsmod (docs/acvp.md): answers BoringSSL's
acvptool on standard input and output, for example
  acvptool -json vectors.json -wrapper fipsmod-acvp > responses.json
and `acvptool -regcap -wrapper fipsmod-acvp` for the capabilities.
It runs the module in approved-only mode; the few non-approved uses that
the vector sets ask for (a caller's GCM nonce, a short tag or key) run in
the module's scoped exemption and are reported not approved.

      --help    display this help and exit
)";

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--help") == 0) {
    std::fputs(kUsage, stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
  }
  if (argc != 1) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  using namespace fipsmod::acvp;
  if (const int s = fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY); s != FIPSMOD_OK) {
    std::fprintf(stderr, "fipsmod-acvp: approved-only mode: %s\n", fipsmod_strerror(s));
    return 1;
  }
  if (const int s = fipsmod_power_on(); s != FIPSMOD_STATE_OPERATIONAL) {
    const char* failure = fipsmod_selftest_failure();
    std::fprintf(stderr, "fipsmod-acvp: the module is not operational%s%s\n", failure ? ": " : "",
                 failure ? failure : "");
    return 1;
  }
  try {
    while (auto req = read_request(STDIN_FILENO)) {
      const auto& all = commands();
      const auto it = all.find(req->command);
      if (it == all.end()) {
        std::fprintf(stderr, "fipsmod-acvp: unknown command \"%s\"\n", printable(req->command).c_str());
        return 1;
      }
      if (req->args.size() != it->second.args) {
        std::fprintf(stderr, "fipsmod-acvp: %s takes %zu arguments, got %zu\n", req->command.c_str(),
                     it->second.args, req->args.size());
        return 1;
      }
      const auto reply = it->second.run(req->args);
      write_reply(STDOUT_FILENO, reply);
    }
  } catch (const ProtocolError& e) {
    std::fprintf(stderr, "fipsmod-acvp: %s\n", e.what.c_str());
    return 1;
  } catch (const CommandError& e) {
    std::fprintf(stderr, "fipsmod-acvp: %s\n", e.what.c_str());
    return 1;
  } catch (const std::exception& e) {  // memory exhausted, or a fipsmod::error from the C++ API
    std::fprintf(stderr, "fipsmod-acvp: %s\n", e.what());
    return 1;
  }
  return 0;
}
