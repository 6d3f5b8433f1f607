#!/usr/bin/env bash
# The checksum commands hashing many files at once (md5sum -j, hash_many.hpp).
#
#   many_files_test.sh FIPSMOD_BINARY order
#     Each line goes out as soon as its file and every one before it are
#     done, as coreutils prints each line as its file finishes: of equal long
#     files hashed in the lanes of one thread, the first line comes out well
#     before the last.
#   many_files_test.sh FIPSMOD_BINARY progress
#     --progress counts the bytes of all the files while long files are
#     hashed. (Apart from order, each hashing the files once: two tests of
#     half the length, which ctest -j runs side by side.)
#   many_files_test.sh FIPSMOD_BINARY memory
#     Under a limit on address space (ulimit -v), from a little above where
#     fipsmod can be loaded at all up to 100 MB, md5sum over 2,000 files with
#     the default -j and with -j 64 prints what coreutils' md5sum prints under
#     the same limit, byte for byte, and exits as it does: fewer lanes,
#     threads, smaller buffers, or one file at a time, never an abort.
#   many_files_test.sh FIPSMOD_BINARY calls STRACE
#     The system calls per short file (strace: a count, not a time): each
#     operand's path is walked once, by its open (no stat of the path before,
#     the type is learnt from fstat on the open descriptor), and a file
#     shorter than a chunk is read once (the short read that reaches its
#     size is its end). A FIFO and a device among them are opened once each
#     too, and still read in turn: the FIFO's writer comes after the
#     command has started, and its line has what it wrote. With a standard
#     stream closed, no thread starts.
#   many_files_test.sh FIPSMOD_BINARY waits SHIM
#     A regular file whose reads wait (SHIM, reads_wait.c, preloaded: a read
#     of it opened without waiting fails EAGAIN, as /proc/kmsg's does) is
#     read in its turn among many files, as coreutils reads it.
set -uo pipefail
fipsmod=$(realpath "$1")
mode=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0
failed=0

check() {  # check NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@" >check.log 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    sed 's/^/    /' check.log
  fi
}

if [ "$mode" = order ] || [ "$mode" = progress ]; then
  # Three equal sparse files of 384 MiB on one thread (their lanes): the
  # first takes half a second and more to hash, alone or not. zero_sum is
  # their MD5, coreutils' md5sum's of 384 MiB of zeros (written out: it
  # never changes, and coreutils took a second to give it each run).
  truncate -s 384M long-1 long-2 long-3
  zero_sum=5ec4c4cd4f2cb2450d3aa57dd6df84bb
  printf '%s  long-%s\n' "$zero_sum" 1 "$zero_sum" 2 "$zero_sum" 3 >want
fi
if [ "$mode" = order ]; then
  # Started together, the three files would end in the same round, and the
  # first line would go out only when every byte of the three had been
  # read. Each file's line as it ends: when the first line comes out, the
  # command has not yet read the last 64 MiB of the others (its rchar in
  # /proc/PID/io, read on that line's arrival). A cause, not a clock: the
  # reader would have to sleep through the hashing of them all to miss it.
  mkfifo lines.fifo
  "$fipsmod" md5sum -j 1 long-1 long-2 long-3 >lines.fifo &
  pid=$!
  exec 4<lines.fifo
  IFS= read -r first <&4
  read_so_far=$(awk '/^rchar:/ { print $2 }' "/proc/$pid/io")
  { printf '%s\n' "$first"; cat <&4; } >got
  exec 4<&-
  wait "$pid"
  check "md5sum -j 1 over three long files prints the three lines" cmp want got
  check "... each as its file is done: the first before the last 64 MiB of the others are read (read: $read_so_far)" \
    test "$read_so_far" -lt $((3 * 402653184 - 67108864))
  rm -f long-1 long-2 long-3
