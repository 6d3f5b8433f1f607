#!/usr/bin/env bash
# fipsmod's md5sum (or sha256sum, sha224sum, sha384sum, sha512sum), run as a drop-in through a link
# of that name, against GNU coreutils' program of the same name, byte for
# byte: the same standard output, standard error and exit status for files of
# many sizes and awkward names, every output mode, and --check on good, bad
# and malformed lists. Both are run by name from PATH, so that each is
# argv[0] "md5sum", which names it in its messages.
#
#   md5sum_compat_test.sh FIPSMOD_BINARY [md5sum|sha256sum|sha224sum|sha384sum|sha512sum] [all|algorithm]
#
# The cases whose code is the same for every command (option errors from
# getopt, write errors, closed standard streams, the quoting of names) are
# marked "shared"; with "algorithm" (the default is "all") they are left
# out, and only what differs between the commands runs: the digests, --tag
# names, --check's parsing of digests of the command's length, lists of the
# other commands, and many files on the command's lanes.
set -uo pipefail
fipsmod=$(realpath "$1")
gnu=${2:-md5sum}
scope=${3:-all}
case $scope in all | algorithm) ;; *) echo "unknown scope $scope"; exit 1 ;; esac
# shared: whether to run the cases that are the same code for every command.
shared() { [ "$scope" = all ]; }
case $gnu in
  md5sum) tag=MD5 hexlen=32 ;;
  sha256sum) tag=SHA256 hexlen=64 ;;
  sha224sum) tag=SHA224 hexlen=56 ;;
  sha384sum) tag=SHA384 hexlen=96 ;;
  sha512sum) tag=SHA512 hexlen=128 ;;
  *) echo "unknown program $gnu"; exit 1 ;;
