# fairvec_man.cmake — writes the man page fairvec.1 from the CLI's own help, so that the page can
# never disagree with the program: `fairvec --help`, then `fairvec <sub> --help` for every
# subcommand it lists (and their subcommands), each as a section of the page.
#   cmake -DFAIRVEC=path/to/fairvec -DVERSION=0.2.0 -DVECTOR_SET_VERSION=0.2.0 -DOUT=fairvec.1 -P fairvec_man.cmake
# Fails (FATAL_ERROR) when a help text cannot be produced.
foreach(v FAIRVEC VERSION VECTOR_SET_VERSION OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "fairvec_man.cmake: -D${v}=... is required")
  endif()
endforeach()

# help(<out-var> args...) runs fairvec with args and returns its standard output.
function(help out)
  execute_process(COMMAND "${FAIRVEC}" ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR text STREQUAL "")
    message(FATAL_ERROR "fairvec ${ARGN} failed (${rc}): ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# subcommands(<out-var> text) returns the names listed under "Subcommands:" in a CLI11 help text.
function(subcommands out text)
  set(names "")
  set(in_list FALSE)
  string(REPLACE "\n" ";" lines "${text}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^Subcommands:")
      set(in_list TRUE)
    elseif(in_list AND line MATCHES "^  ([a-z][a-z0-9-]*)")
      list(APPEND names "${CMAKE_MATCH_1}")
    elseif(in_list AND NOT line MATCHES "^ ")
      set(in_list FALSE)
    endif()
  endforeach()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

# roff(<out-var> text) escapes help text for a no-fill block: backslashes, and lines that begin
# with a dot or an apostrophe (roff requests).
function(roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

help(top --help)
subcommands(subs "${top}")
roff(top_roff "${top}")
set(page ".TH FAIRVEC 1 \"\" \"fairvec ${VERSION}\" \"User Commands\"
.SH NAME
fairvec \\- conformance vectors and port checks for provably fair casino schemes
.SH SYNOPSIS
.B fairvec
.I SUBCOMMAND
[\\fIOPTIONS\\fR]
.SH DESCRIPTION
This page is generated from the program's own help texts (fairvec ${VERSION}, vector set
${VECTOR_SET_VERSION}); each section below is the output of \\fBfairvec\\fR [\\fISUBCOMMAND\\fR] \\fB--help\\fR.
.PP
.nf
${top_roff}.fi
")
foreach(sub IN LISTS subs)
  help(text ${sub} --help)
  roff(text_roff "${text}")
  string(TOUPPER "${sub}" title)
  string(APPEND page ".SH ${title}\n.nf\n${text_roff}.fi\n")
  subcommands(nested "${text}")
  foreach(n IN LISTS nested)
    help(ntext ${sub} ${n} --help)
    roff(ntext_roff "${ntext}")
    string(TOUPPER "${n}" ntitle)
    string(APPEND page ".SS ${title} ${ntitle}\n.nf\n${ntext_roff}.fi\n")
  endforeach()
endforeach()
string(APPEND page ".SH FILES
.TP
.I PREFIX/share/fairvec/vectors
The installed vector set, found relative to the executable when neither \\fB--vectors\\fR nor
\\fBFAIRVEC_DATA\\fR is given.
.TP
.I PREFIX/share/doc/fairvec/specs
The specifications of the schemes, the vector format and the port protocol.
.SH ENVIRONMENT
.TP
.B FAIRVEC_DATA
The directory of the vector set, used when \\fB--vectors\\fR (generate: \\fB--out\\fR) is not given.
")
file(WRITE "${OUT}" "${page}")