elif [ "$mode" = progress ]; then
  # --progress on a terminal (script(1) gives one): while the first file is
  # hashed no file is done, and the line counts the bytes read of the
  # sizes of all. (Files count as their lines go out, mode order checks; the
  # line is drawn every 200 ms, too seldom to catch one between them.)
  printf '#!/bin/sh\n"%s" md5sum -j 1 --progress long-1 long-2 long-3\n' "$fipsmod" >progress.sh
  chmod +x progress.sh
  SHELL=/bin/sh script -qec ./progress.sh /dev/null </dev/null >typescript
  tr '\r' '\n' <typescript >progress.lines
  check "--progress counts bytes of all the files while no file is done" \
    grep -qE "^.\[K0 of 3 files, [1-9][0-9.]* MiB of 1\.1 GiB \([0-9]+%\)" progress.lines
  check "... and prints every line" test "$(grep -ac "$zero_sum  long-[123]\$" progress.lines)" = 3
  rm -f long-1 long-2 long-3
elif [ "$mode" = memory ]; then
  # 2,000 short files, a missing one and a directory among them: exit 1
  # and two messages, as coreutils.
  mkdir files files/dir
  names=()
  for i in $(seq 1 2000); do
    printf 'file %s\n' "$i" >"files/f$i"
    names+=("f$i")
  done
  rm files/f700
  names[1500]=dir
  cd files || exit 1
  # bash itself needs about 5 MB to start a program with these arguments,
  # coreutils' md5sum finishes from 5.5 MB here, and fipsmod (libstdc++ and
  # libm mapped) cannot be loaded below about 6.4 MB; 8 MB is the lowest
  # limit tried. Each thread used to reserve 8 MiB of stack and each a 2 MiB
  # buffer, whatever the limit: the old code aborted at 16 and 26 MB, and at
  # 40 to 100 MB with -j 64.
  under() {  # under KB COMMAND...: runs COMMAND with the address space limited to KB KiB
    local kb=$1
    shift
    bash -c 'ulimit -v "$1" && shift && exec "$@"' _ "$kb" "$@" "${names[@]}"
  }
  for kb in 8000 10000 12000 16000 20000 26000 32000 40000 50000 64000 100000; do
    under "$kb" md5sum >../want.out 2>../want.err
    want=$?
    for jobs in default 64; do
      jobs_arg=()
      [ "$jobs" = default ] || jobs_arg=(-j "$jobs")
      under "$kb" "$fipsmod" md5sum "${jobs_arg[@]}" >../got.out 2>../got.err
      got=$?
      check "ulimit -v $kb, -j $jobs: exits $want as coreutils (got $got)" test "$got" = "$want"
      check "... the same output, byte for byte" cmp ../want.out ../got.out
      check "... the same messages" cmp ../want.err <(sed 's/^fipsmod md5sum: /md5sum: /' ../got.err)
    done
  done
  cd ..
