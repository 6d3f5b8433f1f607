# Runs the generator into OUT_DIR and fails unless every file it writes
# (paths from the repository root) is byte for byte the committed one in
# COMMITTED_DIR. The generator decides which files there are: a new
# algorithm's vectors and known answers are checked without a list here.
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
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${COMMITTED_DIR}/${f} ${OUT_DIR}/${f}
                  RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    message(FATAL_ERROR "${f} differs from what Botan gives; compare ${OUT_DIR}/${f}")
  endif()
  message(STATUS "${f} matches Botan")
endforeach()
message(STATUS "${count} files match Botan")
