// The parts OutputTarget (output_target.hpp) is made of, one file each by
// concern; internal to the command line:
//
//  - output_signals.cpp:    removing a named temporary on a signal
//  - output_temp.cpp:       the temporary file the result is written to
//  - output_links.cpp:      following OUT's symbolic links, and opening it in place
//  - output_attributes.cpp: extended attributes (copy_attributes, in output_target.hpp)
//  - output_copy.cpp:       copying the finished result into OUT in place
//  - output_target.cpp:     the kinds of OUT and their rules (open, commit)
#pragma once

#include <signal.h>
#include <sys/stat.h>

#include <string>
#include <utility>

namespace fipsmod::cli::output_parts {

// ---- output_signals.cpp ----------------------------------------------------
//
// One named temporary at a time is registered here. Its name is published
// before the handler may see it, with the signals blocked around creating,
// renaming and removing it, so no signal finds a name that is not (yet, or
// any more) the temporary.

// Installs the handler of SIGHUP, SIGINT, SIGQUIT, SIGTERM and SIGXFSZ that
// zeroises the registered secrets (secret_memory.hpp), removes the
// registered temporary and re-raises the signal (once; a signal the caller
// ignores stays ignored).
void install_handlers_once();

// Blocks the cleanup signals for its lifetime.
class SignalsBlocked {
 public:
  SignalsBlocked();
  ~SignalsBlocked();
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

// Registers `name` in `dir_fd` as the temporary to remove on a signal
// (under SignalsBlocked); disarm() forgets it.
void arm(int dir_fd, const std::string& name);
void disarm();

// ---- output_temp.cpp -------------------------------------------------------

// A short hidden name that is hard to guess: ".fipsmod-" and 12 hex digits,
// far below NAME_MAX whatever OUT's own name is.
std::string temp_name();

// Creates a temporary file in dir_fd for reading and writing, with 0666
// less the umask: unnamed where the filesystem allows, else under a short
// name registered for removal on a signal. Returns the fd, or -1 with errno.
int create_temp(int dir_fd, bool allow_unnamed, std::string& named);

// ---- output_links.cpp ------------------------------------------------------

// Splits a path into the directory that holds its last component and that
// component's name; the directory is "." or "/" when the path has none.
std::pair<std::string, std::string> split(const std::string& path);

bool same_file(const struct stat& a, const struct stat& b);

// Where the symbolic links that a path ends in lead.
struct Resolved {
  enum class Kind { kName, kOpenFile } kind = Kind::kName;
  int dir_fd = -1;   // kName: the directory holding the file (owned), and
  std::string name;  // its name there
  int own_fd = -1;   // kOpenFile: this process's descriptor of it, or -1

  Resolved() = default;
  Resolved(const Resolved&) = delete;
  Resolved& operator=(const Resolved&) = delete;
  ~Resolved();
};

// Follows the symbolic links that `path` ends in, one by one, to the
// directory and name of the file they lead to, which must be `target` (as
// the kernel's own resolution found it); or, at a link on /proc (such as
// /proc/self/fd/1, where /dev/stdout and /dev/fd/1 lead), stops: that link
// is a process's open file, which the kernel follows to the file itself
// and not to a name (the file may have none left). Returns false with
// errno set.
bool resolve_links(const std::string& path, const struct stat& target, Resolved& out);

// Opens `path` for writing in place and checks that it is still `st`.
int open_in_place(const std::string& path, const struct stat& st, int flags);

// Whether descriptor fd is open for writing.
bool writable(int fd);

// ---- output_target.cpp -----------------------------------------------------

// A message about OUT: "'OUT': <strerror(error)>".
std::string describe(const std::string& shown, int error);

}  // namespace fipsmod::cli::output_parts
