#!/usr/bin/env bash
# Every file the command line opens goes through open_file (streams.hpp),
# which moves a descriptor off 0, 1 and 2, so that a standard descriptor the
# caller closed stays closed (gnulib's open-safer, as in coreutils). This
# lists any other call that makes a descriptor in tools/, outside the helper.
#
#   opens_test.sh TOOLS_SOURCE_DIR
set -uo pipefail
cd "$1" || exit 1
calls='open|open64|openat|openat2|creat|fopen|fopen64|freopen|tmpfile|mkstemp|mkostemp|dup|dup2|dup3|pipe|pipe2|socket|socketpair|accept|accept4|memfd_create|eventfd|signalfd|timerfd_create|inotify_init|inotify_init1|epoll_create|epoll_create1|opendir|popen'
# A call: the name, not a member (x.open, x->open, Class::open), maybe
# ::-qualified or std::-qualified, then "(". Line comments are dropped, and
# so are the tests (which close and restore descriptors on purpose) and the
# classes' own open() (InputFile::open, OutputTarget::open), declared and
# called in the headers.
sources=$(ls -- *.cpp *.hpp | grep -v -e '_test\.cpp$' -e '^streams\.cpp$')
# shellcheck disable=SC2086
found=$(grep -nP "^(?!\s*//)" -- $sources | sed 's#//.*##' |
  grep -vP '^\w+\.hpp:\d+:\s*(static std::optional<\w+> open\(|return open\(path, message)' |
  grep -P "(^|[^\w.>:])(::|std::)?($calls)\s*\(" || true)
if [ -n "$found" ]; then
  echo "FAIL: these make a descriptor without open_file (streams.hpp):"
  echo "$found"
  exit 1
fi
# The helper itself is used (a grep that matched nothing proves nothing).
uses=$(grep -c 'open_file(' -- *.cpp | awk -F: '{s += $2} END {print s}')
if [ "$uses" -lt 8 ]; then
  echo "FAIL: open_file is called $uses times; expected the opens of io, md5sum and output_target"
  exit 1
fi
echo "every open goes through open_file ($uses calls)"