esac
command -v "$gnu" >/dev/null || { echo "coreutils $gnu not found"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

passed=0
failed=0

# ours: the link $gnu -> fipsmod, run as coreutils' is, by name, with
# ours_path as PATH for that one command (PATH=$ours_path "$gnu" ARGS:
# bash looks the name up in a PATH given before it, and passes argv[0]
# "$gnu" as typed; no env process in between, and nothing hashed).
mkdir links && ln -s "$fipsmod" "links/$gnu" || exit 1
ours_path=$work/links:$PATH
[ "$(PATH=$ours_path "$gnu" --version)" = "$gnu (fipsmod) $("$fipsmod" --version | cut -d' ' -f2)" ] ||
  { echo "links/$gnu does not run fipsmod's $gnu"; exit 1; }

# compare NAME GNU_RC OUR_RC: gnu.out/ours.out, gnu.err/ours.err and the exit
# statuses must be the same.
# (same A B: the files hold the same bytes; two empty files are, without a
# cmp process: most cases print nothing on one of the two streams.)
same() { if [ -s "$1" ] || [ -s "$2" ]; then cmp -s "$1" "$2"; fi; }
compare() {
  local name=$1 gnu_rc=$2 our_rc=$3
  if same gnu.out ours.out && same gnu.err ours.err && [ "$gnu_rc" = "$our_rc" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name ($gnu exit $gnu_rc, fipsmod exit $our_rc)"
    echo "--- $gnu stdout / fipsmod stdout:"; od -c gnu.out | head -20; od -c ours.out | head -20
    echo "--- stderr, $gnu < > fipsmod:"; diff gnu.err ours.err | head -40 | cat -A
  fi
}

# run_both NAME STDIN ARGS...: runs both programs with ARGS (and STDIN as
# standard input) and compares what they print and their exit statuses.
# fipsmod gets the options in the array `jobs` first (-j N, none by default).
jobs=()
run_both() {
  local name=$1 input=$2
  shift 2
  "$gnu" "$@" <"$input" >gnu.out 2>gnu.err
  local gnu_rc=$?
  PATH=$ours_path "$gnu" ${jobs[@]+"${jobs[@]}"} "$@" <"$input" >ours.out 2>ours.err
  local our_rc=$?
  compare "$name" "$gnu_rc" "$our_rc"
}

# run_merged NAME ARGS...: as run_both, with standard error into standard
# output, so that the order of lines and messages between them counts.
run_merged() {
  local name=$1
  shift
  "$gnu" "$@" </dev/null >gnu.out 2>&1
  local gnu_rc=$?
  PATH=$ours_path "$gnu" ${jobs[@]+"${jobs[@]}"} "$@" </dev/null >ours.out 2>&1
  local our_rc=$?
  : >gnu.err; : >ours.err
  compare "$name" "$gnu_rc" "$our_rc"
}

# run_sh NAME SNIPPET: runs the shell SNIPPET twice, with "${cmd[@]}" being
# $gnu, first as it is and then under ours_path (so ours), so that the
# snippet can redirect or close the standard streams of the command itself.
run_sh() {
  local name=$1 snippet=$2 cmd
  cmd=("$gnu")
  eval "$snippet" >gnu.out 2>gnu.err
  local gnu_rc=$?
  cmd=("$gnu" ${jobs[@]+"${jobs[@]}"})
  PATH=$ours_path eval "$snippet" >ours.out 2>ours.err
  local our_rc=$?
  compare "$name" "$gnu_rc" "$our_rc"
}

# Files: the sizes around the 64-byte block and padding boundaries (the same
# for MD5 and SHA-256), those around SHA-384's and SHA-512's 128-byte ones,
# and one over a MiB.
sizes=(0 1 55 56 63 64 65 111 112 119 120 127 128 129 1048579)
files=()
for n in "${sizes[@]}"; do
  head -c "$n" /dev/urandom >"size-$n"
  files+=("size-$n")
done
awkward=(
  "with space" " leading space" "trailing space " $'tab\there' 'back\slash' $'new\nline' $'carriage\rreturn'
  '*star' '-dash' $'\xc3\xbcnicode' "quote'd" 'paren)name' 'MD5 (x) = y' 'double\\backslash' $'both\\and\n'
)
for name in "${awkward[@]}"; do
  head -c 100 /dev/urandom >"$name"
  files+=("$name")
done
: >empty-input

run_both "every file, text mode" empty-input -- "${files[@]}"
run_both "binary mode" empty-input -b -- "${files[@]}"
run_both "BSD tags" empty-input --tag -- "${files[@]}"
run_both "NUL-terminated" empty-input -z -- "${files[@]}"
run_both "standard input" size-1048579
run_both "standard input as -" size-65 - size-1 -
run_both "a missing file among others" empty-input size-1 missing-file size-55
run_both "a directory" empty-input size-1 .
run_both "unknown option" empty-input --definitely-not-an-option
run_both "--quiet without --check" empty-input --quiet size-1
run_both "--tag with --text" empty-input --tag --text size-1
# Lists written by coreutils itself, for --check (the option cases below
# name one too, so they are written first).
"$gnu" -- "${files[@]}" >good.list
"$gnu" -b -- "${files[@]}" >binary.list
"$gnu" --tag -- "${files[@]}" >tagged.list
sed '3s/^\(.\)./\10/; 3s/^\(.\)0/\11/' good.list >bad.list   # change one digit of the third line
cp good.list missing.list
run_both "--binary with --check" empty-input -b -c good.list
run_both "--zero with --check" empty-input -z -c good.list
run_both "--tag with --check" empty-input --tag -c good.list

if shared; then  # shared: getopt (not re-indented)
# Option errors, worded by getopt as in coreutils: arguments to options
# that take none (which getopt reports by the long name), ambiguous
# abbreviations (with the candidates, in coreutils' order), unknown short
# options and control bytes in an option.
for opt in --tag=1 --check=1 --quiet=1 --status= --strict=x --binary=1 --zero=0 --warn=1 --text=1 \
  --ignore-missing=1 --help=1 --version=1 --s --st --t --ta --i=1 --sta=1 -x -cx -y --bogus --bogus=1 \
  $'--\x01' $'--\x1b]0;x\x07' $'-\x01' -- ---; do
  run_both "option error: $(printf %q "$opt")" empty-input "$opt" size-1
done
run_both "abbreviations" empty-input --ta --b size-1
run_both "abbreviation of --check" empty-input --ch --qu --sta good.list
fi  # shared

# --check on lists written by coreutils itself (written above).
echo "$("$gnu" <empty-input | cut -c1-$hexlen)  no-such-file" >>missing.list
for list in good binary tagged bad missing; do
  run_both "--check $list" empty-input -c "$list.list"
  run_both "--check --quiet $list" empty-input -c --quiet "$list.list"
  run_both "--check --status $list" empty-input -c --status "$list.list"
done
run_both "--check --ignore-missing" empty-input -c --ignore-missing missing.list
run_both "--check from standard input" good.list -c
run_both "--check from -" good.list -c -
run_both "--check a missing list" empty-input -c no-such-list
run_both "--check a directory" empty-input -c .
run_both "--check several lists" empty-input -c good.list bad.list tagged.list

# Lists of the other algorithms: digests of the wrong length, tags of
# another name.
for other in md5sum sha256sum sha224sum sha384sum sha512sum; do
  [ "$other" = "$gnu" ] && continue
  command -v "$other" >/dev/null || continue
  "$other" -- "${files[@]:0:4}" >"foreign-$other.list"
  "$other" --tag -- "${files[@]:0:4}" >"foreign-tagged-$other.list"
  run_both "--check a $other list" empty-input -c --warn "foreign-$other.list"
  run_both "--check a tagged $other list" empty-input -c --warn "foreign-tagged-$other.list"
  run_both "--check a $other list, then ours" empty-input -c --strict "foreign-$other.list" good.list
done

# --check on malformed and unusual lines, one list per line, each checked
# plain, with --warn and with --strict.
d=$("$gnu" <size-1 | cut -c1-$hexlen)
D=${d^^}
lines=(
  "$d  size-1" "$d *size-1" "$d size-1" "$D  size-1" "  $d  size-1" $'\t'"$d  size-1" "$d"$'\t'" size-1"
  "$d"$'\t'"size-1" "$d" "$d " "$d  " "${d:1}  size-1" "${d}0  size-1" "x${d:1}  size-1" "$d  size-1 "
  "$tag (size-1) = $d" "$tag(size-1)= $d" "$tag (size-1)=$d" "$tag (size-1) = $d " "$tag (size-1) = ${d:1}"
  "$tag size-1) = $d" "$tag (size-1 = $d" "SHA1 (size-1) = $d" "${tag,,} (size-1) = $d" "$tag  (size-1) = $d"
  "\\$d  size-1" "\\$d  size\\x" "\\$d  size\\" "\\$tag (size-1) = $d" "$d  size\\n1" "# comment"
  "#$d  size-1" " #$d  size-1" "" " " $'\r' "$d  size-1"$'\r' "$d  size-1"$'\r\r' "$d  -" "$d  no-such-file"
  "$d  *size-1" "$d **size-1" "$d  " "$d   size-1"
)
i=0
for line in "${lines[@]}"; do
  i=$((i + 1))
  printf '%s\n' "$line" >line.list
  run_both "line $i plain: $line" empty-input -c line.list
  run_both "line $i --warn" empty-input -c --warn line.list
  run_both "line $i --strict" empty-input -c --strict line.list
  run_both "line $i on stdin" line.list -c
done
# Lines that printf %s cannot carry: embedded NULs, no final newline.
printf '%s  size-1\0junk\n' "$d" >nul.list && run_both "NUL inside the name" empty-input -c nul.list
printf '%s\0 size-1\n' "$d" >nul2.list && run_both "NUL after the digits" empty-input -c nul2.list
printf '%s  size-1' "$d" >nonl.list && run_both "no final newline" empty-input -c nonl.list
# The reversed BSD format, alone and mixed with the standard one.
printf '%s size-1\n%s size-55\n' "$d" "$("$gnu" <size-55 | cut -c1-$hexlen)" >rev.list
run_both "reversed BSD format" empty-input -c rev.list
cat rev.list good.list >mixed.list && run_both "reversed, then standard" empty-input -c --warn mixed.list
cat good.list rev.list >mixed2.list && run_both "standard, then reversed" empty-input -c --warn mixed2.list
run_both "reversed decided by the first list" empty-input -c --warn rev.list good.list

# A NUL right after the digits of a tagged line ends the line.
printf '%s (size-1) = %s\0\n' "$tag" "$d" >tagnul.list && run_both "NUL after a tagged digest" empty-input -c tagnul.list
printf '%s (size-1) = %s\0junk\n' "$tag" "$d" >tagnul2.list && run_both "NUL and junk after a tagged digest" empty-input -c tagnul2.list
printf '%s (size-1) = %s\0)\n' "$tag" "$d" >tagnul3.list && run_both "a ')' after the NUL" empty-input -c --warn tagnul3.list
printf '%s (size-1) = %s \0\n' "$tag" "$d" >tagnul4.list && run_both "a blank before the NUL" empty-input -c --warn tagnul4.list

# Write errors: a full device, a closed standard output, and a pipe nobody
# reads with SIGPIPE ignored. Each must fail with coreutils' message.
unread_pipe() {  # unread_pipe COMMAND...: stdout is a pipe whose reader is gone
  # (perl starts in a few ms, Python in 0.2 s: this runs for every case).
  # The read end is closed before the command starts, and SIGPIPE stays
  # ignored across exec; the status is the command's own.
  perl -e 'pipe(my $r, my $w) or die "pipe: $!"; close $r; $SIG{PIPE} = "IGNORE";
open(STDOUT, ">&", $w) or die "dup: $!"; close $w; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"' "$@"
}
if shared; then  # shared: the output streams (not re-indented)
for args in "size-1" "-c good.list" "-c --quiet bad.list" "--tag -- ${files[*]:0:3}" "--help" "--version" \
  "--status -c good.list" "-c --quiet good.list" "missing-file"; do
  run_sh "write error: $args >/dev/full" '"${cmd[@]}" '"$args"' >/dev/full'
  run_sh "write error: $args >&-" '"${cmd[@]}" '"$args"' >&-'
  run_sh "write error: $args into a closed pipe" 'unread_pipe "${cmd[@]}" '"$args"
done
fi  # shared

# A checksum list written to a full filesystem must not end in success.
# This and the file size limit below run for every command: how much
# output is buffered before the first write fails, and so how much hashing
# is left to go on after it, depends on the digest's length (md5sum's
# whole list fits in one stdio buffer, sha512sum's takes four).
if [ -w /dev/full ]; then
  run_sh "many files onto /dev/full" '"${cmd[@]}" -- "${files[@]}" "${files[@]}" "${files[@]}" >/dev/full'
fi

# A checksum list cut short by a file size limit (as by a full disk): the
# same lines are kept, and it fails the same way.
run_sh "a file size limit part way" '( trap "" XFSZ; ulimit -f 1; "${cmd[@]}" -- "${files[@]}" "${files[@]}" "${files[@]}" >limited.out )
  rc=$?; cat limited.out; (exit $rc)'

# Many files at once (fipsmod's -j, lanes on threads): the same lines and
# messages in the same order as coreutils, one at a time (-j 1), on the
# CPUs this process may use (the default) and on 3 threads: more than 64
# files of sizes from 0 to over three 64 KiB chunks, so that several rounds
# of 32 lanes run, among missing files, a directory, empty and unreadable
# files (readable when run as root: the same for both) and awkward names.
# Every fifth file is of up to 230000 bytes (21 of the 150 longer than a
# chunk, 5 longer than three), the others of up to 20000 (within a chunk):
# lanes that outlast others by one to three chunks, in every round, for a
# quarter of the bytes that all 150 of up to 230000 took (17 MB, hashed 96
# times: half this script's time).
mkdir many
for i in $(seq 1 150); do
  head -c $(( (i * 7919) % (i % 5 == 0 ? 230000 : 20000) )) /dev/urandom >"many/f$i"
done
: >many/empty-1 && : >many/empty-2
head -c 100 /dev/urandom >many/unreadable && chmod 000 many/unreadable
many=()
for i in $(seq 1 150); do
  many+=("many/f$i")
  case $((i % 37)) in
    3) many+=("many/missing-$i") ;;
    5) many+=(many) ;;
    7) many+=(many/empty-1 many/unreadable) ;;
    11) many+=("${awkward[@]:$((i % 15)):3}") ;;
  esac
