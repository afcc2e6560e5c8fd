# Runs ${BINARY} ${ARGS} (a ;-list) and passes only when it fails (non-zero exit or a signal) and
# its stderr carries a line matching the regular expression ${SIGNATURE}. Environment:
# FAIRVEC_FUZZ_PLANT=${PLANT} (default 1) is set for the run.
# Usage: cmake -DBINARY=… -DARGS=… -DSIGNATURE=… [-DPLANT=…] -P expect_finding.cmake
if(NOT DEFINED PLANT)
  set(PLANT 1)
endif()
set(ENV{FAIRVEC_FUZZ_PLANT} "${PLANT}")
string(TIMESTAMP start "%s")
execute_process(COMMAND "${BINARY}" ${ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TIMESTAMP stop "%s")
math(EXPR seconds "${stop} - ${start}")
if(rc EQUAL 0)
  message(FATAL_ERROR "expected a finding, but ${BINARY} passed:\n${err}")
endif()
string(REGEX MATCH "(^|\n)${SIGNATURE}(\n|$)" found "${err}")
if(NOT found)
  message(FATAL_ERROR "${BINARY} failed (${rc}) without the signature ${SIGNATURE}:\n${err}")
endif()
string(REGEX MATCH "replay: finding on [^\n]*" where "${err}")
message(STATUS "found ${SIGNATURE} in ${seconds} s (${where}; exit: ${rc})")
