// Test driver for OutputTarget: copies standard input to OUT the way
// `fipsmod xor -o OUT` writes it. --named-temp turns O_TMPFILE off, so the
// tests reach the named temporary that filesystems without it get;
// --refuse-xattr PREFIX makes the extended attributes whose names start
// with PREFIX impossible to give to the new file.
//
//   output_target_probe [--named-temp] [--refuse-xattr PREFIX] OUT <INPUT
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "../io.hpp"
#include "../output_target.hpp"

int main(int argc, char** argv) {
  using fipsmod::cli::OutputTarget;
  using fipsmod::cli::report;
  OutputTarget::Options options;
  int arg = 1;
  for (; arg < argc; ++arg) {
    const std::string_view option = argv[arg];
    if (option == "--named-temp") {
      options.allow_unnamed_temp = false;
    } else if (option == "--refuse-xattr" && arg + 1 < argc) {
      options.refuse_xattr_prefix = argv[++arg];
    } else {
      break;
    }
  }
  if (arg + 1 != argc) {
    report("output_target_probe", "usage: output_target_probe [--named-temp] [--refuse-xattr PREFIX] OUT <INPUT");
    return 2;
  }
  std::string message;
  auto out = OutputTarget::open(argv[arg], message, options);
  if (!out) {
    report("output_target_probe", message);
    return 1;
  }
  std::vector<std::uint8_t> buffer(1 << 16);
  for (;;) {
    const ssize_t n = read(STDIN_FILENO, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      report("output_target_probe", std::string("-: ") + std::strerror(errno));
      return 1;
    }
    if (n == 0) break;
    if (!out->write(std::span(buffer).first(static_cast<std::size_t>(n)))) {
      report("output_target_probe", fipsmod::cli::quote(argv[arg]) + ": " + std::strerror(errno));
      return 1;
    }
  }
  if (!out->commit(message)) {
    report("output_target_probe", message);
    return 1;
  }
  return 0;
}