done
many+=(many/empty-2 many/f1 size-1048579 many/missing-last)
for j in "" "-j 1" "-j 3"; do
  read -r -a jobs <<<"$j"
  label="many files${j:+, $j}"
  run_both "$label" empty-input -- "${many[@]}"
  run_both "$label, binary mode" empty-input -b -- "${many[@]}"
  run_both "$label, BSD tags" empty-input --tag -- "${many[@]}"
  run_both "$label, NUL-terminated" empty-input -z -- "${many[@]}"
  run_merged "$label, stdout and stderr together" -- "${many[@]}"
  run_merged "$label, only good ones" -- "${files[@]}" many/f*
  run_merged "$label, two" -- size-1 size-1048579
  run_merged "$label, NUL-terminated, stdout and stderr together" -z -- "${many[@]}"
  # coreutils opens one file at a time; a low descriptor limit must not turn
  # into errors for files it hashes.
  run_sh "$label, 12 descriptors" '(ulimit -n 12; "${cmd[@]}" -- "${many[@]}")'
  run_merged "$label, all missing" -- no-1 no-2 no-3
  run_both "$label, with standard input" size-65 -- many/f1 - many/f2
  run_both "$label, --check" empty-input -c good.list good.list
  run_sh "$label, onto /dev/full" '"${cmd[@]}" -- "${many[@]}" >/dev/full'
  run_sh "$label, stdout closed" '"${cmd[@]}" -- "${many[@]}" >&-'
  run_sh "$label, into a closed pipe" 'unread_pipe "${cmd[@]}" -- "${many[@]}"'
  run_sh "$label, one of them the output" '"${cmd[@]}" -- "${files[@]}" out.list "${files[@]}" >out.list; rc=$?; cat out.list; (exit $rc)'
