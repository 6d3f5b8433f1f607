# fipsmod_add_integrity(<target>): records the module's integrity value in
# the file <target> builds, once it is linked (docs/integrity.md). A program
# that links libfipsmod.a needs this one call; without it the module finds
# no value and its integrity self-test fails, so no service answers.
# libfipsmod.so records its own value when it is built.
#
# The value is recorded by fipsmod-integrity: this build's own target
# (FIPSMOD_INTEGRITY_TOOL, set where the tree defines it) or else the
# installed fipsmod::integrity. A cross build runs it
# through the target's CROSSCOMPILING_EMULATOR, as CMake does for any
# target it runs.
function(fipsmod_add_integrity target)
  # IF_LINKED: leave alone a program that turns out not to hold the module
  # (this tree's test programs that link the library but use none of it).
  cmake_parse_arguments(ARG "IF_LINKED" "" "" ${ARGN})
  set(if_linked "")
  if(ARG_IF_LINKED)
    set(if_linked --if-linked)
  endif()
  if(FIPSMOD_INTEGRITY_TOOL)
    set(tool ${FIPSMOD_INTEGRITY_TOOL})
  elseif(TARGET fipsmod::integrity)
    set(tool fipsmod::integrity)
  else()
    message(FATAL_ERROR "fipsmod_add_integrity: no fipsmod-integrity tool (find_package(fipsmod) first)")
  endif()
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${tool} inject ${if_linked} $<TARGET_FILE:${target}>
    COMMENT "Recording the fipsmod integrity value in ${target}"
    VERBATIM)
endfunction()
