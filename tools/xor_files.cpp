// fipsmod xor: XORs two files, up to the length of the shorter one, through
// subtle::xor_bytes, streaming. How OUT is written (replaced only on
// success, or written in place when it is a FIFO or device) is
// OutputTarget's concern.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include <fipsmod/subtle.hpp>

#include "commands.hpp"
#include "io.hpp"
#include "output_target.hpp"
#include "quote.hpp"
#include "value_option.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod xor";

constexpr const char* kUsage = R"(Usage: fipsmod xor [-o OUT] [--] FILE1 FILE2
Write FILE1 XOR FILE2, byte by byte, up to the length of the shorter file,
to OUT (default: standard output). Either FILE may be - for standard input.

  -o, --output OUT   write to OUT instead of standard output
      --help         display this help and exit
      --             end of options: the arguments after it are FILEs,
                     even those that start with -

How OUT is written:
  a regular file   new or existing, is written to a temporary file in its
                   directory and renamed over OUT only once all succeeded: a
                   failure or an interrupt leaves OUT as it was and no
                   temporary file. An existing OUT keeps its mode, owner and
                   extended attributes (ACLs, user.* and the rest, but file
                   capabilities, which writing a file removes) and must be
                   writable; a new one gets 0666 less the umask.
  a hard link      a regular OUT with other links, or whose owner or an
                   extended attribute cannot be given to the new file
                   (another user's file), is written to a temporary in full,
                   then copied into OUT in place, so the links, the owner and
                   the attributes stay; only an I/O error during that copy
                   can leave OUT partly rewritten.
  a FIFO, device   is opened and written in place, like a shell redirection.
  a symbolic link  is followed: its target is written as above and the link
                   stays a link. A dangling link is refused.
  an open file     a path through a link in /proc (/dev/stdout, /dev/stderr,
                   /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N) is a
                   process's open file, not a name: it is written through
                   that file, never renamed over, even a deleted one.
                   fipsmod's own descriptor, if open for writing, is written
                   at its offset, as -o - writes standard output, so
                   { echo a; fipsmod xor X Y -o /dev/stdout; } >F keeps the
                   a. Otherwise the link is reopened for writing, as cp does,
                   and a regular file is written to a temporary in full,
                   then copied into it from its start.
  a directory      or a link to one, is refused; nothing is written.
)";

// Reads until `buffer` is full or the file ends; the byte count, or -1.
long fill(InputFile& file, std::span<std::uint8_t> buffer) {
  std::size_t got = 0;
  while (got < buffer.size()) {
    const long n = file.read(buffer.subspan(got));
    if (n < 0) return -1;
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  return static_cast<long>(got);
}

}  // namespace

int xor_main(int argc, char** argv) {
  int exit_status = 0;
  const auto started = start_command(kProgram, kUsage, argc, argv, {{'o', "output", "a file name"}}, exit_status);
  if (!started) return exit_status;
  const CommandLine& line = *started;
  const std::vector<std::string>& inputs = line.operands;
  const std::string output = line.value.value_or("-");
  if (inputs.size() != 2) {
    return report_usage_error(kProgram, "expected two input files, got " + std::to_string(inputs.size()));
  }
  if (inputs[0] == "-" && inputs[1] == "-") return report_usage_error(kProgram, "only one input can be standard input");
  if (output.empty()) return report_usage_error(kProgram, "empty output file name");

  std::vector<InputFile> files;
  for (const std::string& name : inputs) {
    int error = 0;
    auto file = InputFile::open(name, error);
    if (!file) {
      report(kProgram, quote(name) + ": " + std::strerror(error));
      return 1;
    }
    files.push_back(std::move(*file));
  }
  std::vector<std::uint8_t> a(kChunkSize), b(kChunkSize);
  bool ended = false;  // one input has ended
  return write_output(kProgram, output, [&]() -> std::optional<std::span<const std::uint8_t>> {
    if (ended) return std::span<const std::uint8_t>{};
    const long na = fill(files[0], a);
    const long nb = na < 0 ? 0 : fill(files[1], b);
    if (na < 0 || nb < 0) {
      report(kProgram, quote(inputs[na < 0 ? 0 : 1]) + ": " + std::strerror(errno));
      return std::nullopt;
    }
    const std::size_t n = subtle::xor_bytes(a, std::span(a).first(static_cast<std::size_t>(na)),
                                            std::span(b).first(static_cast<std::size_t>(nb)));
    ended = n < kChunkSize;
    return std::span<const std::uint8_t>(a).first(n);
  });
}

}  // namespace fipsmod::cli
