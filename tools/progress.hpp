// The --progress line: how far the hashing of one long file has got, drawn
// on standard error when it is a terminal, and erased when the file is done.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fipsmod::cli {

// "name: 41% of 2.9 GiB, 812.3 MB/s" (no percentage when the size is
// unknown), the name quoted as in error messages (quote.hpp), so that no
// control character in it reaches the terminal.
std::string format_progress(std::string_view name, std::uint64_t done, std::optional<std::uint64_t> total,
                            double seconds);

class Progress {
 public:
  // Draws nothing unless `enabled` and stderr is a terminal.
  Progress(bool enabled, std::string_view name, std::optional<std::uint64_t> total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t bytes);

 private:
  // Short files finish before the first draw and never show a line.
  static constexpr std::chrono::milliseconds kInterval{200};
  bool active_;
  bool drawn_ = false;
  std::string name_;
  std::optional<std::uint64_t> total_;
  std::uint64_t done_ = 0;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace fipsmod::cli
