# `cmake --install build --prefix P` installs the engine kit for engines outside this tree: the kit
# library and the libraries it needs (rules, protocol, the header-only common), their headers under
# P/include/oaq/ (included as "kit/engine.hpp", "rules/turn.hpp", ... as inside the tree), and a
# CMake package, so an outside project writes
#     find_package(oaq_kit REQUIRED)
#     target_link_libraries(mybot PRIVATE oaq::kit)
# (tests/integration/kit_install_test.py builds such a project against an installed kit). Nothing
# of the referee is installed: an engine needs only what the sample engines link.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(OAQ_KIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/oaq_kit)
set_target_properties(oaq_engine_kit PROPERTIES EXPORT_NAME kit)
set_target_properties(oaq_rules PROPERTIES EXPORT_NAME rules)
set_target_properties(oaq_protocol PROPERTIES EXPORT_NAME protocol)
set_target_properties(oaq_common PROPERTIES EXPORT_NAME common)

install(TARGETS oaq_engine_kit oaq_rules oaq_protocol oaq_common EXPORT oaq_kit_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/oaq)
# common's JSON and SHA-256 headers are left out: their code is oaq_common_ext (nlohmann-json,
# OpenSSL), which the kit neither needs nor installs.
foreach(layer common rules protocol)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/referee/${layer}/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/oaq/${layer} FILES_MATCHING PATTERN "*.hpp"
          PATTERN "json.hpp" EXCLUDE PATTERN "json_reader.hpp" EXCLUDE PATTERN "sha256.hpp" EXCLUDE)
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/sample-engines/kit/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/oaq/kit FILES_MATCHING PATTERN "*.hpp")
install(EXPORT oaq_kit_targets NAMESPACE oaq:: FILE oaq_kitTargets.cmake
        DESTINATION ${OAQ_KIT_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/oaq_kitConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/oaq_kitConfig.cmake
                              INSTALL_DESTINATION ${OAQ_KIT_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/oaq_kitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/oaq_kitConfig.cmake ${CMAKE_BINARY_DIR}/oaq_kitConfigVersion.cmake
        DESTINATION ${OAQ_KIT_CMAKE_DIR})
