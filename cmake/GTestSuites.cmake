# Run by ctest, not by CMake: the script through which each GoogleTest
# program of the build becomes ctest tests, one a test suite
# (fipsmod_discover_suites in cmake/FipsmodTargets.cmake writes the
# variables below and has ctest include this file before it runs anything).
#
# Why a test a suite and not a test a test: each test is a process, and a
# process of a test program costs 0.01 s natively, 0.1 s under
# AddressSanitizer or qemu (start-up, the power-on self-tests of every
# usable kernel, GoogleTest's registration). At about 600 tests a program,
# a process each cost CI over two minutes of its whole; a suite's tests share
# one. A failure still names the test: ctest prints the suite's output,
# where GoogleTest lists each failed test by name, and a test that exits
# the program early fails it (testing/gtest_run_guard.cpp). Programs whose
# tests each need a fresh process (the *_process_test ones: the mode is
# per process) keep gtest_discover_tests's test a process.
#
# The suites are listed on the machine (or qemu CPU model) that runs them,
# with the FIPSMOD_DISABLE setting of the run (and the FIPSMOD_TEST_HWPROBE
# of a riscv64 test preset): a parameterised suite over the usable kernels
# has instances only where one is usable. The listing is kept until the
# program changes, one per CPU model and setting.
#
# Input variables: fipsmod_suites_target, fipsmod_suites_program,
# fipsmod_suites_emulator (a list, empty natively), fipsmod_suites_prefix,
# fipsmod_suites_labels (a list), fipsmod_suites_dir.

if(NOT EXISTS "${fipsmod_suites_program}")
  # Not built (a build preset that builds only some targets, as tsan's): a
  # test with the program's labels that fails, so a test preset that
  # selects the program by label says so rather than running nothing.
  add_test("${fipsmod_suites_prefix}${fipsmod_suites_target}_NOT_BUILT" "${fipsmod_suites_target}_NOT_BUILT")
  if(fipsmod_suites_labels)
    set_tests_properties("${fipsmod_suites_prefix}${fipsmod_suites_target}_NOT_BUILT" PROPERTIES
      LABELS "${fipsmod_suites_labels}")
  endif()
  return()
endif()

string(MD5 fipsmod_suites_key "$ENV{QEMU_CPU}|$ENV{FIPSMOD_TEST_HWPROBE}|$ENV{FIPSMOD_DISABLE}")
set(fipsmod_suites_file "${fipsmod_suites_dir}/${fipsmod_suites_target}_suites_${fipsmod_suites_key}.cmake")
if(NOT EXISTS "${fipsmod_suites_file}" OR "${fipsmod_suites_program}" IS_NEWER_THAN "${fipsmod_suites_file}")
  # The whole listing, whatever GTEST_FILTER a run of ctest has (it would
  # be kept as the listing of every later run).
  set(fipsmod_suites_filter_was_set FALSE)
  if(DEFINED ENV{GTEST_FILTER})
    set(fipsmod_suites_filter_was_set TRUE)
    set(fipsmod_suites_filter "$ENV{GTEST_FILTER}")
    unset(ENV{GTEST_FILTER})
  endif()
  execute_process(COMMAND ${fipsmod_suites_emulator} "${fipsmod_suites_program}" --gtest_list_tests
    OUTPUT_VARIABLE fipsmod_suites_listing ERROR_VARIABLE fipsmod_suites_error
    RESULT_VARIABLE fipsmod_suites_rc TIMEOUT 120)
  if(fipsmod_suites_filter_was_set)
    set(ENV{GTEST_FILTER} "${fipsmod_suites_filter}")
  endif()
  if(NOT fipsmod_suites_rc EQUAL 0)
    message(FATAL_ERROR "${fipsmod_suites_program} --gtest_list_tests failed (${fipsmod_suites_rc}):\n"
      "${fipsmod_suites_listing}${fipsmod_suites_error}")
  endif()
  # A suite is a line that does not start with a space ("Suite.", or
  # "Prefix/Suite." for a parameterised one), after GoogleTest's comments
  # ("  # GetParam() = ...", which may hold brackets and semicolons) are cut.
  string(REGEX REPLACE "#[^\n]*" "" fipsmod_suites_listing "${fipsmod_suites_listing}")
  string(REGEX MATCHALL "(^|\n)[^ \n][^\n]*" fipsmod_suites_lines "${fipsmod_suites_listing}")
  set(labels "")
  if(fipsmod_suites_labels)
    set(labels " LABELS [==[${fipsmod_suites_labels}]==]")
  endif()
  set(fipsmod_suites_script "")
  set(fipsmod_suites_count 0)
  foreach(line IN LISTS fipsmod_suites_lines)
    string(STRIP "${line}" suite)
    if(suite MATCHES "^Running main\\(\\) from ")  # gtest_main's greeting
      continue()
    endif()
    if(NOT suite MATCHES "^[A-Za-z0-9_/]+\\.$")
      message(FATAL_ERROR "${fipsmod_suites_program} --gtest_list_tests: not a suite: '${suite}'")
    endif()
    string(REGEX REPLACE "\\.$" "" suite "${suite}")
    set(name "${fipsmod_suites_prefix}${suite}")
    set(command "")
    foreach(word IN LISTS fipsmod_suites_emulator)
      string(APPEND command " [==[${word}]==]")
    endforeach()
    string(APPEND fipsmod_suites_script
      "add_test([==[${name}]==]${command} [==[${fipsmod_suites_program}]==] [==[--gtest_filter=${suite}.*]==])\n"
      # A suite that ran no test (a listing out of date) fails rather than
      # passes.
      "set_tests_properties([==[${name}]==] PROPERTIES TIMEOUT 600"
      " FAIL_REGULAR_EXPRESSION [==[\\[==========\\] 0 tests from]==]${labels})\n")
    math(EXPR fipsmod_suites_count "${fipsmod_suites_count} + 1")
  endforeach()
  if(fipsmod_suites_count EQUAL 0)
    message(FATAL_ERROR "${fipsmod_suites_program} --gtest_list_tests lists no suite")
  endif()
  file(WRITE "${fipsmod_suites_file}" "${fipsmod_suites_script}")
endif()
include("${fipsmod_suites_file}")
