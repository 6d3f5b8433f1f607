# Sourced by the shell tests: one Python process for all their checks in
# Python. Python takes 0.2 s to start here, fipsmod a few ms, and a start
# for each such check was a good part of a script's run.
#
# py_start: starts the process, in the current directory (where its output
#   goes, to py.out and py.err).
# py CODE ARG...: runs the Python snippet CODE with sys.argv[1:] = ARGs, as
#   python3 -c CODE ARG... would: its exit status is the snippet's, what it
#   prints to sys.stdout and sys.stderr goes to standard output and error
#   (after it has run). Each snippet runs in fresh globals.
# Requests are NUL-terminated fields (count of ARGs, CODE, ARGs); the reply
# is the status on a line, once the output is in py.out and py.err.
py_start() {
  py_dir=$PWD
  coproc PY_CHECKS {
    exec python3 -c '
import os, sys, traceback
inp = sys.stdin.buffer
out_name, err_name = sys.argv[1:3]
def field():
    b = bytearray()
    while (c := inp.read(1)) != b"\0":
        if not c:
            sys.exit(0)
        b += c
    return bytes(b)
reply = sys.stdout
while True:
    n = int(field())
    code = field().decode()
    sys.argv = ["-c"] + [os.fsdecode(field()) for _ in range(n)]
    with open(out_name, "w") as out, open(err_name, "w") as err:
        sys.stdout, sys.stderr = out, err
        try:
            exec(compile(code, "<py>", "exec"), {"__name__": "__main__"})
            status = 0
        except SystemExit as e:
            if e.code is None or isinstance(e.code, int):
                status = int(e.code or 0)
            else:
                print(e.code, file=err)
                status = 1
        except BaseException:
            traceback.print_exc()
            status = 1
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    print(status, file=reply, flush=True)
' "$py_dir/py.out" "$py_dir/py.err"
  }
}
py() {
  local code=$1 status
  shift
  printf '%s\0' "$#" "$code" "$@" >&"${PY_CHECKS[1]}"
  read -r status <&"${PY_CHECKS[0]}" || { echo "the Python process of py_checks.bash is gone" >&2; return 1; }
  [ -s "$py_dir/py.out" ] && cat "$py_dir/py.out"
  [ -s "$py_dir/py.err" ] && cat "$py_dir/py.err" >&2
  return "$status"
}
