# The bundle link, run by module/CMakeLists.txt:
#   cmake -DCXX= -DNM= -DOBJCOPY= -DSCRIPT= -DOUTPUT= -DMARKERS=lead.o;tail.o
#         -DOBJECTS=... -P bundle.cmake
# 1. ld -r of the lead marker, the module's objects and the tail marker, in
#    that order, through bundle.ld, with --force-group-allocation so that the
#    module's copies of inline and template functions join its .text.
# 2. Those copies keep their weak global symbols, which a final link could
#    bind to the program's own copies, running code outside the range; the
#    ones not of namespace fipsmod (the standard library's, mostly) are made
#    local, so the module always calls its own.
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
execute_process(COMMAND ${NM} --defined-only ${OUTPUT} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: nm failed")
endif()
string(REGEX MATCHALL "[0-9a-f]+ W [^\n]+" weak "${symbols}")
set(names "")
foreach(line IN LISTS weak)
  string(REGEX REPLACE "^[0-9a-f]+ W " "" name "${line}")
  # The module's own templates (namespace fipsmod, mangled _ZN7fipsmod...)
  # stay global: the public C++ API instantiates some of them for callers.
  if(NOT name MATCHES "^_ZN[KVRO]*7fipsmod")
    string(APPEND names "${name}\n")
  endif()
endforeach()
# 3. Inline variables (GNU unique symbols, 'u') leave their groups too, and
#    would then clash with the same variable of the program; made weak, they
#    are one object for both, as the language wants.
string(REGEX MATCHALL "[0-9a-f]+ u [^\n]+" unique "${symbols}")
set(unique_names "")
foreach(line IN LISTS unique)
  string(REGEX REPLACE "^[0-9a-f]+ u " "" name "${line}")
  string(APPEND unique_names "${name}\n")
endforeach()
file(WRITE ${OUTPUT}.weak "${names}")
file(WRITE ${OUTPUT}.unique "${unique_names}")
execute_process(
  COMMAND ${OBJCOPY} --localize-symbols=${OUTPUT}.weak --weaken-symbols=${OUTPUT}.unique ${OUTPUT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle.cmake: objcopy failed")
endif()
