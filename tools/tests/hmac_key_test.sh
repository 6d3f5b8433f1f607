#!/usr/bin/env bash
# fipsmod hmac and a large or slow key (issue 25, defect 2): a key longer
# than the block is hashed as it is read, in bounded memory, so a 64 MiB key
# works under a 120000 KiB address-space limit and a 1 GiB one under 60000;
# short of memory the command says so and exits 1, never aborts; while a
# key is held the process dumps no core (limit 0, and not dumpable even when
# another process raises the limit), and a signal ends it as the signal's
# default action would, with nothing on standard output. (That a signal
# zeroises the key first, tools/secret_memory_test.cpp checks.)
#
# The address-space limits mean what they say only in a build without
# sanitizers, run natively (tools/CMakeLists.txt registers it so).
#
#   hmac_key_test.sh FIPSMOD_BINARY
set -uo pipefail
fipsmod=$(realpath "$1")
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

printf 'a message\n' >msg
for n in 65535 65536 65537 131072 200001; do head -c "$n" /dev/urandom >"key$n"; done
head -c 67108864 /dev/urandom >key64m
# The lines fipsmod hmac must print for msg, from Python's hmac module, all
# in one Python process (which takes 0.2 s to start, fipsmod a few ms):
# want.HASH.KEYFILE for each HASH:KEYFILE named.
python3 -c 'import hmac, hashlib, sys
m = open("msg", "rb").read()
for spec in sys.argv[1:]:
    h, k = spec.split(":")
    with open("want." + h + "." + k, "w") as out:
        print(hmac.new(open(k, "rb").read(), m, getattr(hashlib, h)).hexdigest() + "  msg", file=out)' \
  sha256:key65535 sha256:key65536 sha256:key65537 sha256:key131072 sha256:key200001 sha256:key64m \
  sha512:key200001 sha512:key131072 sha384:key65537 || exit 1

# Keys around the 64 KiB the command reads at a time, and one from a pipe,
# which comes in pieces of other sizes.
for n in 65535 65536 65537 131072 200001; do
  "$fipsmod" hmac -k "key$n" msg >out 2>err
  check "a $n-byte key: exit $?, Python's MAC" cmp out "want.sha256.key$n"
done
# shellcheck disable=SC2002  # a pipe on purpose
cat key200001 | "$fipsmod" hmac -k - msg >out 2>err
check "a 200001-byte key through a pipe: Python's MAC" cmp out want.sha256.key200001

# With -a the long key is hashed with the chosen hash (whose block is 128
# bytes for SHA-384 and SHA-512): a key over the 64 KiB buffer under -a
# sha512 (and -a sha384), from a file and through a pipe, against Python's
# HMAC over the same hash.
"$fipsmod" hmac -a sha512 -k key200001 msg >out 2>err
check "-a sha512, a 200001-byte key: exit $?, Python's HMAC-SHA-512" cmp out want.sha512.key200001
# shellcheck disable=SC2002  # a pipe on purpose
cat key131072 | "$fipsmod" hmac -a sha512 -k - msg >out 2>err
check "-a sha512, a 131072-byte key through a pipe: Python's HMAC-SHA-512" cmp out want.sha512.key131072
"$fipsmod" hmac -a sha384 -k key65537 msg >out 2>err
check "-a sha384, a 65537-byte key: Python's HMAC-SHA-384" cmp out want.sha384.key65537

# A 64 MiB key (made above) under a 120000 KiB address-space limit.
(ulimit -v 120000 && exec "$fipsmod" hmac -k key64m msg) >out 2>err
status=$?
check "a 64 MiB key under ulimit -v 120000 exits 0 (exit $status: $(head -c 200 err))" test "$status" = 0
check "... with Python's MAC" cmp out want.sha256.key64m
rm -f key64m

