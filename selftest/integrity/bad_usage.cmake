# fipsmod-integrity with a bad command line exits 2 and prints its usage
# line on stderr. -DTOOL=<path> [-DEMULATOR=<cross emulator>]
foreach(args "" "frobnicate;x" "inject" "verify;a;b" "symbol;a")
  execute_process(COMMAND ${EMULATOR} ${TOOL} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "^usage: fipsmod-integrity " OR NOT out STREQUAL "")
    message(FATAL_ERROR "fipsmod-integrity ${args}: exit ${rc}, stdout '${out}', stderr '${err}'")
  endif()
endforeach()