done
jobs=()
# Operands that cannot be read out of turn, among many that can: a device,
# and a FIFO whose writer (which waits for a reader) gets in and out long
# before the FIFO's turn comes (three MiB files before it). Each is read in
# its turn, as coreutils reads it; the rest still at once. (timeout: a
# FIFO opened again in its turn would wait for a writer that has gone.)
run_merged "many files, a device among them" -- "${many[@]:0:40}" /dev/null "${many[@]:40}"
run_sh "many files, a FIFO among them, written before its turn" 'rm -f w.fifo && mkfifo w.fifo
  timeout 30 sh -c "printf \"in and out\\n\" >w.fifo" &
  timeout 30 "${cmd[@]}" -- size-1048579 size-1048579 size-1048579 w.fifo "${many[@]:0:30}"; rc=$?; wait; (exit $rc)'

if shared; then  # shared: the standard streams (not re-indented)
# Closed standard streams. With standard input closed, "-" must fail with
# EBADF, not read a file opened later; a closed standard error makes any
# message a failure.
printf '%s  -\n' "$("$gnu" <empty-input | cut -c1-$hexlen)" >dash.list
run_sh "stdin closed, hashing it" '"${cmd[@]}" <&-'
run_sh "stdin closed, hashing -" '"${cmd[@]}" size-1 - size-55 <&-'
run_sh "stdin closed, a list naming -" '"${cmd[@]}" -c dash.list <&-'
run_sh "stdin closed, a list naming - after another list" '"${cmd[@]}" -c good.list dash.list <&-'
run_sh "stdin closed, the list on it" '"${cmd[@]}" -c <&-'
run_sh "stdin closed, not used" '"${cmd[@]}" size-1 <&-'
run_sh "stdin closed, check not used" '"${cmd[@]}" -c good.list <&-'
run_sh "stdin and stdout closed" '"${cmd[@]}" size-1 - <&- >&-'
run_sh "stderr closed, no message" '"${cmd[@]}" size-1 2>&-'
run_sh "stderr closed, an error" '"${cmd[@]}" size-1 missing-file 2>&-'
run_sh "stderr closed, a warning" '"${cmd[@]}" -c --warn mixed2.list 2>&-'
run_sh "stderr full, a warning" '"${cmd[@]}" -c --warn mixed2.list 2>/dev/full'
run_sh "stdout and stderr closed" '"${cmd[@]}" size-1 >&- 2>&-'
run_sh "everything closed" '"${cmd[@]}" size-1 - <&- >&- 2>&-'
# A closed descriptor stays closed (coreutils opens every file "safely", to
# 3 or above), so the names of the closed standard streams lead nowhere:
# ENOENT, not an empty file, and a list naming them fails that line.
for name in /dev/stdin /dev/fd/0 /proc/self/fd/0; do
  run_sh "stdin closed, hashing $name" '"${cmd[@]}" '"$name"' <&-'
  run_sh "stdin closed, hashing size-1, - and $name" '"${cmd[@]}" size-1 - '"$name"' size-55 <&-'
  run_sh "stdin closed, $name as the list" '"${cmd[@]}" -c '"$name"' <&-'
  printf '%s  %s\n' "$("$gnu" <empty-input | cut -c1-$hexlen)" "$name" >closed-name.list
  run_sh "stdin closed, a list naming $name" '"${cmd[@]}" -c closed-name.list <&-'
  run_sh "stdin closed, a list naming $name, --ignore-missing" '"${cmd[@]}" -c --ignore-missing closed-name.list <&-'
  run_sh "stdin closed, a list naming $name, --status" '"${cmd[@]}" -c --status closed-name.list <&-'
  run_sh "stdin open, hashing $name" '"${cmd[@]}" '"$name"' <size-65'
  run_sh "stdin open, a list naming $name" '"${cmd[@]}" -c closed-name.list <empty-input'
