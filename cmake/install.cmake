# cmake/install.cmake — what `cmake --install` puts in place, the package files that let
# `find_package(fairvec 0.2 REQUIRED)` and `pkg-config fairvec` find it, the man page, and the CPack
# Debian package. Included by the top-level CMakeLists.txt after gen/.
#
#   PREFIX/bin/fairvec                              the CLI
#   PREFIX/LIBDIR/libfairvec_core.a, libfairvec_schemes.a   fairvec::core (core + schemes layers)
#   PREFIX/include/fairvec/{core,schemes}/*.h       its public headers (core/version.h generated)
#   PREFIX/LIBDIR/cmake/fairvec/                    fairvecConfig.cmake, fairvecConfigVersion.cmake,
#                                                   fairvecTargets*.cmake
#   PREFIX/LIBDIR/pkgconfig/fairvec.pc              the same library for pkg-config
#   PREFIX/share/fairvec/vectors/                   the whole vector set (vectors/: vector files,
#                                                   schema/, transcripts/, proofs/, ...)
#   PREFIX/share/doc/fairvec/specs/                 the specs
#   PREFIX/share/doc/fairvec/copyright              the licence, Apache-2.0, in Debian's
#                                                   machine-readable format (packaging/debian/)
#   PREFIX/share/doc/fairvec/changelog.Debian.gz    packaging/debian/changelog, gzip -9n
#   PREFIX/share/doc/fairvec/changelog.gz           CHANGELOG.md (the program's), gzip -9n
#   PREFIX/share/man/man1/fairvec.1.gz              generated from `fairvec --help` at build time,
#                                                   gzip -9n
#
# Debian policy asks for the compressed files (12.1 man pages, 12.7 changelogs: gzip -9, and -n so
# that the bytes do not depend on the build's file names and times); man and zless read them
# anywhere else as well, so every install gets the same layout. They are built by the target
# fairvec_docs (in ALL): `cmake --build build --target fairvec fairvec_docs` is all an install needs.
#
# bin/ and share/ are fixed (not CMAKE_INSTALL_BINDIR/DATADIR): the CLI finds its data as
# <dir of the executable>/../share/fairvec/vectors (gen/cli/data_dir.h), so the two must stay
# siblings for an installed and for a relocated tree. LIBDIR and include/ follow GNUInstallDirs.
#
# Options (all FAIRVEC_):
#   FAIRVEC_INSTALL        add these install rules and the CPack configuration (ON)
#   FAIRVEC_MAN_PAGE       generate fairvec.1(.gz) from the CLI's --help at build time and install it (ON)
#   FAIRVEC_INSTALL_CMAKEDIR  where fairvecConfig.cmake goes, relative to the prefix
#                          (LIBDIR/cmake/fairvec)

option(FAIRVEC_INSTALL "Add the install rules (cmake --install) and the CPack Debian package" ON)
option(FAIRVEC_MAN_PAGE "Generate the man page fairvec.1 from fairvec --help at build time and install it" ON)
if(NOT FAIRVEC_INSTALL)
  return()
endif()

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(FAIRVEC_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/fairvec" CACHE STRING
    "Where fairvecConfig.cmake and its companions are installed, relative to the install prefix")
set(_fairvec_pkg "${PROJECT_SOURCE_DIR}/packaging")

# --- The CLI and fairvec::core -----------------------------------------------------------------
install(TARGETS fairvec RUNTIME DESTINATION bin)
set_target_properties(fairvec_core PROPERTIES EXPORT_NAME layer_core)
set_target_properties(fairvec_schemes PROPERTIES EXPORT_NAME layer_schemes)
target_include_directories(fairvec_public INTERFACE "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fairvec>")
install(TARGETS fairvec_core fairvec_schemes fairvec_public EXPORT fairvecTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/gen/core" "${PROJECT_SOURCE_DIR}/gen/schemes"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fairvec" FILES_MATCHING PATTERN "*.h")
install(FILES "${PROJECT_BINARY_DIR}/gen/generated/core/version.h" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fairvec/core")
install(EXPORT fairvecTargets NAMESPACE fairvec:: DESTINATION "${FAIRVEC_INSTALL_CMAKEDIR}")

# fairvecConfigVersion.cmake: SameMinorVersion. fairvec is 0.y.z, and in semantic versioning
# before 1.0 a minor release may change the API and the vector set's meaning (a vector-set major
# change ships in a program minor release), so find_package(fairvec 0.2) accepts 0.2.z only, never
# 0.3. At 1.0 this becomes SameMajorVersion.
set(FAIRVEC_DATA_VECTORS share/fairvec/vectors)
configure_package_config_file("${_fairvec_pkg}/cmake/fairvecConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/packaging/fairvecConfig.cmake"
                              INSTALL_DESTINATION "${FAIRVEC_INSTALL_CMAKEDIR}"
                              PATH_VARS FAIRVEC_DATA_VECTORS)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/packaging/fairvecConfigVersion.cmake"
                                 VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/packaging/fairvecConfig.cmake"
              "${PROJECT_BINARY_DIR}/packaging/fairvecConfigVersion.cmake"
        DESTINATION "${FAIRVEC_INSTALL_CMAKEDIR}")

