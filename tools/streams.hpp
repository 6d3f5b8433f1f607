// Standard input, output and error the way coreutils treats them: never
// closed under the program's feet, and checked at exit so that a failed
// write (a full disk, a closed pipe, a closed descriptor) never ends in
// exit status 0.
#pragma once

#include <string_view>

namespace fipsmod::cli {

// Call first thing in main. A descriptor 0, 1 or 2 that the caller left
// closed is filled with a placeholder that fails every read and write with
// EBADF, so a file opened later never lands on it (where "-" would read the
// wrong file, or a message would be written into an output file).
void occupy_standard_fds();

// Whether descriptor `fd` (0, 1 or 2) was closed when the program started.
bool closed_at_start(int fd);

// Closes standard input, as coreutils' md5sum does when it has read it;
// false with `error` set when that fails (EBADF if it was closed at start).
bool close_stdin(int& error);

// Call last, with the status the program would exit with. Like gnulib's
// close_stdout: when a write to standard output failed, or closing it does,
// prints "<program>: write error" (with the reason when closing failed)
// and returns 1; a failed write to standard error also makes it 1.
int close_standard_streams(std::string_view program, int status);

}  // namespace fipsmod::cli