done
for name in /dev/stderr /dev/fd/2 /proc/self/fd/2; do
  run_sh "stderr closed, hashing $name" '"${cmd[@]}" size-1 '"$name"' 2>&-'
done
for name in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
  run_sh "stdout closed, hashing $name" '"${cmd[@]}" '"$name"' size-1 >&-'
done
run_sh "everything closed, hashing /dev/stdin" '"${cmd[@]}" /dev/stdin - <&- >&- 2>&-'
# The same names among many files at once: while a standard stream is
# closed the files are hashed one at a time (an open on a worker thread
# could take the closed stream's number for a moment, and /dev/fd/N name
# that file meanwhile); many_files_test.sh's calls mode checks that no
# thread starts, this what is printed.
mkdir short
names_0=() names_1=()
for i in $(seq 1 40); do
  echo "$i" >"short/$i"
  names_0+=("short/$i" /dev/fd/0)
  names_1+=("short/$i" /dev/fd/1)
done
jobs=(-j 16)
run_sh "many files, stdin closed, /dev/fd/0 among them" '"${cmd[@]}" -- "${names_0[@]}" <&-'
run_sh "many files, stdout closed, /dev/fd/1 among them" '"${cmd[@]}" -- "${names_1[@]}" >&-'
jobs=()
fi  # shared

