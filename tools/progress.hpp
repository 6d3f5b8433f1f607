// The --progress line: how far the hashing of one long file has got, drawn
// on standard error when it is a terminal, and erased when the file is done;
// or, when many files are hashed at once (md5sum -j), how many of them.
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

// "12 of 200 files, 41.0 MiB of 2.9 GiB (1%), 812.3 MB/s": files done
// (printed) of all the operands, and the bytes read so far of the sizes of
// all (no total when it is 0, the percentage at most 100: a file can grow).
std::string format_files_progress(std::uint64_t files_done, std::uint64_t files_total, std::uint64_t bytes,
                                  std::uint64_t bytes_total, double seconds);

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

// The line for many files at once, drawn by the one thread that also writes
// every result and message: it erases the line before each of those, and
// draws it again at most every 200 ms.
class FilesProgress {
 public:
  // Draws nothing unless `enabled` and stderr is a terminal.
  FilesProgress(bool enabled, std::uint64_t files_total);
  ~FilesProgress() { clear(); }
  FilesProgress(const FilesProgress&) = delete;
  FilesProgress& operator=(const FilesProgress&) = delete;

  bool active() const { return active_; }
  // Draws the line when 200 ms have passed since the start or the last draw.
  void update(std::uint64_t files_done, std::uint64_t bytes, std::uint64_t bytes_total);
  // Erases the line if it is drawn: call before writing anything else.
  void clear();

 private:
  static constexpr std::chrono::milliseconds kInterval{200};
  bool active_;
  bool drawn_ = false;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace fipsmod::cli
