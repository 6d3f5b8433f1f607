# Under the abort policy a failing self-test ends the process at the first
# service call, with the failure on stderr: `PROBE abort` with
# FIPSMOD_BREAK=MD5/generic must die, not return.
#
#   cmake -DPROBE=... [-DEMULATOR=...] -P abort_policy.cmake
set(ENV{FIPSMOD_BREAK} MD5/generic)
execute_process(
  COMMAND ${EMULATOR} ${PROBE} abort
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc MATCHES "abort" OR err MATCHES "was not aborted")
  message(FATAL_ERROR "the process was not aborted (exit ${rc}):\n${err}")
endif()
if(NOT err MATCHES "fipsmod: aborting \\(failure policy\\): MD5/generic \\(kernel generic\\): expected [0-9a-f]+, computed [0-9a-f]+")
  message(FATAL_ERROR "the abort did not name the failing self-test:\n${err}")
endif()
message(STATUS "aborted (${rc}) naming MD5/generic")