if shared; then  # shared: quoting (not re-indented)
# File names in messages, quoted as coreutils' shell-escape style does, in
# the C locale (every byte >= 0x80 spelled in octal) and in C.UTF-8 (valid,
# printable characters shown as they are). The names are missing files.
byte() { printf -v "$1" "\\x$(printf %02x "$2")"; }
singles=() pairs=()
for i in $(seq 1 255); do byte c "$i"; singles+=("$c"); done
partners=(a ' ' "'" '"' $'\n' $'\t' $'\x01' $'\x1b' $'\x7f' $'\x80' $'\x9b' $'\xa9' $'\xc3' $'\xe2' $'\xff' : '#' '~' '{' '}'
  '=' '^' '\' '$' '!' '?' '@' '*' ']' '[' '%' ',')
for c in "${singles[@]}"; do
  for p in "${partners[@]}"; do pairs+=("$c$p" "$p$c"); done
done
multibyte=(
  $'\xc3\xa9' $'caf\xc3\xa9' $'\xc3' $'\xc3x' $'x\xc3' $'\xa9' $'\xc0\xaf' $'\xc1\xbf' $'\xe0\x80\xaf' $'\xe0\xa0\x80'
  $'\xed\x9f\xbf' $'\xed\xa0\x80' $'\xed\xbf\xbf' $'\xee\x80\x80' $'\xef\xbf\xbd' $'\xef\xbf\xbf' $'\xef\xbb\xbf'
  $'\xf0\x9f\x98\x80' $'\xf0\x8f\xbf\xbf' $'\xf4\x8f\xbf\xbf' $'\xf4\x90\x80\x80' $'\xf5\x80\x80\x80' $'\xf8\x88\x80\x80\x80'
  $'\xfc\x84\x80\x80\x80\x80' $'\xe2\x82' $'\xe2\x82\xac' $'\xe2\x82\xacx' $'x\xe2\x82' $'\xe2\x80\x8b' $'\xe2\x80\xa8'
  $'\xe2\x80\xae' $'\xc2\x80' $'\xc2\x85' $'\xc2\x9b' $'\xc2\xa0' $'\xc2\xad' $'\xcc\x81' $'e\xcc\x81' $'\xe4\xb8\xad\xe6\x96\x87'
  $'\xef\xbc\x9a' $'\xe3\x80\x80' $'\xd8\xa7' $'\xf3\xa0\x80\x81'
)
quotes=(
  "it's" "it's é" $'it\'s\n' $'\n\'' $'\x01\'\x01' "''" "'" "#it's" "it's#" "~it's" "it's~" "don't!" $'it\'s\xc3\xa9'
  $'it\'s\xff' "a'b'c" "'a'" $'\'\n\'' $'\t\'\t' "it's:" "it's @" "{'" "'}" $'\xc3\xa9\'' $'\'\x1b[31m' "it's ]" "it's%"
  "it's=" "it's^" "it's?" 'it'"'"'s\' "it's{x}" $'\x7f\'' $'\'\x7f' $'a\nb' $'\n' $'\n\n' "\$HOME" '`x`' '$(x)' '-' '--'
  '=x' 'x=' '^x' 'a:b' ':' '~' '~/x' 'x~' '#' 'a#' '{' '}' '{}' 'a{b}' '@' '[x]' ']' '%' 'a b' ' '
)
for loc in C C.UTF-8; do
  LC_ALL=$loc run_both "quoting, single bytes, LC_ALL=$loc" empty-input -- "${singles[@]}"
  LC_ALL=$loc run_both "quoting, pairs of bytes, LC_ALL=$loc" empty-input -- "${pairs[@]}"
  LC_ALL=$loc run_both "quoting, multibyte sequences, LC_ALL=$loc" empty-input -- "${multibyte[@]}"
  LC_ALL=$loc run_both "quoting, quotes and control bytes, LC_ALL=$loc" empty-input -- "${quotes[@]}"
  # The same quoting for a list's name: missing, and holding a bad line.
  LC_ALL=$loc run_both "quoting, missing lists, LC_ALL=$loc" empty-input -c -- "${quotes[@]}" "${multibyte[@]:0:12}"
  for name in "it's"$'\n' $'\xff:x' "it's é" '~x'; do
    printf 'not a checksum line\n%s  size-1\n' "$d" >"$name"
    LC_ALL=$loc run_both "quoting, a list with a bad line: $(printf %q "$name"), LC_ALL=$loc" empty-input -c --warn -- "$name"
    rm -f -- "$name"
  done
done
fi  # shared

# Run by a path, each names itself by that path, as given.
mkdir gnu && ln -s "$(command -v "$gnu")" "gnu/$gnu"
for args in "../size-1 ../missing-file" "--bogus"; do
  (cd gnu && "./$gnu" $args) >gnu.out 2>gnu.err
  gnu_rc=$?
  (cd links && "./$gnu" $args) >ours.out 2>ours.err
  compare "run as ./$gnu $args" "$gnu_rc" $?
done
# fipsmod's own form, fipsmod $gnu, names itself so.
"$gnu" size-1 >gnu.out
printf '%s\n' "fipsmod $gnu: missing-file: No such file or directory" >gnu.err
"$fipsmod" "$gnu" size-1 missing-file >ours.out 2>ours.err
compare "fipsmod $gnu with a missing file" 1 $?
: >gnu.out
printf '%s\n' "fipsmod $gnu: unrecognized option '--bogus'" "Try 'fipsmod $gnu --help' for more information." >gnu.err
"$fipsmod" "$gnu" --bogus >ours.out 2>ours.err
compare "fipsmod $gnu with an unknown option" 1 $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
