# The DRBG's ctest settings (included by module/CMakeLists.txt).

# random_process_test's fork tests: under qemu-user (a cross build's
# tests), madvise accepts MADV_WIPEONFORK and wipes nothing, so the module
# does not use it there (random.cpp) and the test expects that; natively it
# must be in use.
if(CMAKE_CROSSCOMPILING)
  target_compile_definitions(random_process_test PRIVATE FIPSMOD_TEST_UNDER_EMULATOR=1)
endif()

# The DRBG under threads and forks, whole, in the ThreadSanitizer build
# (label threads; selftest/CMakeLists.txt has fipsmod_threads_tests build it).
add_test(NAME threads_random_drbg_and_fork COMMAND random_process_test)
set_tests_properties(threads_random_drbg_and_fork PROPERTIES LABELS threads)
