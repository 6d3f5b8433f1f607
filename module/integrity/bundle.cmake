# The bundle link, run by module/CMakeLists.txt:
#   cmake -DCXX= -DNM= -DREADELF= -DOBJCOPY= -DSCRIPT= -DOUTPUT= -DMARKERS=lead.o;tail.o
#         -DOBJECTS=... -P bundle.cmake
# 1. ld -r of the lead marker, the module's objects and the tail marker, in
#    that order, through bundle.ld, with --force-group-allocation so that the
#    module's copies of inline and template functions join its .text.
# 2. Those copies keep their weak global symbols, which a final link could
#    bind to the program's own copies, running code outside the range. So
#    every weak symbol is made local, and the module's relocations keep
#    pointing at its own copy. Those of the public C++ API (namespace
#    fipsmod, default visibility: inline members of the public headers, and
#    the templates the API instantiates for callers) also get a strong
#    global twin at the same place: a program then calls the module's copy
#    too, whether or not it made one itself (a strong definition wins over
#    the weak one of a COMDAT group). The others (the standard library's,
#    and the module's hidden internals) stay private to the module.
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
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
execute_process(COMMAND ${READELF} -sW ${OUTPUT} OUTPUT_VARIABLE table RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: readelf failed")
endif()
# readelf lines: num: value size type bind visibility index name
string(REGEX MATCHALL "WEAK +DEFAULT +[0-9A-Z]+ +[^\n]+" public_weak "${table}")
list(TRANSFORM public_weak REPLACE "^WEAK +DEFAULT +[0-9A-Z]+ +" "")
# sysv lines: name|value|class|type|size|line|section
string(REGEX MATCHALL "[^\n|]+\\|[0-9a-f]+\\| *[WVu] *\\|[^\n]*" rows "${symbols}")
set(names "")
set(unique_names "")
set(twins "")
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
    if(name MATCHES "^_Z[A-Z]*N[KVRO]*7fipsmod" AND name IN_LIST public_weak)
      if(type STREQUAL "FUNC")
        set(kind function)
      else()
        set(kind object)
      endif()
      list(APPEND twins --add-symbol "${name}=${section}:0x${value},global,${kind}")
    endif()
  endif()
endforeach()
file(WRITE ${OUTPUT}.weak "${names}")
file(WRITE ${OUTPUT}.unique "${unique_names}")
execute_process(
  COMMAND ${OBJCOPY} --localize-symbols=${OUTPUT}.weak --weaken-symbols=${OUTPUT}.unique ${twins} ${OUTPUT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: objcopy failed")
endif()
