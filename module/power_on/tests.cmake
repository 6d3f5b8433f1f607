# The module-wide ctest registrations (included by module/CMakeLists.txt).

# The approved-only tests again with the mode from the environment, in one
# process.
add_test(NAME approved_only_from_environment COMMAND approved_only_process_test)
set_tests_properties(approved_only_from_environment PROPERTIES
  ENVIRONMENT "FIPSMOD_MODE=only" FAIL_REGULAR_EXPRESSION "FAILED|SKIPPED")
# An unknown FIPSMOD_MODE is reported and ignored.
add_test(NAME mode_unknown_value_is_reported COMMAND fipsmod_test --gtest_filter=ServiceMode.DefaultIsAllServices)
set_tests_properties(mode_unknown_value_is_reported PROPERTIES
  ENVIRONMENT "FIPSMOD_MODE=strict"
  PASS_REGULAR_EXPRESSION "FIPSMOD_MODE: unknown mode \"strict\" ignored \\(known: only\\).*PASSED.*1 test"
  FAIL_REGULAR_EXPRESSION "FAILED")

# FIPSMOD_DISABLE=all must leave every algorithm its portable kernel
# (Registry.NothingEnabledSelectsThePortableKernels), and an unknown name
# must be reported, not ignored.
add_test(NAME disable_all_selects_generic COMMAND fipsmod_test --gtest_filter=Registry.*:CpuFeatures.*)
set_tests_properties(disable_all_selects_generic PROPERTIES ENVIRONMENT "FIPSMOD_DISABLE=all")
add_test(NAME disable_unknown_feature_is_reported
  COMMAND fipsmod_test --gtest_filter=Registry.NothingEnabledSelectsThePortableKernels)
set_tests_properties(disable_unknown_feature_is_reported PROPERTIES
  ENVIRONMENT "FIPSMOD_DISABLE=all,avx-512"
  PASS_REGULAR_EXPRESSION "FIPSMOD_DISABLE: unknown feature \"avx-512\" ignored.*PASSED.*1 test"
  FAIL_REGULAR_EXPRESSION "FAILED")
