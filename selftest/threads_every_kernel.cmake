# Runs `TEST compute` (fipsmod_threads_test) once for each FIPSMOD_DISABLE
# setting that EXPECTATIONS (testing/kernel_expectations.py passes) works
# out from the kernel records of `INFO info --json` (the fipsmod tool) and
# the features the module detects: "none" first, then each setting that
# makes some kernel the selected one for the first time. Each run must
# pass, and together they must have computed with every kernel the CPU can
# use of each algorithm it computes with (its "kernels: ALGORITHM=KERNEL
# ..." line names them), as `TEST usable` lists them. EMULATOR runs the
# programs in cross builds.
#
#   cmake -DTEST=... -DINFO=... -DEXPECTATIONS=... [-DEMULATOR=...] -P threads_every_kernel.cmake
cmake_minimum_required(VERSION 3.21)
unset(ENV{FIPSMOD_DISABLE})
execute_process(COMMAND python3 ${EXPECTATIONS} passes --detected -- ${EMULATOR} ${INFO}
  OUTPUT_VARIABLE settings ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kernel_expectations.py passes: exit ${rc}\n${settings}${err}")
endif()
string(REGEX MATCHALL "[^\n]+" settings "${settings}")
string(REPLACE ";" " | " SETTINGS "${settings}")
execute_process(COMMAND ${EMULATOR} ${TEST} usable OUTPUT_VARIABLE usable ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fipsmod_threads_test usable: exit ${rc}\n${err}")
endif()
string(REGEX MATCHALL "[^\n]+" usable "${usable}")
if(NOT usable)
  message(FATAL_ERROR "fipsmod_threads_test usable listed no kernel")
endif()

set(reached "")
set(computed "")
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
  if(NOT out MATCHES "kernels:(( [^ =\n]+=[^ \n]+)+)")
    message(FATAL_ERROR "FIPSMOD_DISABLE=${setting}: no kernels line in\n${out}")
  endif()
  string(STRIP "${CMAKE_MATCH_1}" line)
  message(STATUS "FIPSMOD_DISABLE=${setting}: ${line}, 8 threads, every result right")
  string(REPLACE " " ";" pairs "${line}")
  foreach(pair IN LISTS pairs)
    string(REGEX REPLACE "=.*" "" algorithm "${pair}")
    list(APPEND computed "${algorithm}")
    list(APPEND reached "${pair}")
  endforeach()
endforeach()

list(REMOVE_DUPLICATES computed)
set(covered "")
foreach(kernel IN LISTS usable)
  string(REGEX REPLACE "=.*" "" algorithm "${kernel}")
  if(NOT algorithm IN_LIST computed)
    continue()
  endif()
  list(APPEND covered "${kernel}")
  if(NOT kernel IN_LIST reached)
    message(FATAL_ERROR "no FIPSMOD_DISABLE setting (${SETTINGS}) selected usable kernel ${kernel}")
  endif()
endforeach()
list(REMOVE_DUPLICATES covered)
list(LENGTH covered count)
string(REPLACE ";" ", " computed "${computed}")
message(STATUS "every usable kernel (${count}) of ${computed} computed from 8 threads at once")
