// Standard input, output and error the way coreutils treats them, and the
// one way the command line opens files.
//
// A descriptor 0, 1 or 2 that the caller left closed stays closed, as in
// coreutils (gnulib's open-safer, fopen-safer and fd-safer): every file the
// program opens goes through open_file(), which moves a descriptor that
// landed on 0, 1 or 2 to 3 or above. So reading "-" with standard input
// closed fails with EBADF ("-: Bad file descriptor"), /dev/stdin and
// /proc/self/fd/0 do not exist (ENOENT), and neither a message nor the
// output can end up in a file that was opened later. Standard output and
// error are checked at exit, so a failed write (a full disk, a closed pipe,
// a closed descriptor) never ends in exit status 0.
#pragma once

#include <fcntl.h>
#include <sys/types.h>

#include <string_view>

namespace fipsmod::cli {

// openat(2) that never returns 0, 1 or 2: a descriptor that lands there is
// moved to the lowest free one from 3 (close-on-exec when `flags` has
// O_CLOEXEC) and the low one closed again. -1 with errno set on failure.
// Every open in tools/ goes through this (tools/tests check that).
int open_file(int dir_fd, const char* path, int flags, mode_t mode = 0);
inline int open_file(const char* path, int flags, mode_t mode = 0) { return open_file(AT_FDCWD, path, flags, mode); }

// Moves `fd` to 3 or above when it is 0, 1 or 2 (gnulib's fd_safer);
// returns the new descriptor, or -1 with errno set (and `fd` closed).
int fd_safer(int fd, bool cloexec = true);

// Closes standard input, as coreutils' md5sum does when it has read it;
// false with `error` set when that fails (EBADF if it was closed at start).
bool close_stdin(int& error);

// Call last, with the status the program would exit with. Like gnulib's
// close_stdout: when a write to standard output failed, or closing it does,
// prints "<program>: write error" (with the reason when closing failed)
// and returns 1; a failed write to standard error also makes it 1.
int close_standard_streams(std::string_view program, int status);

}  // namespace fipsmod::cli
