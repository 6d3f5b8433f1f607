# Runs `TEST compute` (fipsmod_threads_test) once for each FIPSMOD_DISABLE
# setting in SETTINGS ("|"-separated; "none" for no setting). Each run must
# pass, and together they must have computed with every kernel the CPU can
# use, as `TEST usable` lists them: a kernel no setting selects is a
# failure, so a new kernel or CPU needs a setting here. EMULATOR runs the
# test in cross builds.
#
#   cmake -DTEST=... -DSETTINGS="none|avx512|all" [-DEMULATOR=...] -P threads_every_kernel.cmake
cmake_minimum_required(VERSION 3.21)
unset(ENV{FIPSMOD_DISABLE})
execute_process(COMMAND ${EMULATOR} ${TEST} usable OUTPUT_VARIABLE usable ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fipsmod_threads_test usable: exit ${rc}\n${err}")
endif()
string(REGEX MATCHALL "[^\n]+" usable "${usable}")
if(NOT usable)
  message(FATAL_ERROR "fipsmod_threads_test usable listed no kernel")
endif()

set(reached "")
string(REPLACE "|" ";" settings "${SETTINGS}")
foreach(setting IN LISTS settings)
  if(setting STREQUAL "none")
    unset(ENV{FIPSMOD_DISABLE})
  else()
    set(ENV{FIPSMOD_DISABLE} "${setting}")
  endif()
  execute_process(COMMAND ${EMULATOR} ${TEST} compute OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "FIPSMOD_DISABLE=${setting}: fipsmod_threads_test compute: exit ${rc}\n${out}${err}")
  endif()
  if(NOT out MATCHES "kernels: md5=([^ \n]+) xor_bytes=([^ \n]+)")
    message(FATAL_ERROR "FIPSMOD_DISABLE=${setting}: no kernels line in\n${out}")
  endif()
  message(STATUS "FIPSMOD_DISABLE=${setting}: md5=${CMAKE_MATCH_1} xor_bytes=${CMAKE_MATCH_2}, 8 threads, every result right")
  list(APPEND reached "md5=${CMAKE_MATCH_1}" "xor_bytes=${CMAKE_MATCH_2}")
endforeach()

foreach(kernel IN LISTS usable)
  if(NOT kernel IN_LIST reached)
    message(FATAL_ERROR "no FIPSMOD_DISABLE setting (${SETTINGS}) selected usable kernel ${kernel}: add one")
  endif()
endforeach()
list(REMOVE_DUPLICATES usable)
list(LENGTH usable count)
message(STATUS "every usable kernel (${count}) computed from 8 threads at once")