elif [ "$mode" = calls ]; then
  strace=$3
  # LeakSanitizer cannot run under ptrace and aborts the traced program at
  # its exit (the asan preset); the leak check is the other tests' job.
  export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
  names=()
  for i in $(seq 1 100); do
    head -c $((i * 41)) /dev/zero >"f$i"
    names+=("f$i")
  done
  "$fipsmod" md5sum -j 2 "${names[@]}" >want 2>&1
  check "md5sum over 100 short files (the run to count)" "$strace" -f -y -qq -o calls.log \
    -e trace=open,openat,stat,lstat,newfstatat,statx,access,read "$fipsmod" md5sum -j 2 "${names[@]}"
  # The calls naming an operand's path (a "fN" argument), and the reads of
  # an operand's descriptor (strace -y shows it as <.../fN>).
  path_calls() { grep -E "^[0-9]+ +$1\\(.*\"f[0-9]+\"" calls.log | wc -l; }
  check "no stat of an operand's path (got $(path_calls '(stat|lstat|newfstatat|statx)'))" \
    test "$(path_calls '(stat|lstat|newfstatat|statx|access)')" = 0
  check "one open of each operand (got $(path_calls 'open(at)?'))" test "$(path_calls 'open(at)?')" = 100
  reads=$(grep -cE '^[0-9]+ +read\([0-9]+<[^>]*/f[0-9]+>' calls.log)
  check "one read of each short file (got $reads)" test "$reads" = 100
  # A FIFO whose writer comes late, and /dev/null, among them: what
  # coreutils prints (the FIFO's line has the writer's bytes, not an empty
  # file's sum), each opened once. (timeout: a writer nobody reads, or a
  # command waiting for a writer that has gone, fails here, not hangs.)
  mkfifo late.fifo
  mixed=("${names[@]:0:50}" late.fifo "${names[@]:50:25}" /dev/null "${names[@]:75}")
  timeout 10 sh -c "sleep 0.2; printf 'late\\n' >late.fifo" &
  md5sum "${mixed[@]}" >want 2>&1
  wait
  timeout 10 sh -c "sleep 0.2; printf 'late\\n' >late.fifo" &
  timeout 20 "$strace" -f -y -qq -o calls.log -e trace=openat "$fipsmod" md5sum -j 2 "${mixed[@]}" >got 2>&1
  wait
  check "a FIFO written late and a device among the files: what coreutils prints" cmp want got
  check "... the FIFO opened once" test "$(grep -c '"late.fifo"' calls.log)" = 1
  check "... the device opened once" test "$(grep -c '"/dev/null"' calls.log)" = 1
  # While standard input, output or error is closed, one file at a time: an
  # open on a worker thread could take the closed stream's number for a
  # moment, and another worker's operand /dev/fd/N open that file then. No
  # thread starts (clone) with one closed, and some do with all open. (The
  # shell closes it for fipsmod alone, not for strace, whose log must not
  # take the number.)
  clones() {
    "$strace" -f -qq -o clones.log -e trace=clone,clone3 sh -c "exec \"\$0\" md5sum -j 4 \"\$@\" $1" \
      "$fipsmod" "${names[@]}" >/dev/null 2>&1
    grep -cE '^[0-9]+ +clone3?\(' clones.log
  }
  check "threads start with every standard stream open (got $(clones ''))" test "$(clones '')" -gt 0
  for closed in '<&-' '>&-' '2>&-'; do
    check "no thread starts with $closed (got $(clones "$closed"))" test "$(clones "$closed")" = 0
  done
elif [ "$mode" = waits ]; then
  shim=$3
  # A regular file whose reads wait (the shim: opened without waiting, its
  # read fails EAGAIN, as /proc/kmsg's does) among many: read in its turn,
  # as coreutils reads it, not reported unreadable with the rest hashed.
  names=()
  for i in $(seq 1 30); do
    head -c $((i * 97)) /dev/zero >"f$i"
    names+=("f$i")
    [ "$i" = 12 ] && { printf 'it waits\n' >reads-wait; names+=(reads-wait); }
  done
  md5sum "${names[@]}" >want 2>&1
  echo "exit $?" >>want
  LD_PRELOAD=$shim "$fipsmod" md5sum -j 2 "${names[@]}" >got 2>&1
  echo "exit $?" >>got
  sed -i 's/^fipsmod md5sum: /md5sum: /' got
  check "a file whose reads wait among 30: what coreutils prints" cmp want got
  # ... which can only fail if the shim does what it says.
  check "the shim: reads-wait opened without waiting fails EAGAIN" env LD_PRELOAD="$shim" python3 -c '
import errno, os
fd = os.open("reads-wait", os.O_RDONLY | os.O_NONBLOCK)
try:
    os.read(fd, 9)
except BlockingIOError:
    fd = os.open("reads-wait", os.O_RDONLY)
    assert os.read(fd, 9) == b"it waits\n"
else:
    raise SystemExit("read without EAGAIN")'
else
  echo "usage: many_files_test.sh FIPSMOD_BINARY order|memory|calls STRACE|waits SHIM" >&2
  exit 2
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
