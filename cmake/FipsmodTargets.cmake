# Settings shared by every fipsmod target: warnings, control-flow
# protection and sanitizers.

# Control-flow protection (docs/design.md): the compiler starts every
# function that may be called indirectly with a landing pad, and marks each
# object with the GNU property note that lets a program linked only from
# such objects turn the protection on. x86-64: CET's indirect branch
# tracking and shadow stack; aarch64: BTI and return-address signing. The
# assembly kernels do the same by hand (module/core/asm.h). Other targets
# (riscv64) have no such flag here. FIPSMOD_CF_PROTECTION_FLAG is left empty
# when the compiler does not take the flag, and the check of the notes
# (cmake/tests/check_cf_protection.sh) is then not registered.
include(CheckCompilerFlag)
set(FIPSMOD_CF_PROTECTION_FLAG "")
if(CMAKE_SYSTEM_PROCESSOR STREQUAL "x86_64")
  set(fipsmod_cf_flag -fcf-protection=full)
elseif(CMAKE_SYSTEM_PROCESSOR STREQUAL "aarch64")
  set(fipsmod_cf_flag -mbranch-protection=standard)
endif()
if(DEFINED fipsmod_cf_flag)
  check_compiler_flag(C ${fipsmod_cf_flag} FIPSMOD_C_TAKES_CF_PROTECTION)
  check_compiler_flag(CXX ${fipsmod_cf_flag} FIPSMOD_CXX_TAKES_CF_PROTECTION)
  if(FIPSMOD_C_TAKES_CF_PROTECTION AND FIPSMOD_CXX_TAKES_CF_PROTECTION)
    set(FIPSMOD_CF_PROTECTION_FLAG ${fipsmod_cf_flag})
  endif()
endif()

function(fipsmod_target_defaults target)
  set(c_or_cxx $<COMPILE_LANGUAGE:C,CXX>)
  target_compile_options(${target} PRIVATE $<${c_or_cxx}:-Wall -Wextra -Wpedantic -Wshadow>)
  if(FIPSMOD_CF_PROTECTION_FLAG)
    target_compile_options(${target} PRIVATE $<${c_or_cxx}:${FIPSMOD_CF_PROTECTION_FLAG}>)
  endif()
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 warns wrongly about std::string concatenation at -O2 and above
    # (GCC bug 105651, fixed in GCC 13).
    target_compile_options(${target} PRIVATE $<${c_or_cxx}:-Wno-restrict>)
  endif()
  if(FIPSMOD_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(FIPSMOD_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=${FIPSMOD_SANITIZE} -fno-sanitize-recover=all
                                             -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=${FIPSMOD_SANITIZE})
  endif()
endfunction()

# fipsmod_test_code(TARGET): TARGET is test code, code that calls the module
# and checks its answers, not code under test. It is compiled with
# FIPSMOD_TEST_CODE_FLAGS after the build's own flags: the module it calls
# keeps the build's optimisation (-O3, or -O2 under the sanitizers), and so
# do the command's and the benchmarks' code, while the tests' own code, most
# of it GoogleTest's templates, compiles in a third of the time at -O0
# (docs/design.md, "Testing every kernel"). Cross builds run their tests under
# qemu, where unoptimised test code ran five times slower than at -O1 and
# more: they take -O1, about half -O3's compile time.
if(CMAKE_CROSSCOMPILING)
  set(fipsmod_test_code_default -O1)
else()
  set(fipsmod_test_code_default -O0)
endif()
set(FIPSMOD_TEST_CODE_FLAGS "${fipsmod_test_code_default}" CACHE STRING "Compiler flags added to test code (fipsmod_test_code)")
function(fipsmod_test_code target)
  separate_arguments(flags UNIX_COMMAND "${FIPSMOD_TEST_CODE_FLAGS}")
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C,CXX>:${flags}>)
  fipsmod_test_program_link(${target})
endfunction()

