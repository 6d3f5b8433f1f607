// fipsmod entropy-samples: N raw samples of the module's noise source
// (fipsmod::entropy::raw_noise), one byte each, for an SP 800-90B
// assessment (NIST's ea_non_iid reads the file as is). Written in chunks;
// OUT as xor -o writes it (OutputTarget).
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <vector>

#include <fipsmod/entropy.hpp>

#include "commands.hpp"
#include "io.hpp"
#include "output_target.hpp"
#include "quote.hpp"
#include "value_option.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod entropy-samples";

constexpr const char* kUsage = R"(Usage: fipsmod entropy-samples [-o OUT] [--] N
Write N raw samples of the module's entropy source (its noise, one byte a
sample, before the health tests and the conditioning) to OUT (default:
standard output), for a min-entropy assessment (NIST SP 800-90B). They are
not random output: never use them as key material. Not an approved service:
refused under FIPSMOD_MODE=only. N is a decimal count, at most 10^12;
a sample takes about a microsecond.

  -o, --output OUT   write to OUT instead of standard output, as
                     'fipsmod xor -o' does: a regular file is replaced only
                     once all N samples are written
      --help         display this help and exit
      --             end of options

Exit status: 0, 1 when the output could not be written or the source was
refused, 2 for a usage error.
)";

constexpr std::uint64_t kMax = 1000000000000ull;

}  // namespace

int entropy_samples_main(int argc, char** argv) {
  int exit_status = 0;
  const auto started = start_command(kProgram, kUsage, argc, argv, {{'o', "output", "a file name"}}, exit_status);
  if (!started) return exit_status;
  const CommandLine& line = *started;
  if (line.operands.size() != 1) {
    return report_usage_error(kProgram, "expected one count, got " + std::to_string(line.operands.size()));
  }
  const std::string& count = line.operands[0];
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
  if (count.empty() || ec != std::errc{} || end != count.data() + count.size() || n > kMax) {
    return report_usage_error(kProgram, "invalid count " + quote_argument(count));
  }
  const std::string output = line.value.value_or("-");
  if (output.empty()) return report_usage_error(kProgram, "empty output file name");

  // Refused (approved-only mode) before OUT is opened: a FIFO without a
  // reader would wait for one first, and a bad OUT would be reported in
  // place of the refusal. No sample is asked for; main reports the error.
  entropy::raw_noise({});
  std::vector<std::uint8_t> chunk(kChunkSize);
  std::uint64_t left = n;
  return write_output(kProgram, output, [&]() -> std::optional<std::span<const std::uint8_t>> {
    const auto part = std::span(chunk).first(static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk.size())));
    entropy::raw_noise(part);
    left -= part.size();
    return part;
  });
}

}  // namespace fipsmod::cli
