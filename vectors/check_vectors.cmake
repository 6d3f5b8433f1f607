# Runs the generator into OUT_DIR and fails unless every file it writes
# (paths from the repository root) is byte for byte the committed one in
# COMMITTED_DIR. The generator decides which files there are: a new
# algorithm's vectors and known answers are checked without a list here.
# The other way round, every committed vectors/*.vec and module/*/*kat*.inc
# must be one the generator writes: a known answer written by hand, or one
# left under a name the module no longer includes, fails too.
file(REMOVE_RECURSE ${OUT_DIR})
file(MAKE_DIRECTORY ${OUT_DIR})
execute_process(COMMAND ${GENERATOR} ${OUT_DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the vectors generator failed: ${rc}")
endif()
file(GLOB_RECURSE files RELATIVE ${OUT_DIR} ${OUT_DIR}/*)
list(LENGTH files count)
if(count LESS 1)
  message(FATAL_ERROR "the vectors generator wrote nothing into ${OUT_DIR}")
endif()
foreach(f ${files})
  if(NOT EXISTS ${COMMITTED_DIR}/${f})
    message(FATAL_ERROR "${f} is written by the vectors generator but not committed; see ${OUT_DIR}/${f}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${COMMITTED_DIR}/${f} ${OUT_DIR}/${f}
                  RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    message(FATAL_ERROR "${f} differs from what Botan gives; compare ${OUT_DIR}/${f}")
  endif()
  message(STATUS "${f} matches Botan")
endforeach()
file(GLOB committed RELATIVE ${COMMITTED_DIR}
     ${COMMITTED_DIR}/vectors/*.vec ${COMMITTED_DIR}/module/*/*kat*.inc)
foreach(f ${committed})
  list(FIND files ${f} written)
  if(written EQUAL -1)
    message(FATAL_ERROR "${f} is committed but the vectors generator does not write it")
  endif()
endforeach()
message(STATUS "${count} files match Botan")
