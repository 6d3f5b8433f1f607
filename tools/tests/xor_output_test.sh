#!/usr/bin/env bash
# What `fipsmod xor A B -o OUT` does to each kind of OUT (see
# `fipsmod xor --help`): a regular file is replaced only on success and keeps
# its mode, owner, hard links, ACLs and extended attributes; a FIFO or device
# is written in place; a symbolic link is followed; a process's open file
# (/dev/stdout, /proc/PID/fd/N) is written through, never renamed over; a
# directory is refused; long names work; a failed write or a signal leaves
# OUT as it was and no temporary file.
#
#   xor_output_test.sh FIPSMOD_BINARY OUTPUT_TARGET_PROBE
#
# The probe writes standard input through the same code with O_TMPFILE
# off, which reaches the named temporary of filesystems without O_TMPFILE.
set -uo pipefail
fipsmod=$(realpath "$1")
probe=$(realpath "$2")
tests_dir=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
cleanup() {
  exec 3>&- 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
chmod 755 "$work"  # another user reads the inputs in the tests run as root
cd "$work" || exit 1
umask 022
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() {  # check NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@" >check.log 2>&1; then ok; else fail "$name"; sed 's/^/    /' check.log; fi
}
# run STATUS ARGS...: fipsmod ARGS must exit with STATUS (stderr in err).
run() {
  local want=$1
  shift
  timeout 30 "$fipsmod" "$@" >out 2>err </dev/null
  local got=$?
  if [ "$got" = "$want" ]; then ok; else fail "fipsmod $*: exit $got, want $want"; sed 's/^/    /' err; fi
}
no_temporaries() {  # no temporary file left in the given directories
  ! find "$@" -maxdepth 1 -name '*fipsmod-*' | grep -q .
}
mode_of() { stat -c %a "$1"; }
owner_of() { stat -c %u:%g "$1"; }

head -c 3145733 /dev/urandom >a
head -c 2097155 /dev/urandom >b
chmod 644 a b
python3 -c 'import sys; a=open("a","rb").read(); b=open("b","rb").read(); n=min(len(a),len(b))
sys.stdout.buffer.write((int.from_bytes(a[:n],"big") ^ int.from_bytes(b[:n],"big")).to_bytes(n,"big"))' >want

check "the help says how OUT is written" grep -q "a symbolic link  is followed" <("$fipsmod" xor --help)

# A regular OUT: replaced, keeping its mode (and, as root can show, owner).
printf 'old secret\n' >private
chmod 600 private
[ "$(id -u)" = 0 ] && chown 65534:65534 private
owner=$(owner_of private)
run 0 xor a b -o private
check "a regular OUT gets the result" cmp want private
check "a chmod 600 OUT stays 600" test "$(mode_of private)" = 600
check "a regular OUT keeps its owner ($owner)" test "$(owner_of private)" = "$owner"
check "... and no temporary is left" no_temporaries .

# A new OUT: 0666 less the umask.
(umask 027 && "$fipsmod" xor a b -o new640)
check "a new OUT respects umask 027" test "$(mode_of new640)" = 640
(umask 077 && "$fipsmod" xor a b -o new600)
check "a new OUT respects umask 077" test "$(mode_of new600)" = 600
check "... and holds the result" cmp want new600

# Hard links: OUT is rewritten in place, so every link sees the result.
printf 'old\n' >linked
ln linked linked2
chmod 640 linked
run 0 xor a b -o linked
check "a hard-linked OUT keeps its link" test "$(stat -c %i linked)" = "$(stat -c %i linked2)"
check "... both names hold the result" cmp want linked2
check "... and the mode" test "$(mode_of linked)" = 640

# A FIFO: written in place, read by whoever has it open.
mkfifo fifo
timeout 30 cat fifo >from_fifo &
reader=$!
run 0 xor a b -o fifo
wait "$reader"
check "a FIFO's reader receives the result" cmp want from_fifo
check "... and the FIFO stays a FIFO" test -p fifo

# Character devices: written in place. As root, nodes of our own (so that
# a wrong build cannot replace the system's); otherwise the system's.
if [ "$(id -u)" = 0 ]; then
  null=null.dev full=full.dev
  mknod "$null" c 1 3 && mknod "$full" c 1 7 || fail "mknod"
else
  null=/dev/null full=/dev/full
fi
run 0 xor a b -o "$null"
check "the null device stays a character device" test -c "$null"
run 1 xor a b -o "$full"
check "a full device: the error is told" grep -q "No space left on device" err
check "... and it stays a character device" test -c "$full"

# Symbolic links are followed; the links stay links.
printf 'old\n' >target
chmod 640 target
ln -s target link
ln -s link link_to_link
mkdir sub
ln -s ../target2 sub/relative_link
printf 'old\n' >target2
run 0 xor a b -o link
check "a link's target gets the result" cmp want target
check "... keeping its mode" test "$(mode_of target)" = 640
check "... and the link stays a link to it" test -L link -a "$(readlink link)" = target
run 0 xor b a -o link_to_link
check "a chain of links is followed" test -L link_to_link -a -L link
check "... to its target" cmp want target
run 0 xor a b -o sub/relative_link
check "a relative link is followed from its own directory" cmp want target2
check "... and stays a link" test -L sub/relative_link
check "... and no temporary is left" no_temporaries . sub

# A process's open file: a path through a link in /proc (/dev/stdout,
# /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N) names an open file, not a
# name. It is written through that file, never renamed over; our own
# descriptor, when open for writing, at its offset, as -o - would write.
check "the help says how an open file is written" grep -q "an open file" <("$fipsmod" xor --help)
{ cat want; printf 'footer\n'; } >log.tail
ln -s /dev/stdout to_stdout
for name in /dev/stdout /dev/fd/1 /proc/self/fd/1 "/proc/thread-self/fd/1" to_stdout; do
  { echo header; "$fipsmod" xor a b -o "$name"; echo "exit $?"; echo footer; } >log
  check "-o $name between two echoes: the header, the result, the footer" \
    cmp <(printf 'header\n'; cat want; printf 'exit 0\nfooter\n') log
done
printf 'before\n' >appended
"$fipsmod" xor a b -o /dev/stdout >>appended
check "-o /dev/stdout onto >> appends" cmp <(printf 'before\n'; cat want) appended
"$fipsmod" xor a b -o /dev/stdout | cat >piped
check "-o /dev/stdout into a pipe" cmp want piped
python3 -c 'import socket, subprocess, sys
a, b = socket.socketpair()
p = subprocess.Popen(sys.argv[1:], stdout=a); a.close()
data = b"".join(iter(lambda: b.recv(1 << 16), b""))
sys.stdout.buffer.write(data); sys.exit(p.wait())' "$fipsmod" xor a b -o /dev/stdout >from_socket
check "-o /dev/stdout onto a socket (which cannot be reopened)" cmp want from_socket
# The link /proc gives a descriptor says 64 bytes in lstat, whatever the
# length of the path it shows: a longer one must work.
deep=$(printf 'd%.0s' $(seq 100))
mkdir "$deep"
"$fipsmod" xor a b -o /dev/stdout >"$deep/out"
check "-o /dev/stdout onto a file whose path is over 64 bytes: exit 0" test $? = 0
check "... and the result" cmp want "$deep/out"
"$fipsmod" xor a b -o "/proc/self/fd/1" >"$deep/out2"
check "... and through /proc/self/fd/1" cmp want "$deep/out2"
# A deleted file that is still open has no name to rename over.
exec 3>deleted
rm deleted
"$fipsmod" xor a b -o /dev/fd/3
check "-o /dev/fd/3 onto a deleted file: exit 0" test $? = 0
check "... which holds the result" cmp want /dev/fd/3
exec 3>&-
# Another process's descriptor: reopened through the link and rewritten
# from its start (as cp writes it), the same file even when deleted.
printf 'their old contents\n' >theirs
chmod 640 theirs
ino=$(stat -c %i theirs)
sleep 60 3>>theirs &
holder=$!
# The child sets up its fd 3 after the fork: wait (at most 10 s) until it
# has, or a loaded machine runs the command before the link exists.
for _ in $(seq 100); do [ -e "/proc/$holder/fd/3" ] && break; sleep 0.1; done
run 0 xor a b -o "/proc/$holder/fd/3"
check "-o /proc/PID/fd/3 of another process: its file gets the result" cmp want theirs
check "... the same file, not renamed over" test "$(stat -c %i theirs):$(mode_of theirs)" = "$ino:640"
rm theirs
run 0 xor b a -o "/proc/$holder/fd/3"
check "... and when that file is deleted" cmp want "/proc/$holder/fd/3"
kill "$holder"
wait "$holder" 2>/dev/null
# Our own descriptor not open for writing (/dev/stdin from a file) is
# reopened for writing, as cp would.
printf 'old contents\n' >stdin_file
"$fipsmod" xor a b -o /dev/stdin <stdin_file
check "-o /dev/stdin read from a file: the file gets the result" cmp want stdin_file
check "... and no temporary is left" no_temporaries .

# Extended attributes and ACLs: a replaced OUT keeps every one (but file
# capabilities, which writing a file removes), so nobody gains access the
# old file denied. A filesystem that takes user.* attributes and ACLs is
# needed: this one or /dev/shm.
cat >xattrs.py <<'PY'
import os, struct, sys
TAGS = {"u": (1, 2), "g": (4, 8), "m": (0x10, 0x10), "o": (0x20, 0x20)}
def acl(spec):  # "u::rw,u:65534:r,g::,m::r,o::", in the order the kernel wants
    out = struct.pack("<I", 2)
    for entry in spec.split(","):
        kind, who, perms = entry.split(":")
        tag = TAGS[kind][1 if who else 0]
        bits = sum(v for c, v in (("r", 4), ("w", 2), ("x", 1)) if c in perms)
        out += struct.pack("<HHI", tag, bits, int(who) if who else 0xFFFFFFFF)
    return out
cmd, path = sys.argv[1], sys.argv[2]
if cmd == "supported":  # can a file in directory `path` carry user.* and an ACL?
    f = os.path.join(path, ".fipsmod-xattr-probe")
    open(f, "w").close()
    try:
        os.setxattr(f, "user.probe", b"1")
        os.setxattr(f, "system.posix_acl_access", acl("u::rw,u:0:r,g::,m::r,o::"))
    except OSError:
        sys.exit(1)
    finally:
        os.unlink(f)
elif cmd == "acl":  # acl FILE SPEC [default]
    name = "system.posix_acl_default" if sys.argv[4:] == ["default"] else "system.posix_acl_access"
    os.setxattr(path, name, acl(sys.argv[3]))
elif cmd == "set":  # set FILE NAME VALUE
    os.setxattr(path, sys.argv[3], sys.argv[4].encode())
elif cmd == "caps":  # a file capability: cap_net_raw, permitted
    os.setxattr(path, "security.capability", struct.pack("<IIIII", 0x02000002, 1 << 13, 0, 0, 0))
elif cmd == "dump":  # every attribute, name=hex value, sorted
    for name in sorted(os.listxattr(path)):
        print(name + "=" + os.getxattr(path, name).hex())
PY
# xattrs CMD ARG...: xattrs.py CMD ARG..., run in one Python process for
# all the calls (py, py_checks.bash; a Python start takes 0.2 s).
# shellcheck source=tools/tests/py_checks.bash
. "$tests_dir/py_checks.bash" || exit 1
py_start
xattrs_code=$(<xattrs.py)
xattrs() { py "$xattrs_code" "$@"; }
xattr_dir=""
for d in "$work" /dev/shm; do
  if [ -d "$d" ] && xattrs supported "$d" 2>/dev/null; then xattr_dir=$d; break; fi
done
if [ -z "$xattr_dir" ]; then
  fail "no filesystem here ($work, /dev/shm) takes user.* attributes and ACLs: the test of keeping them cannot run"
else
  x=$(mktemp -d "$xattr_dir/xattr.XXXXXX")
  chmod 755 "$x"
  for how in unnamed named; do
    probe_args=()
    [ "$how" = named ] && probe_args=(--named-temp)
    printf 'key\n' >"$x/key"
    chmod 640 "$x/key"
    [ "$(id -u)" = 0 ] && chown 0:65534 "$x/key"
    # Readable by its owner and user 65534 only: the group entry grants
    # nothing, though the mode's group bits (the mask) say r.
    xattrs acl "$x/key" "u::rw,u:65534:r,g::,m::r,o::"
    xattrs set "$x/key" user.origin "a test's"
    [ "$(id -u)" = 0 ] && xattrs set "$x/key" trusted.fipsmod 1
    before=$(xattrs dump "$x/key")
    ino=$(stat -c %i "$x/key")
    "$probe" "${probe_args[@]}" "$x/key" <want
    check "$how temporary: an OUT with an ACL and attributes gets the result" cmp want "$x/key"
    check "... is replaced (a new file)" test "$(stat -c %i "$x/key")" != "$ino"
    check "... with the same ACL and attributes" test "$(xattrs dump "$x/key")" = "$before"
    check "... and mode" test "$(mode_of "$x/key")" = 640
    if [ "$(id -u)" = 0 ]; then
      check "... which still keeps its group out" \
        test "$(setpriv --reuid=1234 --regid=65534 --clear-groups cat "$x/key" 2>&1 >/dev/null)" != ""
      check "... and lets user 65534 in" setpriv --reuid=65534 --regid=65534 --clear-groups cmp want "$x/key"
    fi
  done
  printf 'key\n' >"$x/key2"
  xattrs acl "$x/key2" "u::rw,u:65534:r,g::,m::r,o::"
  before=$(xattrs dump "$x/key2")
  run 0 xor a b -o "$x/key2"
  check "xor -o keeps the ACL" test "$(xattrs dump "$x/key2")" = "$before"
  check "... and a file's mode r--r----- as the mask says" test "$(mode_of "$x/key2")" = 640
  # An ACL the directory would give a new file is not added to the old.
  mkdir "$x/dir"
  printf 'plain\n' >"$x/dir/plain"
  chmod 600 "$x/dir/plain"
  xattrs acl "$x/dir" "u::rwx,g::rx,g:65534:r,m::r,o::" default
  run 0 xor a b -o "$x/dir/plain"
  check "a directory's default ACL is not added to a replaced OUT" test -z "$(xattrs dump "$x/dir/plain")"
  check "... which keeps its mode" test "$(mode_of "$x/dir/plain")" = 600
  # An attribute that cannot be given: the old file is rewritten in place.
  before=$(xattrs dump "$x/key")
  ino=$(stat -c %i "$x/key")
  "$probe" --refuse-xattr user. "$x/key" <a
  check "an attribute that cannot be copied: OUT gets the result" cmp a "$x/key"
  check "... in place (the same file)" test "$(stat -c %i "$x/key")" = "$ino"
  check "... keeping every attribute" test "$(xattrs dump "$x/key")" = "$before"
  # ... and where it cannot be rewritten either (a running program), the
  # command fails and OUT stays as it was.
  cp "$(command -v sleep)" "$x/prog"
  xattrs set "$x/prog" user.origin 1
  "$x/prog" 60 &
  running=$!
  # Until it runs the copy (a loaded machine can take longer than any fixed sleep to exec it).
  for _ in $(seq 200); do [ "$(readlink "/proc/$running/exe")" = "$x/prog" ] && break; sleep 0.05; done
  "$probe" --refuse-xattr user. "$x/prog" <a 2>err
  check "a running program whose attribute cannot be given: exit 1" test $? = 1
  check "... saying which" grep -qxF "output_target_probe: $x/prog: cannot keep extended attribute 'user.origin': Operation not permitted" err
  check "... and untouched" cmp "$(command -v sleep)" "$x/prog"
  kill "$running"
  wait "$running" 2>/dev/null
  # File capabilities never pass to new contents (the kernel drops them
  # when a file is written).
  if [ "$(id -u)" = 0 ] && xattrs caps "$x/key" 2>/dev/null; then
    run 0 xor a b -o "$x/key"
    check "file capabilities are not given to the result" test "$(xattrs dump "$x/key")" = "$before"
  fi
  check "... and no temporary is left" no_temporaries "$x" "$x/dir"
  rm -rf "$x"
fi

# Directories, and links to them, are refused with nothing written.
mkdir dir
ln -s dir dir_link
run 1 xor a b -o dir_link
check "a link to a directory: Is a directory" grep -q "dir_link: Is a directory" err
check "... the link stays a link" test -L dir_link -a "$(readlink dir_link)" = dir
check "... and nothing is written" test -z "$(ls -A dir)"
run 1 xor a b -o dir
check "a directory: Is a directory" grep -q "dir: Is a directory" err
run 1 xor a b -o new_dir/
check "a new name ending in /: Is a directory" test ! -e new_dir
ln -s nowhere dangling
run 1 xor a b -o dangling
check "a dangling link is refused" grep -q "dangling" err
check "... and its target is not created" test ! -e nowhere -a -L dangling
check "... and no temporary is left" no_temporaries . dir

# A name of 250 bytes (NAME_MAX is 255): the temporary must not extend it.
long=$(printf 'n%.0s' $(seq 250))
run 0 xor a b -o "$long"
check "a 250-byte OUT works" cmp want "$long"
run 0 xor a b -o "sub/$long"
check "... in a subdirectory too" cmp want "sub/$long"
printf 'x\n' | "$probe" --named-temp "sub/$long"
check "... and with a named temporary" test "$(cat "sub/$long")" = x

# A failed write (file size limit, SIGXFSZ ignored): exit 1, OUT untouched.
printf 'original\n' >limited
chmod 600 limited
(ulimit -f 1024 && trap '' XFSZ && exec "$fipsmod" xor a b -o limited) 2>err
check "over the file size limit: exit 1" test $? = 1
check "... with the error" grep -q "File too large" err
check "... OUT untouched" test "$(cat limited)" = original -a "$(mode_of limited)" = 600
(ulimit -f 1024 && trap '' XFSZ && exec "$fipsmod" xor a b -o limited_new) 2>err
check "... a new OUT is not created" test ! -e limited_new
check "... and no temporary is left" no_temporaries .

# A full disk: a 1 MiB tmpfs in a mount namespace of our own (as root, or
# through a user namespace).
cat >small_disk.sh <<EOF
set -u
mount -t tmpfs -o size=1m tmpfs small || exit 99
cd small
printf 'original\n' >kept; chmod 600 kept
"$fipsmod" xor "$work/a" "$work/b" -o kept 2>"$work/disk.err"; echo "exit \$?"
cat kept; stat -c %a kept
printf 'original\n' >hard; ln hard hard2
"$fipsmod" xor "$work/a" "$work/b" -o hard 2>>"$work/disk.err"; echo "exit \$?"
cat hard2
"$fipsmod" xor "$work/a" "$work/b" -o fresh 2>>"$work/disk.err"; echo "exit \$?"
"$probe" --named-temp kept <"$work/a" 2>>"$work/disk.err"; echo "exit \$?"
cat kept
head -c 614400 /dev/zero >"$work/600k"
"$fipsmod" xor "$work/600k" "$work/600k" -o hard 2>>"$work/disk.err"; echo "exit \$?"
cat hard2
ls -A
EOF
mkdir small
if [ "$(id -u)" = 0 ]; then unshare_flags=-m; else unshare_flags=-rm; fi
if unshare "$unshare_flags" true 2>/dev/null; then
  unshare "$unshare_flags" bash small_disk.sh >disk.out
  # The last: 600 KiB fit in the temporary, but not a second time in
  # the hard-linked OUT, which is copied into in place.
  printf 'exit 1\noriginal\n600\nexit 1\noriginal\nexit 1\nexit 1\noriginal\nexit 1\noriginal\nhard\nhard2\nkept\n' >disk.want
  check "a full disk: exit 1 each time, every OUT untouched, no temporary, no new file" diff disk.want disk.out
  check "... with the error" test "$(grep -c 'No space left on device' disk.err)" = 5
else
  echo "note: no mount namespace here; the full disk is covered by the file size limit above"
fi

# Signals mid-write: the input is a FIFO we hold open, so the command
# blocks after writing some output; then it is interrupted.
mkfifo slow
exec 3<>slow
dfl() {  # runs a command with SIGINT back at its default (bash ignores it in background jobs)
  # (perl, which starts in a few ms, where Python takes 0.2 s)
  exec perl -e '$SIG{INT} = "DEFAULT"; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"' "$@"
}
wait_for_output() {  # wait_for_output PID: until PID has written 1 MiB to a temporary
  local pid=$1 fd tries
  for tries in $(seq 200); do
    for fd in /proc/"$pid"/fd/*; do
      case "$(readlink "$fd")" in
        *fipsmod-* | *"(deleted)") [ "$(stat -L -c %s "$fd" 2>/dev/null || echo 0)" -ge 1048576 ] && return 0 ;;
      esac
    done
    sleep 0.05
  done
  return 1
}
interrupt() {  # interrupt SIGNAL NAME COMMAND...: stop COMMAND mid-write with SIGNAL
  local sig=$1 name=$2 pid status
  shift 2
  head -c 3145728 /dev/zero >&3 &
  dfl "$@" 2>/dev/null &
  pid=$!
  if ! wait_for_output "$pid"; then
    fail "$name: no output seen"
    kill -KILL "$pid"
    return
  fi
  kill -"$sig" "$pid"
  wait "$pid" 2>/dev/null
  status=$?
  check "$name: killed by SIG$sig" test "$status" = $((128 + $(kill -l "$sig")))
}
printf 'original\n' >intr
for sig in INT TERM; do
  interrupt "$sig" "xor, new OUT" "$fipsmod" xor slow a -o "intr_new_$sig"
  check "... no OUT" test ! -e "intr_new_$sig"
  interrupt "$sig" "xor, existing OUT" "$fipsmod" xor slow a -o intr
  check "... OUT untouched" test "$(cat intr)" = original
  check "... no temporary" no_temporaries .
done
for sig in INT TERM HUP; do
  interrupt "$sig" "named temporary, new OUT" "$probe" --named-temp "probe_new_$sig" <slow
  check "... no OUT" test ! -e "probe_new_$sig"
  interrupt "$sig" "named temporary, existing OUT" "$probe" --named-temp intr <slow
  check "... OUT untouched" test "$(cat intr)" = original
  check "... no temporary" no_temporaries .
done
exec 3>&-

# Another user's files (shown as root, acting as nobody): a read-only OUT is
# refused as a redirection would refuse it; a writable OUT of another owner
# keeps that owner.
if [ "$(id -u)" = 0 ]; then
  mkdir shared && chmod 777 shared
  printf 'original\n' >shared/readonly && chmod 444 shared/readonly
  printf 'original\n' >shared/theirs && chmod 666 shared/theirs
  as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
  as_nobody "$fipsmod" xor a b -o shared/readonly 2>err
  check "a read-only OUT: exit 1" test $? = 1
  check "... Permission denied" grep -q "Permission denied" err
  check "... untouched" test "$(cat shared/readonly)" = original -a "$(owner_of shared/readonly)" = 0:0
  as_nobody "$fipsmod" xor a b -o shared/theirs
  check "another user's writable OUT gets the result" cmp want shared/theirs
  check "... keeping its owner and mode" test "$(owner_of shared/theirs):$(mode_of shared/theirs)" = 0:0:666
  check "... and no temporary is left" no_temporaries shared
  # A writable OUT in a directory we cannot write: computed in TMPDIR,
  # then copied in.
  mkdir closed && chmod 755 closed
  printf 'original\n' >closed/theirs && chmod 666 closed/theirs
  TMPDIR=$work/shared as_nobody "$fipsmod" xor a b -o closed/theirs
  check "a writable OUT in a closed directory gets the result" cmp want closed/theirs
  check "... keeping its owner and mode" test "$(owner_of closed/theirs):$(mode_of closed/theirs)" = 0:0:666
  check "... and no temporary is left" no_temporaries shared closed
else
  echo "note: not root, so the tests acting as another user did not run"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