# fipsmod_test_program_link(TARGET): how a program that only tests is linked.
# On riscv64, without linker relaxation (-Wl,--no-relax): binutils 2.40's
# relaxation pass took ten times the rest of a static link (fipsmod_test:
# 1.6 s of CPU, 0.3 s without), about 15 s of CPU over a build's test
# programs, to shorten calls and addresses by a few bytes. What ships (the
# fipsmod and fipsmod-acvp commands, libfipsmod.so) is linked as before, and
# the tests that run those (break-kat, the ACVP vectors, the self-tests at
# load) run the relaxed code under qemu.
set(FIPSMOD_TEST_LINK_FLAGS "")
if(CMAKE_SYSTEM_PROCESSOR STREQUAL "riscv64")
  set(FIPSMOD_TEST_LINK_FLAGS -Wl,--no-relax)
endif()
function(fipsmod_test_program_link target)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE" AND FIPSMOD_TEST_LINK_FLAGS)
    target_link_options(${target} PRIVATE ${FIPSMOD_TEST_LINK_FLAGS})
  endif()
endfunction()

# fipsmod_precompiled(TARGET CODE|TEST): TARGET's C++ files start from a
# precompiled header, one a build for each kind of code, which the targets
# of that kind share (target_precompile_headers REUSE_FROM), made by a
# target of its own that has only what every one of them has (the flags of
# fipsmod_target_defaults, and fipsmod_test_code's for TEST): GCC refuses a
# precompiled header under a macro it was made without or with another value
# (-Winvalid-pch, an error with FIPSMOD_WERROR), not under one more.
#  - CODE: the standard library headers that the code outside the module
#    (the command, the fuzz targets, the benchmarks) includes most, at the
#    build's optimisation;
#  - TEST: the same and GoogleTest's header, for the GoogleTest programs
#    (fipsmod_test_code, linked with GTest::gtest).
# Parsing them is a third of such a file's compile time or more (a batch
# of tests at -O0: 2.1 s of CPU, 1.6 s from the precompiled header). The
# module's own files have theirs (module/CMakeLists.txt).
# CMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns them all off.
set(FIPSMOD_PRECOMPILED_STD <algorithm> <array> <atomic> <cstddef> <cstdint> <cstdlib> <cstring> <functional>
    <memory> <optional> <span> <stdexcept> <string> <string_view> <utility> <vector>)
function(fipsmod_precompiled target kind)
  if(CMAKE_DISABLE_PRECOMPILE_HEADERS)
    return()
  endif()
  string(TOLOWER "${kind}" kind)
  set(owner fipsmod_precompiled_${kind})
  if(NOT TARGET ${owner})
    set(source ${PROJECT_BINARY_DIR}/${owner}.cpp)
    file(CONFIGURE OUTPUT ${source} CONTENT "// The owner of a precompiled header (fipsmod_precompiled, cmake/FipsmodTargets.cmake).\n")
    add_library(${owner} OBJECT ${source})
    fipsmod_target_defaults(${owner})
    set(headers ${FIPSMOD_PRECOMPILED_STD})
    if(kind STREQUAL "test")
      fipsmod_test_code(${owner})
      target_link_libraries(${owner} PRIVATE GTest::gtest)
      list(PREPEND headers <gtest/gtest.h>)
      list(APPEND headers <map> <numeric> <random> <set> <thread>)
    endif()
    target_precompile_headers(${owner} PRIVATE ${headers})
  endif()
  target_precompile_headers(${target} REUSE_FROM ${owner})
endfunction()

# fipsmod_link_module(TARGET): what every program of the build that links the
# static library needs: its integrity value (cmake/FipsmodIntegrity.cmake),
# where the module has the test.
function(fipsmod_link_module target)
  if(FIPSMOD_INTEGRITY)
    fipsmod_add_integrity(${target} IF_LINKED)
  endif()
endfunction()

