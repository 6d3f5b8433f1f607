// Files for the command line: reading in large chunks and error messages in
// the coreutils style. (Writing an output file is output_target.hpp's.)
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <sys/stat.h>

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
  // Tells the kernel it will be read in order (posix_fadvise) unless not
  // `advise`: then advise() can do it later, for a file that turns out long.
  static std::optional<InputFile> open(const std::string& path, int& error, bool advise = true);
  void advise() const;
  // Opens `path` without waiting and without acting on a terminal
  // (O_NONBLOCK | O_NOCTTY), and gives its fstat in `st`: for reading a
  // file out of turn (hash_many.hpp), where a FIFO must not block and what
  // it is is learnt from the open descriptor, not from a second walk of
  // the path. On failure (of the open or the fstat) returns nullopt and
  // sets `error` to errno. O_NONBLOCK changes nothing for a regular file or
  // a directory; anything else is handed back with release().
  static std::optional<InputFile> open_probing(const std::string& path, int& error, struct stat& st);
  // Takes ownership of an open descriptor.
  static InputFile adopt(int fd) { return InputFile(fd, true); }
  // Gives up the descriptor (the caller closes it); -1 for standard input.
  int release();
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

}  // namespace fipsmod::cli
