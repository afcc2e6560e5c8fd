# expect_run.cmake: runs a command and checks both how it ended and what it printed.
#
#   cmake -DEXPECT_RC=N -DEXPECT_OUTPUT=REGEX -P expect_run.cmake -- COMMAND ARGS...
#
# Passes only when COMMAND exits with exactly N and its stdout and stderr together match REGEX.
# A test that sets PASS_REGULAR_EXPRESSION alone passes on the output whatever the exit code (CTest
# then ignores it), so a self-test whose program printed the right words and exited 0, or crashed
# after printing them, would pass; this script makes both count. A command ended by a signal has no
# exit code: execute_process gives the signal's description (e.g. "Segmentation fault") instead,
# which is never N.
if(NOT DEFINED EXPECT_RC OR NOT DEFINED EXPECT_OUTPUT)
  message(FATAL_ERROR "expect_run.cmake: give -DEXPECT_RC=N and -DEXPECT_OUTPUT=REGEX")
endif()
set(_command "")
set(_after_dashes FALSE)
math(EXPR _last "${CMAKE_ARGC} - 1")
foreach(_i RANGE 0 ${_last})
  if(_after_dashes)
    list(APPEND _command "${CMAKE_ARGV${_i}}")
  elseif(CMAKE_ARGV${_i} STREQUAL "--")
    set(_after_dashes TRUE)
  endif()
endforeach()
if(NOT _command)
  message(FATAL_ERROR "expect_run.cmake: no command after --")
endif()
execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
message("${_out}")
set(_failed FALSE)
if(NOT _rc STREQUAL "${EXPECT_RC}")
  message("expect_run: FAIL: the command ended with '${_rc}', expected exit code ${EXPECT_RC}")
  set(_failed TRUE)
endif()
if(NOT _out MATCHES "${EXPECT_OUTPUT}")
  message("expect_run: FAIL: the output does not match '${EXPECT_OUTPUT}'")
  set(_failed TRUE)
endif()
if(_failed)
  message(FATAL_ERROR "expect_run: ${_command}")
endif()
message("expect_run: exit code ${_rc} and the output matches '${EXPECT_OUTPUT}'")
