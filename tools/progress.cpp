#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

#include "quote.hpp"

namespace fipsmod::cli {
namespace {

std::string human_size(std::uint64_t bytes) {
  constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024 && unit < 5) {
    v /= 1024;
    ++unit;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, unit == 0 ? "%.0f %s" : "%.1f %s", v, kUnits[unit]);
  return buf;
}

}  // namespace

std::string format_progress(std::string_view name, std::uint64_t done, std::optional<std::uint64_t> total,
                            double seconds) {
  // The name as in error messages: a name can hold terminal escapes.
  std::string line = quote_name(name);
  line += ": ";
  if (total && *total > 0) {
    line += std::to_string(done * 100 / *total) + "% of " + human_size(*total);
  } else {
    line += human_size(done);
  }
  if (seconds > 0) {
    char rate[32];
    std::snprintf(rate, sizeof rate, ", %.1f MB/s", static_cast<double>(done) / seconds / 1e6);
    line += rate;
  }
  return line;
}

std::string format_files_progress(std::uint64_t files_done, std::uint64_t files_total, std::uint64_t bytes,
                                  std::uint64_t bytes_total, double seconds) {
  std::string line = std::to_string(files_done) + " of " + std::to_string(files_total) +
                     (files_total == 1 ? " file, " : " files, ") + human_size(bytes);
  if (bytes_total > 0) {
    const std::uint64_t percent = bytes >= bytes_total ? 100 : static_cast<std::uint64_t>(
                                                                   static_cast<double>(bytes) * 100 / static_cast<double>(bytes_total));
    line += " of " + human_size(bytes_total) + " (" + std::to_string(percent) + "%)";
  }
  if (seconds > 0) {
    char rate[32];
    std::snprintf(rate, sizeof rate, ", %.1f MB/s", static_cast<double>(bytes) / seconds / 1e6);
    line += rate;
  }
  return line;
}

Progress::Progress(bool enabled, std::string_view name, std::optional<std::uint64_t> total)
    : active_(enabled && isatty(STDERR_FILENO)),
      name_(name),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void Progress::advance(std::uint64_t bytes) {
  done_ += bytes;
  if (!active_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < kInterval) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  // \r returns to the start of the line, ESC [K erases to its end.
  std::fprintf(stderr, "\r\x1b[K%s", format_progress(name_, done_, total_, seconds).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

Progress::~Progress() {
  if (drawn_) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
  }
}

}  // namespace fipsmod::cli

namespace fipsmod::cli {

FilesProgress::FilesProgress(bool enabled, std::uint64_t files_total)
    : active_(enabled && isatty(STDERR_FILENO)),
      total_(files_total),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void FilesProgress::update(std::uint64_t files_done, std::uint64_t bytes, std::uint64_t bytes_total) {
  if (!active_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < kInterval) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "\r\x1b[K%s", format_files_progress(files_done, total_, bytes, bytes_total, seconds).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void FilesProgress::clear() {
  if (!drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace fipsmod::cli