# fairvec.pc: relocatable (prefix derived from ${pcfiledir}).
file(RELATIVE_PATH FAIRVEC_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file("${_fairvec_pkg}/pkgconfig/fairvec.pc.in" "${PROJECT_BINARY_DIR}/packaging/fairvec.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/packaging/fairvec.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# --- Data and documentation --------------------------------------------------------------------
install(DIRECTORY "${PROJECT_SOURCE_DIR}/vectors/" DESTINATION share/fairvec/vectors)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/specs/" DESTINATION share/doc/fairvec/specs)
# The licence (LICENSE, Apache-2.0) as a Debian package states it: usr/share/doc/fairvec/copyright
# in the machine-readable format 1.0 (DEP-5), pointing at /usr/share/common-licenses/Apache-2.0.
install(FILES "${_fairvec_pkg}/debian/copyright" DESTINATION share/doc/fairvec)

# --- The man page and the changelogs, gzip -9n (target fairvec_docs) ---------------------------
# The man page comes from the CLI's own help (packaging/man/fairvec_man.cmake). The Debian
# changelog (packaging/debian/changelog) gives the package's Debian revision below; its newest entry
# must name this PROJECT_VERSION (release_deb checks it against the package's Version).
find_program(FAIRVEC_GZIP gzip REQUIRED DOC "gzip, which compresses the man page and the changelogs (-9n)")
set(_fairvec_doc "${PROJECT_BINARY_DIR}/packaging/doc")
add_custom_command(
  OUTPUT "${_fairvec_doc}/changelog.Debian.gz" "${_fairvec_doc}/changelog.gz"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${_fairvec_doc}"
  COMMAND "${CMAKE_COMMAND}" -E copy "${_fairvec_pkg}/debian/changelog" "${_fairvec_doc}/changelog.Debian"
  COMMAND "${CMAKE_COMMAND}" -E copy "${PROJECT_SOURCE_DIR}/CHANGELOG.md" "${_fairvec_doc}/changelog"
  COMMAND "${FAIRVEC_GZIP}" -9nf "${_fairvec_doc}/changelog.Debian" "${_fairvec_doc}/changelog"
  DEPENDS "${_fairvec_pkg}/debian/changelog" "${PROJECT_SOURCE_DIR}/CHANGELOG.md"
  COMMENT "Compressing the changelogs (gzip -9n)"
  VERBATIM)
set(_fairvec_docs "${_fairvec_doc}/changelog.Debian.gz" "${_fairvec_doc}/changelog.gz")
install(FILES ${_fairvec_docs} DESTINATION share/doc/fairvec)
if(FAIRVEC_MAN_PAGE)
  add_custom_command(
    OUTPUT "${PROJECT_BINARY_DIR}/packaging/fairvec.1" "${PROJECT_BINARY_DIR}/packaging/fairvec.1.gz"
    COMMAND "${CMAKE_COMMAND}" "-DFAIRVEC=$<TARGET_FILE:fairvec>" "-DVERSION=${PROJECT_VERSION}"
            "-DVECTOR_SET_VERSION=${FAIRVEC_VECTOR_SET_VERSION}"
            "-DOUT=${PROJECT_BINARY_DIR}/packaging/fairvec.1" -P "${_fairvec_pkg}/man/fairvec_man.cmake"
    COMMAND "${FAIRVEC_GZIP}" -9nkf "${PROJECT_BINARY_DIR}/packaging/fairvec.1"
    DEPENDS fairvec "${_fairvec_pkg}/man/fairvec_man.cmake"
    COMMENT "Generating the man page fairvec.1 from fairvec --help (and fairvec.1.gz, gzip -9n)"
    VERBATIM)
  list(APPEND _fairvec_docs "${PROJECT_BINARY_DIR}/packaging/fairvec.1.gz")
  install(FILES "${PROJECT_BINARY_DIR}/packaging/fairvec.1.gz" DESTINATION share/man/man1)
endif()
add_custom_target(fairvec_docs ALL DEPENDS ${_fairvec_docs})

# --- The data packages (tests/release: release_data_packages packs them) --------------------------
# npm (packaging/npm) and a Python wheel of data (packaging/python); versions from here. Each is
# staged with the top-level LICENSE beside its package file (package.json, pyproject.toml).
configure_file("${_fairvec_pkg}/npm/package.json.in" "${PROJECT_BINARY_DIR}/packaging/npm/package.json" @ONLY)
configure_file("${_fairvec_pkg}/python/pyproject.toml.in" "${PROJECT_BINARY_DIR}/packaging/python/pyproject.toml" @ONLY)
configure_file("${_fairvec_pkg}/python/fairvec_vectors/__init__.py.in" "${PROJECT_BINARY_DIR}/packaging/python/__init__.py" @ONLY)

# --- CPack: the Debian package fairvec_<version>-<revision>_<arch>.deb -----------------------------
# `cpack -G DEB` in the build directory. dpkg-shlibdeps computes the Depends line from the
# shared libraries bin/fairvec links (libcrypto++, libssl, libstdc++, ...). The headers, static
# libraries and CMake files need the -dev packages of the same libraries to be used: suggested.
set(CPACK_PACKAGE_NAME fairvec)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
# The Debian revision (Version: <PROJECT_VERSION>-<revision>, file fairvec_<version>-<revision>_<arch>.deb)
# from the newest entry of packaging/debian/changelog. With a revision the package is not
# Debian-native, which is why its changelog is changelog.Debian.gz (policy 12.7).
file(STRINGS "${_fairvec_pkg}/debian/changelog" _fairvec_changelog_top LIMIT_COUNT 1)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_fairvec_pkg}/debian/changelog")
if(NOT _fairvec_changelog_top MATCHES "^fairvec \\(([^ ()]+)-([0-9A-Za-z.+~]+)\\) ")
  message(FATAL_ERROR "packaging/debian/changelog: the first line is not \"fairvec (VERSION-REVISION) ...\": ${_fairvec_changelog_top}")
endif()
set(_fairvec_deb_upstream "${CMAKE_MATCH_1}")
set(CPACK_DEBIAN_PACKAGE_RELEASE "${CMAKE_MATCH_2}")
if(NOT _fairvec_deb_upstream STREQUAL PROJECT_VERSION)
  message(WARNING "packaging/debian/changelog's newest entry is ${_fairvec_deb_upstream}-${CPACK_DEBIAN_PACKAGE_RELEASE}, "
                  "not ${PROJECT_VERSION}: add an entry for ${PROJECT_VERSION} (release_deb fails until then)")
endif()
set(CPACK_PACKAGE_VENDOR "fairvec")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "conformance vectors and port checks for provably fair casino schemes")
# The extended description (Debian policy 3.4.2: the synopsis is the first line, this the rest).
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "fairvec generates canonical JSON test vectors for provably fair dice and\n"
       "casino randomness schemes (HMAC dice, cursor floats, keno, crash chains,\n"
       "Stake, five-hex-window dice, backgammon commitments), checks them byte for\n"
       "byte, and drives a port of a scheme over a JSON-lines protocol, naming the\n"
       "bug of a port that fails. It also verifies bets offline. The package holds\n"
       "the fairvec command, the vector set with its schemas and manifest, the\n"
       "specs, the C++ library with its headers, and the CMake and pkg-config files.")
# The Maintainer. A release sets the address that answers for the package (-DFAIRVEC_DEB_MAINTAINER=…);
# the default's host has no domain, which lintian reports as bogus-mail-host (docs/release.md).
set(FAIRVEC_DEB_MAINTAINER "fairvec maintainers <fairvec@localhost>"
    CACHE STRING "The .deb's Maintainer field: the release's real contact address")
set(CPACK_PACKAGE_CONTACT "${FAIRVEC_DEB_MAINTAINER}")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)  # the package carries no debug info (RelWithDebInfo builds have it)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libcrypto++-dev, libssl-dev, rapidjson-dev, pkg-config, cmake")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
include(CPack)