# fipsmod_discover_suites(TARGET [TEST_PREFIX prefix] [LABELS ...]): ctest
# runs GoogleTest program TARGET one test suite a test, each named prefix +
# Suite, each with the LABELS given (cmake/GTestSuites.cmake says why and
# how).
function(fipsmod_discover_suites target)
  cmake_parse_arguments(ARG "" "TEST_PREFIX" "LABELS" ${ARGN})
  # A suite's tests share a process: one that exits early must not pass
  # for the tests after it (testing/gtest_run_guard.cpp).
  if(NOT TARGET fipsmod_gtest_run_guard)
    add_library(fipsmod_gtest_run_guard OBJECT ${PROJECT_SOURCE_DIR}/testing/gtest_run_guard.cpp)
    target_link_libraries(fipsmod_gtest_run_guard PRIVATE GTest::gtest)
    fipsmod_target_defaults(fipsmod_gtest_run_guard)
    fipsmod_test_code(fipsmod_gtest_run_guard)
    fipsmod_precompiled(fipsmod_gtest_run_guard TEST)
  endif()
  target_link_libraries(${target} PRIVATE fipsmod_gtest_run_guard)
  set(include_file ${CMAKE_CURRENT_BINARY_DIR}/${target}_suites_include.cmake)
  file(GENERATE OUTPUT ${include_file} CONTENT
"set(fipsmod_suites_target [==[${target}]==])
set(fipsmod_suites_program [==[$<TARGET_FILE:${target}>]==])
set(fipsmod_suites_emulator [==[${CMAKE_CROSSCOMPILING_EMULATOR}]==])
set(fipsmod_suites_prefix [==[${ARG_TEST_PREFIX}]==])
set(fipsmod_suites_labels [==[${ARG_LABELS}]==])
set(fipsmod_suites_dir [==[${CMAKE_CURRENT_BINARY_DIR}]==])
include([==[${PROJECT_SOURCE_DIR}/cmake/GTestSuites.cmake]==])
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()

# fipsmod_add_test(NAME SOURCES ... [LIBRARIES ...] [TEST_PREFIX prefix] [LABELS ...]
# [EACH_TEST_ALONE]): a GoogleTest program that ctest runs a test suite at a
# time (fipsmod_discover_suites), or with EACH_TEST_ALONE a test at a time,
# each in a fresh process, named prefix + Suite.Test.
function(fipsmod_add_test name)
  cmake_parse_arguments(ARG "EACH_TEST_ALONE" "TEST_PREFIX" "SOURCES;LIBRARIES;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  # A program of many test files compiles them in batches, one translation
  # unit each: GoogleTest's and the module's headers, and the inline code
  # they bring, are then compiled once a batch rather than once a file.
  set_target_properties(${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  target_link_libraries(${name} PRIVATE fipsmod_testing GTest::gtest_main ${ARG_LIBRARIES})
  fipsmod_target_defaults(${name})
  fipsmod_test_code(${name})
  fipsmod_precompiled(${name} TEST)
  fipsmod_link_module(${name})
  # The tsan build preset builds what the tests labelled threads run
  # (fipsmod_threads_tests, selftest/CMakeLists.txt).
  if(threads IN_LIST ARG_LABELS)
    set_property(GLOBAL APPEND PROPERTY FIPSMOD_THREADS_PROGRAMS ${name})
  endif()
  # Tests are listed when ctest runs, on the CPU (or qemu model) that runs them.
  if(NOT ARG_EACH_TEST_ALONE)
    fipsmod_discover_suites(${name} TEST_PREFIX "${ARG_TEST_PREFIX}" LABELS ${ARG_LABELS})
    return()
  endif()
  set(prefix "")
  if(ARG_TEST_PREFIX)
    set(prefix TEST_PREFIX ${ARG_TEST_PREFIX})
  endif()
  gtest_discover_tests(${name} ${prefix} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 120 PROPERTIES TIMEOUT 600)
  if(ARG_LABELS)
    # The discovered tests' labels, set by a script ctest runs after the
    # discovery's (gtest_discover_tests's PROPERTIES cannot carry a list).
    set(script ${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake)
    file(WRITE ${script} "foreach(t IN LISTS ${name}_TESTS)\n  set_tests_properties(\"\${t}\" PROPERTIES LABELS \"${ARG_LABELS}\")\nendforeach()\n")
    set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${script})
  endif()
endfunction()
