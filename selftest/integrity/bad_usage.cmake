# fipsmod-integrity with a bad command line exits 2 and prints its usage
# line on stderr. -DTOOL=<path> [-DEMULATOR=<cross emulator>]
# An option-like word where FILE goes is bad usage too, not a file name.
foreach(args "" "frobnicate;x" "inject" "verify;a;b" "symbol;a" "inject;--if-linked" "verify;--help"
        "ranges;-v" "inject;--if-linked;--help" "symbol;--help;main")
  execute_process(COMMAND ${EMULATOR} ${TOOL} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "^usage: fipsmod-integrity " OR NOT out STREQUAL "")
    message(FATAL_ERROR "fipsmod-integrity ${args}: exit ${rc}, stdout '${out}', stderr '${err}'")
  endif()
endforeach()