# A 1 GiB sparse key, under a limit far below its size (the memory bound is
# what is tested; how fast it streams is the benchmarks' business). The
# HMAC of a key longer than the block is that of its digest (FIPS 198-1):
# the reference is Python's HMAC under the SHA-256 of 2^30 zero bytes,
# written out here (Python's hashlib and coreutils' sha256sum give it; 2 s
# to read the gigabyte again, for a value that never changes).
truncate -s 1G sparse
(ulimit -v 60000 && exec "$fipsmod" hmac -k sparse msg) >out 2>err
status=$?
check "a 1 GiB key under ulimit -v 60000 exits 0 (exit $status: $(head -c 200 err))" test "$status" = 0
want=$(python3 -c 'import hashlib, hmac, sys
print(hmac.new(bytes.fromhex(sys.argv[1]), open(sys.argv[2], "rb").read(), hashlib.sha256).hexdigest() + "  " + sys.argv[2])' \
  49bc20df15e412a64472421e13fe86ff1c5165e18b2afccf160d4dc19fe68a14 msg)
check "... with the MAC under the key's digest" test "$(cat out)" = "$want"
rm -f sparse

# Short of memory at every limit, hmac as every command:
# out_of_memory_test.sh.

# A key read from a FIFO that stays open: the command holds part of it and
# waits for the rest. Job control keeps SIGINT and SIGQUIT at their default
# in the background job (a shell without it ignores them there).
set -m
mkfifo keyfifo
marker=KEYMARKER$RANDOM$RANDOM$RANDOM
core_pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null)
# A process that is not dumpable has the files of its /proc/PID owned by
# root, so that shows only for a command run as another user: as root, this
# test runs it as nobody (where setpriv can).
runner=()
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null &&
  setpriv --reuid=65534 --regid=65534 --clear-groups "$fipsmod" --version >/dev/null 2>&1; then
  runner=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  chmod 755 "$work" && chmod 644 msg && chmod 666 keyfifo
fi
for sig in QUIT TERM INT HUP; do
  mkdir -p "run-$sig" && chmod 777 "run-$sig" && cd "run-$sig" || exit 1
  (ulimit -c unlimited 2>/dev/null; exec "${runner[@]}" "$fipsmod" hmac -k ../keyfifo ../msg) >out 2>err &
  pid=$!
  exec 3<>../keyfifo  # open for writing, without waiting for the reader
  printf '%s' "$marker" >&3
  # The limits of the running command: core file size 0, soft and hard.
  for _ in $(seq 50); do
    core_limit=$(awk '/^Max core file size/ { print $5, $6 }' "/proc/$pid/limits" 2>/dev/null)
    [ "$core_limit" = "0 0" ] && break
    sleep 0.1
  done
  check "SIG$sig: while the key is held, the core file size limit is 0 (is: $core_limit)" test "$core_limit" = "0 0"
  sleep 0.2  # time to read the marker
  if [ "$(id -u)" != 0 ] || [ ${#runner[@]} != 0 ]; then
    check "... and the process is not dumpable: /proc/$pid/status is root's" test "$(stat -c %u "/proc/$pid/status")" = 0
  fi
  kill -s "$sig" "$pid"
  wait "$pid"
  status=$?
  exec 3>&-
  want_status=$((128 + $(kill -l "$sig")))
  check "SIG$sig while the key is held: dies of it (exit $status, want $want_status)" test "$status" = "$want_status"
  check "... with nothing on standard output" test ! -s out
  # Where the kernel writes cores into the working directory, none is here
  # (none holds the key); a core_pattern that pipes to a handler or names
  # another directory keeps the core from this test, and the checks above
  # are the evidence.
  case $core_pattern in
    '' | /* | '|'*) ;;
    *)
      cores=$(find . -name 'core*' | wc -l)
      check "... and no core file (found $cores; the key in $(grep -lsF "$marker" core* | wc -l))" test "$cores" = 0
      ;;
  esac
  cd .. || exit 1
done 2>jobs.log  # the shell's word on each job's end
set +m

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
