# cmake --install: bin/fipsmod, bin/fipsmod-integrity, bin/fipsmod-acvp (the ACVP module wrapper), libfipsmod.a and libfipsmod.so, the headers
# under include/fipsmod/, fipsmod.pc, and a CMake package giving
# fipsmod::fipsmod (shared) and fipsmod::fipsmod_static; with
# FIPSMOD_INSTALL_LINKS, the links bin/md5sum, bin/sha256sum,
# bin/sha224sum, bin/sha384sum and bin/sha512sum -> fipsmod.
include(CMakePackageConfigHelpers)

set(FIPSMOD_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fipsmod)

install(TARGETS fipsmod fipsmod_shared EXPORT fipsmodTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS fipsmod_tool fipsmod_acvp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The drop-ins: a link named after one of these commands runs it
# (tools/main.cpp, the commands of kCommands marked drop_in; install_test.sh
# checks that the two lists agree). Component fipsmod_links: in the default
# installation with FIPSMOD_INSTALL_LINKS, and `cmake --install BUILD
# --component fipsmod_links` installs them alone in any build.
# cmake/install_links.cmake never replaces a file that is not such a link.
set(FIPSMOD_DROP_IN_COMMANDS md5sum sha256sum sha224sum sha384sum sha512sum)
set(links_exclude EXCLUDE_FROM_ALL)
if(FIPSMOD_INSTALL_LINKS)
  set(links_exclude "")
endif()
install(CODE "set(FIPSMOD_LINK_NAMES \"${FIPSMOD_DROP_IN_COMMANDS}\")
set(FIPSMOD_LINK_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
set(FIPSMOD_LINK_TARGET \"$<TARGET_FILE_NAME:fipsmod_tool>\")
include(\"${CMAKE_CURRENT_LIST_DIR}/install_links.cmake\")"
  COMPONENT fipsmod_links ${links_exclude})
# The post-link tool, exported as fipsmod::integrity for
# fipsmod_add_integrity in the package.
set_target_properties(fipsmod_integrity PROPERTIES EXPORT_NAME integrity)
install(TARGETS fipsmod_integrity EXPORT fipsmodTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${FIPSMOD_PUBLIC_INCLUDE_DIR}/fipsmod
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")
install(EXPORT fipsmodTargets NAMESPACE fipsmod:: DESTINATION ${FIPSMOD_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/fipsmodConfig.cmake.in
  ${PROJECT_BINARY_DIR}/fipsmodConfig.cmake INSTALL_DESTINATION ${FIPSMOD_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fipsmodConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fipsmodConfig.cmake ${PROJECT_BINARY_DIR}/fipsmodConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/FipsmodIntegrity.cmake DESTINATION ${FIPSMOD_CMAKE_DIR})

# fipsmod.pc finds the prefix from its own place, so the tree can be moved
# (and installed with --prefix) after configuration.
file(RELATIVE_PATH FIPSMOD_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" FIPSMOD_PC_TO_PREFIX "${FIPSMOD_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/fipsmod.pc.in ${PROJECT_BINARY_DIR}/fipsmod.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/fipsmod.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Packaging tests (not in sanitized builds, whose libraries carry the
# sanitizer's own symbols and need its runtime in every program, nor in
# cross builds, whose programs the build machine's compilers cannot make).
if(FIPSMOD_BUILD_TESTS AND NOT FIPSMOD_SANITIZE AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME shared_library_exports_only_the_api
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/tests/check_exports.sh $<TARGET_FILE:fipsmod_shared>
            ${FIPSMOD_EXPORTED_SYMBOLS})
  add_test(NAME shared_library_binds_its_own_functions
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/tests/check_self_binding.sh $<TARGET_FILE:fipsmod_shared>
            ${CMAKE_READELF} ${CMAKE_NM})
  add_test(NAME installed_tree_builds_c_and_cxx_programs
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/tests/install_test.sh ${PROJECT_BINARY_DIR}
            ${CMAKE_C_COMPILER} ${CMAKE_CXX_COMPILER} $<BOOL:${FIPSMOD_INTEGRITY}> $<BOOL:${FIPSMOD_INSTALL_LINKS}>)
  set_tests_properties(installed_tree_builds_c_and_cxx_programs PROPERTIES TIMEOUT 300)
  # What the build made, not what a kernel computes: ./dev's FIPSMOD_DISABLE
  # passes leave these out.
  set_property(TEST shared_library_exports_only_the_api shared_library_binds_its_own_functions
               installed_tree_builds_c_and_cxx_programs APPEND PROPERTY LABELS any_kernel)
endif()

# Control-flow protection (docs/design.md): every object of libfipsmod.a,
# and of the test-support library with its ABI trampoline, carries the
# IBT+SHSTK (x86-64) or BTI+PAC (aarch64) property note and starts each
# global function with a landing pad. It runs in cross builds too, with the
# target's binutils, but not in sanitized builds (their runtimes and
# instrumentation are not what ships).
if(FIPSMOD_BUILD_TESTS AND NOT FIPSMOD_SANITIZE AND FIPSMOD_CF_PROTECTION_FLAG)
  add_test(NAME objects_keep_control_flow_protection
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/tests/check_cf_protection.sh ${CMAKE_SYSTEM_PROCESSOR}
            ${CMAKE_READELF} ${CMAKE_OBJDUMP} ${CMAKE_LINKER}
            $<TARGET_FILE:fipsmod> $<TARGET_FILE:fipsmod_testing>)
endif()
# And on arm64 under qemu, whose CPU model "max" enforces BTI: the assembly
# kernels linked alone into a program run with BTI on, and a branch past a
# landing pad traps (cmake/tests/check_bti_run.sh).
if(FIPSMOD_BUILD_TESTS AND NOT FIPSMOD_SANITIZE AND FIPSMOD_CF_PROTECTION_FLAG AND FIPSMOD_ASM
   AND CMAKE_SYSTEM_PROCESSOR STREQUAL "aarch64" AND CMAKE_CROSSCOMPILING_EMULATOR MATCHES "qemu")
  add_test(NAME arm64_kernels_run_with_bti_enforced
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/tests/check_bti_run.sh ${CMAKE_C_COMPILER} ${CMAKE_READELF}
            ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_OBJECTS:fipsmod_objects>)
  set_tests_properties(arm64_kernels_run_with_bti_enforced PROPERTIES ENVIRONMENT QEMU_CPU=max,pauth-impdef=on)
endif()
