# The module-wide ctest registrations (included by module/CMakeLists.txt).

# The approved-only tests again with the mode from the environment, in one
# process.
add_test(NAME approved_only_from_environment COMMAND approved_only_process_test)
set_tests_properties(approved_only_from_environment PROPERTIES
  ENVIRONMENT "FIPSMOD_MODE=only" FAIL_REGULAR_EXPRESSION "FAILED|SKIPPED")
# FIPSMOD_MODE fails closed: a value that is not exactly "only" (nor unset
# or empty) refuses every service, naming the value, and says so on stderr
# once (selftest_probe mode-invalid, in a process of its own per value:
# near misses of "only" in case and spacing, and values an operator might
# try for "on").
set(mode_invalid_values "ONLY" "Only" "only " " only" "1" "approved" "true" "yes" "all")
list(LENGTH mode_invalid_values n)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  list(GET mode_invalid_values ${i} value)
  add_test(NAME mode_unknown_value_refuses_every_service_${i} COMMAND selftest_probe mode-invalid "${value}")
  set_tests_properties(mode_unknown_value_refuses_every_service_${i} PROPERTIES ENVIRONMENT "FIPSMOD_MODE=${value}")
endforeach()
# The stderr line, once.
add_test(NAME mode_unknown_value_is_reported COMMAND selftest_probe mode-invalid strict)
set_tests_properties(mode_unknown_value_is_reported PROPERTIES
  ENVIRONMENT "FIPSMOD_MODE=strict"
  PASS_REGULAR_EXPRESSION "^fipsmod: unknown FIPSMOD_MODE \"strict\": every service refused \\(known: \"only\", or unset or empty for all services\\)\n$"
  FAIL_REGULAR_EXPRESSION "FAILED")
# An empty FIPSMOD_MODE is the default mode, silently.
add_test(NAME mode_empty_value_is_all_services COMMAND fipsmod_test --gtest_filter=ServiceMode.DefaultIsAllServices)
set_tests_properties(mode_empty_value_is_all_services PROPERTIES
  ENVIRONMENT "FIPSMOD_MODE="
  PASS_REGULAR_EXPRESSION "PASSED.*1 test"
  FAIL_REGULAR_EXPRESSION "FAILED|FIPSMOD_MODE")

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
