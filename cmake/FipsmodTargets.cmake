# Settings shared by every fipsmod target: warnings and sanitizers.

function(fipsmod_target_defaults target)
  set(c_or_cxx $<COMPILE_LANGUAGE:C,CXX>)
  target_compile_options(${target} PRIVATE $<${c_or_cxx}:-Wall -Wextra -Wpedantic -Wshadow>)
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

# fipsmod_add_test(NAME SOURCES ...): a GoogleTest executable whose tests
# ctest runs one by one.
function(fipsmod_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE fipsmod_testing GTest::gtest_main ${ARG_LIBRARIES})
  fipsmod_target_defaults(${name})
  # Tests are listed when ctest runs, on the CPU (or qemu model) that runs them.
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 120 PROPERTIES TIMEOUT 600)
endfunction()
