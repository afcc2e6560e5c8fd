# Runs ${BINARY} ${ARGS} (a ;-list; the word EMPTY_DIR stands for a fresh empty directory) with
# stdin from /dev/null, and passes only when it exits 1 with the message ${MESSAGE} on stderr: the
# replay main's answer to a run that checked nothing.
# Usage: cmake -DBINARY=… -DARGS=… -DMESSAGE=… -DWORK=<scratch dir> -P expect_nothing_ran.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/empty")
list(TRANSFORM ARGS REPLACE "^EMPTY_DIR$" "${WORK}/empty")
execute_process(COMMAND "${BINARY}" ${ARGS} INPUT_FILE /dev/null
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE_RECURSE "${WORK}")
if(NOT rc STREQUAL "1")
  message(FATAL_ERROR "expected exit 1 (nothing checked), got '${rc}':\n${err}")
endif()
string(FIND "${err}" "${MESSAGE}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "exit 1 without the message '${MESSAGE}':\n${err}")
endif()
message(STATUS "failed as it must: ${MESSAGE}")
