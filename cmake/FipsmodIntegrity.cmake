# fipsmod_add_integrity(<target>): records the module's integrity value in
# the file <target> builds, once it is linked (docs/integrity.md). A program
# that links libfipsmod.a needs this one call; without it the module finds
# no value and its integrity self-test fails, so no service answers.
# libfipsmod.so records its own value when it is built.
#
# The value is recorded by fipsmod-integrity: the build's own target where
# there is one, else the installed fipsmod::integrity. A cross build runs it
# through the target's CROSSCOMPILING_EMULATOR, as CMake does for any
# target it runs.
function(fipsmod_add_integrity target)
  if(TARGET fipsmod_integrity)
    set(tool fipsmod_integrity)
  elseif(TARGET fipsmod::integrity)
    set(tool fipsmod::integrity)
  else()
    message(FATAL_ERROR "fipsmod_add_integrity: no fipsmod-integrity tool (find_package(fipsmod) first)")
  endif()
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${tool} inject $<TARGET_FILE:${target}>
    COMMENT "Recording the fipsmod integrity value in ${target}"
    VERBATIM)
endfunction()
