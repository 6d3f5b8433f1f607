# Breaks each registered self-test in turn: runs `PROBE list`, then for every
# name `PROBE broken NAME` with FIPSMOD_BREAK=NAME, which must exit 0 (the
# module in error, the failure naming the test, every service refusing and
# writing nothing) and print nothing on stdout. EMULATOR runs the probe in
# cross builds.
#
#   cmake -DPROBE=... [-DEMULATOR=...] -P break_each.cmake
execute_process(COMMAND ${EMULATOR} ${PROBE} list OUTPUT_VARIABLE names RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "selftest_probe list failed: ${rc}")
endif()
string(REGEX MATCHALL "[^\n]+" names "${names}")
list(LENGTH names count)
if(count EQUAL 0)
  message(FATAL_ERROR "no self-test is registered")
endif()
foreach(name IN LISTS names)
  set(ENV{FIPSMOD_BREAK} ${name})
  execute_process(
    COMMAND ${EMULATOR} ${PROBE} broken ${name}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
    message(FATAL_ERROR "breaking ${name}: exit ${rc}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(NOT err MATCHES "fipsmod: self-test failed: ${name} \\(kernel ")
    message(FATAL_ERROR "breaking ${name}: the failure was not written to stderr:\n${err}")
  endif()
  message(STATUS "${name}: broken, module in error, every service refused")
endforeach()
message(STATUS "${count} self-tests, each broken")
