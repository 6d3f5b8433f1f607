# A program that links libfipsmod.a must run the module's own copy of every
# function the module defines, the one inside the hashed range, even where
# the program made a copy of its own (an inline function or a template
# instance that a program's own code could also emit). Every global
# function symbol of the
# bundle must therefore sit between fipsmod_text_start and fipsmod_text_end
# in the linked program.
#   cmake -DNM=<nm> -DBUNDLE=<fipsmod_module.o> -DPROGRAM=<program> -P calls_stay_inside.cmake
function(symbols file out)
  execute_process(COMMAND ${NM} --defined-only ${file} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nm ${file} failed")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

symbols(${BUNDLE} bundle)
symbols(${PROGRAM} program)
string(REGEX MATCH "([0-9a-f]+) [Tt] fipsmod_text_start\n" _ "${program}")
set(start ${CMAKE_MATCH_1})
string(REGEX MATCH "([0-9a-f]+) [Tt] fipsmod_text_end\n" _ "${program}")
set(end ${CMAKE_MATCH_1})
if(NOT start OR NOT end)
  message(FATAL_ERROR "${PROGRAM} has no fipsmod_text_start/end: it does not link the module")
endif()
math(EXPR start "0x${start}")
math(EXPR end "0x${end}")

string(REGEX MATCHALL "[0-9a-f]+ [TW] [^\n]+" globals "${bundle}")
set(checked 0)
set(outside "")
foreach(line IN LISTS globals)
  string(REGEX REPLACE "^[0-9a-f]+ [TW] " "" name "${line}")
  if(name MATCHES "^fipsmod_text_")
    continue()
  endif()
  # The program's symbol table names each global once: the definition the
  # linker bound every call to.
  string(REGEX MATCH "\n([0-9a-f]+) [TtWw] ${name}\n" _ "\n${program}")
  if(NOT CMAKE_MATCH_1)
    # The bundle is one object, linked whole: each of its globals is there.
    string(APPEND outside "  ${name}: not in the program's symbol table\n")
    continue()
  endif()
  math(EXPR at "0x${CMAKE_MATCH_1}")
  math(EXPR checked "${checked} + 1")
  if(at LESS start OR NOT at LESS end)
    string(APPEND outside "  ${name} at ${CMAKE_MATCH_1}\n")
  endif()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no global function of the bundle found in ${PROGRAM}")
endif()
if(outside)
  message(FATAL_ERROR "${PROGRAM} binds these functions of the module outside the hashed range:\n${outside}")
endif()
message(STATUS "${checked} functions of the module, all inside the hashed range of ${PROGRAM}")
