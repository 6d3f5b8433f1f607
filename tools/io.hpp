// Files for the command line: reading in large chunks, error messages in
// the coreutils style, and writing an output file all or nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fipsmod::cli {

// Prints "<program>: <message>" on stderr.
void report(std::string_view program, std::string_view message);
// A file name as coreutils quotes it in messages (quote.hpp): bare when it
// holds only characters that are safe in a shell word, otherwise in single
// quotes with control characters spelled out as $'\n'.
std::string quote(std::string_view name);

// A readable file descriptor: "-" is standard input (never closed).
class InputFile {
 public:
  // Opens `path`; on failure returns nullopt and sets `error` to errno.
  static std::optional<InputFile> open(const std::string& path, int& error);
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&&) = delete;
  ~InputFile();

  // The size, when it is a regular file.
  std::optional<std::uint64_t> size() const;
  // Reads up to buffer.size() bytes; 0 at end of file; -1 with errno set.
  long read(std::span<std::uint8_t> buffer);

 private:
  explicit InputFile(int fd, bool owned) : fd_(fd), owned_(owned) {}
  int fd_;
  bool owned_;
};

// The chunk size for streaming files.
inline constexpr std::size_t kChunkSize = std::size_t{1} << 20;

// An output file that appears under its name only when commit() succeeds:
// it is written to a temporary file in the same directory and renamed.
// Destroyed without commit(), it leaves nothing behind. "-" is stdout.
class OutputFile {
 public:
  static std::optional<OutputFile> create(const std::string& path, int& error);
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  ~OutputFile();

  // Writes all of data; false with errno set on failure.
  bool write(std::span<const std::uint8_t> data);
  // Flushes and renames into place; false with errno set on failure.
  bool commit();

 private:
  OutputFile(int fd, std::string temp, std::string final_path) : fd_(fd), temp_(std::move(temp)), path_(std::move(final_path)) {}
  int fd_;
  std::string temp_;  // empty for stdout
  std::string path_;
};

}  // namespace fipsmod::cli
