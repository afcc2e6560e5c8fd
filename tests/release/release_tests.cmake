# The release tests (label "release", tests/release/release_test.py says what each proves). Each
# works in its own directory under build/tests/release/ and installs this build there; the three
# that run `cmake --install` / cpack on the build take one lock, since an install rewrites the
# build's install_manifest.txt. Included from tests/CMakeLists.txt (Python3_EXECUTABLE, FAIRVEC_NODE).
find_program(FAIRVEC_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH
             DOC "Debian's python3, whose setuptools and wheel (python3-setuptools, python3-wheel) build the data wheel")
set(_release_args --source ${PROJECT_SOURCE_DIR} --build ${PROJECT_BINARY_DIR} --cxx ${CMAKE_CXX_COMPILER}
    --version ${PROJECT_VERSION} --vector-set-version ${FAIRVEC_VECTOR_SET_VERSION}
    --node ${FAIRVEC_NODE} --debian-python ${FAIRVEC_DEBIAN_PYTHON})
foreach(_release IN ITEMS find-package relocated deb data-packages)
  string(REPLACE "-" "_" _name "release_${_release}")
  add_test(NAME ${_name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/release/release_test.py ${_release}
                   ${_release_args} --work ${CMAKE_CURRENT_BINARY_DIR}/release/${_release})
  set_tests_properties(${_name} PROPERTIES LABELS release TIMEOUT 600)
endforeach()
set_tests_properties(release_find_package release_relocated release_deb PROPERTIES RESOURCE_LOCK fairvec_install)
