// Where a command's -o OUT goes, and how it is written so that OUT keeps
// what it is:
//
//  - "-" is standard output.
//  - A regular file, new or existing, is written to a temporary file in its
//    directory (unnamed with O_TMPFILE where the filesystem has it, else a
//    short hidden name) and renamed over OUT by commit(), so OUT changes only
//    on success. An existing OUT keeps its mode, owner and extended
//    attributes (ACLs, user.*, trusted.*, ...; not file capabilities, which
//    the kernel removes from a file whenever it is written); a new one gets
//    0666 less the umask. An existing OUT must be writable, as for a shell
//    redirection.
//  - A regular file with other hard links, or whose owner or an extended
//    attribute cannot be given to the new file (a file of another user), is
//    computed in full to a temporary first and then copied into OUT in
//    place, so every link, the owner and the attributes stay; only an I/O
//    error during that final copy can leave OUT partly rewritten. Where it
//    cannot be copied into either (a running program), it is refused.
//  - A FIFO, terminal or other device is opened and written in place.
//  - A symbolic link is followed: its target is written by the rules above
//    and the link stays a link. A dangling link is refused (as cp does).
//  - A path that leads through a link in /proc (/dev/stdout, /dev/stderr,
//    /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N) is a process's open file,
//    not a name: it is written through that open file and never renamed
//    over, even when the file has no name left. This process's own
//    descriptor, when open for writing, is written through directly, at its
//    offset, as "-" writes standard output. Otherwise the link is reopened
//    for writing: a device in place, a regular file by the copy above.
//  - A directory, or a link to one, is refused; nothing is written.
//
// A named temporary is removed on SIGHUP, SIGINT, SIGQUIT, SIGTERM and
// SIGXFSZ (the handler unlinks it and re-raises the signal); an unnamed one
// cannot outlive the process at all.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fipsmod::cli {

class OutputTarget {
 public:
  struct Options {
    // Tests turn O_TMPFILE off to exercise the named temporary.
    bool allow_unnamed_temp = true;
    // Tests make the extended attributes whose names start with this fail
    // to be copied (EPERM), as an attribute the new file cannot be given.
    std::string refuse_xattr_prefix;
  };

  // Opens `path` by the rules above. On failure returns nullopt and sets
  // `message` ("'OUT': Is a directory"), having written nothing.
  static std::optional<OutputTarget> open(const std::string& path, std::string& message, Options options);
  static std::optional<OutputTarget> open(const std::string& path, std::string& message) {
    return open(path, message, Options{});
  }

  OutputTarget(OutputTarget&& other) noexcept;
  OutputTarget& operator=(OutputTarget&&) = delete;
  // Without a successful commit(), leaves OUT as it was and no temporary.
  ~OutputTarget();

  // Writes all of data; false with errno set on failure.
  bool write(std::span<const std::uint8_t> data);
  // Puts the output in place; false with `message` set on failure.
  bool commit(std::string& message);

 private:
  enum class Kind { kStdout, kInPlace, kReplace };
  OutputTarget() = default;
  bool publish(std::string& message);
  bool copy_in_place(std::string& message);
  void drop_temp();

  Kind kind_ = Kind::kStdout;
  std::string shown_;      // OUT as given, for messages
  int fd_ = -1;            // where write() goes: the temporary, the device, or stdout
  int dir_fd_ = -1;        // kReplace: the directory that holds OUT's final name
  std::string name_;       // kReplace: OUT's final name in dir_fd_
  int temp_dir_fd_ = -1;   // kReplace: the directory of a named temporary
  std::string temp_name_;  // kReplace: the named temporary, empty when unnamed
  bool existed_ = false;   // kReplace: OUT was an existing regular file...
  struct stat original_ {};  // ...with this mode, owner and link count
  int original_fd_ = -1;   // ...open for writing, for a copy in place (or -1)
  bool copy_only_ = false; // the temporary lives elsewhere: copy in place
  std::uint64_t written_ = 0;
  std::string refuse_xattr_prefix_;
};

// A command's whole output: opens `path` as above, writes each chunk that
// `next` returns until it returns an empty one, and commits. `next` returns
// nullopt after reporting an error of its own (an input that failed); a
// failed open, write or commit is reported as `program`'s. Either way OUT
// is left as it was. 0, or 1 after an error.
using NextChunk = std::function<std::optional<std::span<const std::uint8_t>>()>;
int write_output(std::string_view program, const std::string& path, const NextChunk& next);

// readlinkat(2) into `target`, however long the link is (lstat's st_size is
// no guide: /proc gives 64 or 0). False with errno set.
bool read_link(int dir_fd, const char* name, std::string& target);

// Gives file `to` exactly the extended attributes of file `from`, but file
// capabilities (security.capability), which new contents never inherit:
// copies each, and removes those `to` has of its own. False with errno set
// and `failed` naming the attribute (empty when listing them failed).
bool copy_attributes(int from, int to, std::string& failed, const std::string& refuse_prefix = {});

}  // namespace fipsmod::cli
