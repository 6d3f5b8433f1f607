// fipsmod xor: XORs two files, up to the length of the shorter one, through
// subtle::xor_bytes, streaming. The output file appears only if all went
// well.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include <fipsmod/subtle.hpp>

#include "commands.hpp"
#include "io.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod xor";

constexpr const char* kUsage = R"(Usage: fipsmod xor FILE1 FILE2 [-o OUT]
Write FILE1 XOR FILE2, byte by byte, up to the length of the shorter file,
to OUT (default: standard output). Either FILE may be - for standard input.
OUT is written to a temporary name and renamed into place at the end, so a
failure leaves no partial output.

  -o, --output OUT   write to OUT instead of standard output
      --help         display this help and exit
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

int usage_error(const std::string& what) {
  report(kProgram, what + " (see 'fipsmod xor --help')");
  return 2;
}

}  // namespace

int xor_main(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::string output = "-";
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (arg == "-o" || arg == "--output") {
      if (++i == argc) return usage_error("option '" + std::string(arg) + "' needs a file name");
      output = argv[i];
    } else if (arg.starts_with("--output=")) {
      output = std::string(arg.substr(9));
    } else if (arg.size() > 1 && arg.front() == '-') {
      return usage_error("unrecognized option '" + std::string(arg) + "'");
    } else {
      inputs.emplace_back(arg);
    }
  }
  if (inputs.size() != 2) return usage_error("expected two input files, got " + std::to_string(inputs.size()));
  if (inputs[0] == "-" && inputs[1] == "-") return usage_error("only one input can be standard input");
  if (output.empty()) return usage_error("empty output file name");

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
  int error = 0;
  auto out = OutputFile::create(output, error);
  if (!out) {
    report(kProgram, quote(output) + ": " + std::strerror(error));
    return 1;
  }

  std::vector<std::uint8_t> a(kChunkSize), b(kChunkSize);
  for (;;) {
    const long na = fill(files[0], a);
    const long nb = na < 0 ? 0 : fill(files[1], b);
    if (na < 0 || nb < 0) {
      report(kProgram, quote(inputs[na < 0 ? 0 : 1]) + ": " + std::strerror(errno));
      return 1;
    }
    const std::size_t n = subtle::xor_bytes(a, std::span(a).first(static_cast<std::size_t>(na)),
                                            std::span(b).first(static_cast<std::size_t>(nb)));
    if (!out->write(std::span(a).first(n))) {
      report(kProgram, quote(output) + ": " + std::strerror(errno));
      return 1;
    }
    if (n < kChunkSize) break;  // one input has ended
  }
  if (!out->commit()) {
    report(kProgram, quote(output) + ": " + std::strerror(errno));
    return 1;
  }
  return 0;
}

}  // namespace fipsmod::cli
