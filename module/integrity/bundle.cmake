# The bundle link, run by module/CMakeLists.txt:
#   cmake -DCXX= -DNM= -DOBJCOPY= -DSCRIPT= -DOUTPUT= -DMARKERS=lead.o;tail.o
#         -DOBJECTS=... -P bundle.cmake
# 1. ld -r of the lead marker, the module's objects and the tail marker, in
#    that order, through bundle.ld, with --force-group-allocation so that the
#    module's copies of inline and template functions join its .text.
# 2. Those copies keep their weak global symbols, which a final link could
#    bind to the program's own copies, running code outside the range. So
#    every weak symbol is made local, and the module's relocations keep
#    pointing at its own copy. The module exports only the C API, strong
#    fipsmod_* functions; the C++ API is header-only, outside the boundary,
#    so no public symbol of the module is weak.
foreach(marker IN LISTS MARKERS)
  if(marker MATCHES "integrity_lead")
    set(lead ${marker})
  elseif(marker MATCHES "integrity_tail")
    set(tail ${marker})
  endif()
endforeach()
if(NOT lead OR NOT tail)
  message(FATAL_ERROR "bundle.cmake: no integrity_lead/integrity_tail object in ${MARKERS}")
endif()
execute_process(
  COMMAND ${CXX} -r -nostdlib -Wl,--force-group-allocation -Wl,-T,${SCRIPT} -o ${OUTPUT} ${lead} ${OBJECTS} ${tail}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: the bundle link failed")
endif()
execute_process(COMMAND ${NM} --defined-only --format=sysv ${OUTPUT} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: nm failed")
endif()
# sysv lines: name|value|class|type|size|line|section
string(REGEX MATCHALL "[^\n|]+\\|[0-9a-f]+\\| *[WVu] *\\|[^\n]*" rows "${symbols}")
set(names "")
set(unique_names "")
foreach(row IN LISTS rows)
  string(REGEX MATCH "^([^|]+)\\|([0-9a-f]+)\\| *([WVu]) *\\| *([A-Z_]*)\\|[^|]*\\|[^|]*\\|(.*)$" _ "${row}")
  set(name ${CMAKE_MATCH_1})
  set(value ${CMAKE_MATCH_2})
  set(class ${CMAKE_MATCH_3})
  set(type ${CMAKE_MATCH_4})
  set(section ${CMAKE_MATCH_5})
  if(class STREQUAL "u")
    # 3. Inline variables (GNU unique symbols) leave their groups too, and
    #    would then clash with the same variable of the program; made weak,
    #    they are one object for both, as the language wants.
    string(APPEND unique_names "${name}\n")
  elseif(class STREQUAL "W" OR name MATCHES "^_Z[A-Z]*N[KVRO]*7fipsmod")
    string(APPEND names "${name}\n")
  endif()
endforeach()
file(WRITE ${OUTPUT}.weak "${names}")
file(WRITE ${OUTPUT}.unique "${unique_names}")
execute_process(
  COMMAND ${OBJCOPY} --localize-symbols=${OUTPUT}.weak --weaken-symbols=${OUTPUT}.unique ${OUTPUT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: objcopy failed")
endif()
